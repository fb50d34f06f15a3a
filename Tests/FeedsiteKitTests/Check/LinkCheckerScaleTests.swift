import Testing
@testable import FeedsiteKit

/// Inputs that once took quadratic time, at the sizes that made `feedsite check` hang (issue 15):
/// checked in one pass they take a fraction of a second, so a quadratic step makes this suite hang.
/// No test measures time; each checks that every finding is there and in its place.
@Suite struct LinkCheckerScaleTests {
    static let bad = "https://x.com/intent/post?text=a b"

    func check(_ html: String, files: Set<String> = []) -> CheckReport {
        LinkChecker().check(pages: [LinkChecker.Page(path: "e.html", bytes: Array(html.utf8))], existingFiles: files.union(["e.html"]))
    }

    /// The first finding that is not of `rule` at the value of its copy of `link` on line 1 (`link` repeated
    /// on one line, its value starting at its 10th character), or nil.
    static func misplaced(_ report: CheckReport, every link: String, rule: CheckRule) -> CheckFinding? {
        zip(0..., report.findings).first { index, finding in
            finding.location.line != 1 || finding.location.column != index * link.count + 10 || finding.rule != rule
        }?.1
    }

    @Test("100,000 repeats of one attribute on a tag: each is found a duplicate at once (duplicates compared with every earlier name hung)")
    func repeatedAttributes() throws {
        let html = "<p " + String(repeating: "a=b ", count: 100_000) + "href=\"\(Self.bad)\">"
        let finding = try #require(check(html).findings.first)
        #expect(check(html).findings.count == 1)
        #expect(finding.location.column == 4 + 4 * 100_000 + 6)
        // Only the first of 100,000 href attributes counts, as in a browser.
        let repeatedLinks = "<a href=\"https://x.com/intent/post?text=ok\" " + String(repeating: "href=\"\(Self.bad)\" ", count: 100_000) + ">"
        #expect(check(repeatedLinks).findings.isEmpty)
        #expect(check(repeatedLinks).intentURLs == 1)
    }

    @Test("80,000 distinct attributes on a tag are checked in one pass, and a repeat after them is still dropped")
    func distinctAttributes() {
        let names = (0..<80_000).map { "a\($0)=b " }.joined()
        #expect(check("<p " + names + "href=\"\(Self.bad)\">").findings.map(\.rule) == [.rawSpace])
        #expect(check("<p " + names + "a79999=\"\(Self.bad)\" a0=\"\(Self.bad)\">").findings.isEmpty)
        #expect(check("<p " + names + "href=\"https://x.com/intent/post?text=ok\" HREF=\"\(Self.bad)\">").findings.isEmpty)
    }

    @Test("100,000 findings on one line (6 MB of intent URLs, or broken relative links) each get their own column in one pass", arguments: [
        ("<a href=\"https://twitter.com/intent/tweet?text=caf%C3%A9 au lait\">x</a>", CheckRule.rawSpace),
        ("<a href=\"missing/page.html\">é</a>", .brokenLink),
    ])
    func findingsOnOneLine(_ link: String, _ rule: CheckRule) throws {
        let report = check(String(repeating: link, count: 100_000))
        try #require(report.findings.count == 100_000)
        #expect(Self.misplaced(report, every: link, rule: rule) == nil)
        #expect(report.intentURLs + report.links == 100_000)
    }

    @Test("an intent URL with 300,000 parameters on a page is one finding per rule")
    func manyParameters() {
        let url = "https://x.com/intent/post?" + (0..<300_000).map { "x\($0 % 150_000)=1" }.joined(separator: "&")
        let report = check("<a href=\"\(url)\">x</a>")
        #expect(report.findings.map(\.rule) == [.repeatedParameter, .unknownParameter])
        #expect(report.findings.first?.message == "'x0' is given 2 times; X uses only one of them (and 149,999 more in this URL)")
    }
}
