import Foundation
import Testing
@testable import FeedsiteKit

@Suite struct LinkCheckerTests {
    func check(_ html: String, path: String = "a/index.html", files: Set<String> = [], strict: Bool = false) -> CheckReport {
        LinkChecker(strict: strict).check(pages: [LinkChecker.Page(path: path, bytes: Array(html.utf8))], existingFiles: files.union([path]))
    }

    @Test("a finding points at the attribute value's first character, columns in characters")
    func position() throws {
        let html = "<p>é😀</p>\n  <a title='ü' href=\"https://twitter.com/intent/tweet?text=a b\">x</a>"
        let finding = try #require(check(html).findings.first)
        #expect(finding.location == SourceLocation(file: "a/index.html", line: 2, column: 22))
        #expect(finding.rule == .rawSpace)
        #expect(finding.url == "https://twitter.com/intent/tweet?text=a b")
        #expect(finding.suggestion == "https://twitter.com/intent/tweet?text=a%20b")
    }

    @Test("an <a> whose rel holds ugc is user content: its intent URL is not inspected; other links and attributes still are")
    func userContentLinks() {
        let url = "https://twitter.com/intent/tweet?text=%e2%9c%93+ok b&amp;foo=1"
        #expect(check("<a href=\"\(url)\" rel=\"nofollow UGC noopener\">x</a>", strict: true).findings.isEmpty)
        #expect(check("<a rel=\"ugc\" href=\"\(url)\">x</a>", strict: true).findings.isEmpty)
        #expect(check("<a rel=\"ugc\" href=\"missing.html\">x</a>").findings.map(\.rule) == [.brokenLink])
        #expect(check("<a href=\"\(url)\" rel=\"nofollow\">x</a>").findings.contains { $0.rule == .rawSpace })
        #expect(check("<img rel=\"ugc\" src=\"\(url)\">").findings.contains { $0.rule == .rawSpace })
    }

    @Test("rel holds ugc only as a whole token, split at ASCII white space, in any case", arguments: [
        ("ugc", true), ("\tUgC\n", true), ("nofollow\u{0C}ugc\rnoopener", true), ("a  ugc", true),
        ("ugcx", false), ("xugc", false), ("u gc", false), ("", false), ("ugc\u{A0}", false), ("ug", false),
    ])
    func userContentTokens(rel: String, isUserContent: Bool) {
        let url = "https://twitter.com/intent/tweet?text=a b"
        #expect(check("<a rel=\"\(rel)\" href=\"\(url)\">x</a>").findings.isEmpty == isUserContent)
    }

    @Test("many findings on one long line each get their own column, in one pass over the line")
    func manyFindingsOnOneLine() throws {
        // Columns counted from the line start for each finding would take 5,000 x 150 KB steps here.
        let link = "<a href=\"https://twitter.com/intent/tweet?text=é b\">x</a>"
        let findings = check(String(repeating: link, count: 5_000)).findings.filter { $0.rule == .rawSpace }
        try #require(findings.count == 5_000)
        let misplaced = zip(0..., findings).first { index, finding in
            finding.location.line != 1 || finding.location.column != index * link.count + 10
        }
        #expect(misplaced == nil)
    }

    @Test("character references are decoded before the rules run")
    func references() {
        #expect(check("<a href=\"https://twitter.com/intent/tweet?text=a&amp;via=jack\">").findings.isEmpty)
        #expect(check("<a href=\"https://twitter.com/intent/tweet?text=a&commat;b\">").findings.map(\.rule) == [])
        #expect(check("<a href='https://twitter.com/intent/tweet?text=a&#32;b'>").findings.map(\.rule) == [.rawSpace])
        #expect(check("<a href=https://twitter.com/intent/tweet?text=caf&eacute;>").findings.map(\.rule) == [.rawNonASCII])
        #expect(check("<a href=\"https://twitter.com/intent/tweet?text=a&amp;amp;via=jack\">").findings.map(\.rule) == [.doubleEscapedAmpersand])
        #expect(check("<a href=\"https://twitter.com/intent/tweet?text=a&via=jack\">").findings.isEmpty)
    }

    @Test("every attribute is checked, not only href")
    func everyAttribute() {
        let html = "<form action='https://x.com/intent/post?text=a b'></form><button formaction='https://x.com/intent/post?text=c d'>"
            + "<div data-share='https://twitter.com/intent/tweet?text=e f'></div>"
        #expect(check(html).findings.count == 3)
        #expect(check(html).intentURLs == 3)
    }

    @Test("comments, script, style, textarea and title text are not attributes and are not reported")
    func notAttributes() {
        let url = "https://twitter.com/intent/tweet?text=a b"
        let html = "<!-- <a href=\"\(url)\"> --><script>document.write('<a href=\"\(url)\">')</script>"
            + "<style>a::after{content:'<a href=\"\(url)\">'}</style><textarea><a href=\"\(url)\"></textarea>"
            + "<title><a href=\"\(url)\"></title><noscript><a href=\"\(url)\"></noscript>"
            + "<script><!--<script>x</script><a href=\"\(url)\">--></script>"
        #expect(check(html).findings.isEmpty)
        #expect(check(html).intentURLs == 0)
    }

    @Test("only the end tag of the element that opened raw text ends it, however many tags came before")
    func appropriateEndTag() {
        let bad = "https://twitter.com/intent/tweet?text=a b"
        // Inside <style>, '</title>' and '</script>' are text; only '</style>' ends it.
        let hidden = "<title>t</title><p><style></title></script><a href=\"\(bad)\"></style>"
            + "<textarea></style><a href=\"\(bad)\"></TEXTAREA><div><script></textarea><a href=\"\(bad)\"></SCRIPT >"
        #expect(check(hidden).intentURLs == 0)
        // After each element's own end tag, markup counts again (names in any case).
        let shown = hidden + "<A HREF=\"\(bad)\" Title=x></A><svg><title><a href=\"\(bad)\"></title></svg>"
        #expect(check(shown).intentURLs == 2)
        #expect(check(shown).findings.count == 2)
    }

    @Test("inside SVG, CDATA is text, not markup")
    func svgCDATA() {
        let html = "<svg><![CDATA[<a href=\"https://twitter.com/intent/tweet?text=a b\">]]></svg><a href=\"https://twitter.com/intent/tweet?text=c d\">"
        let findings = check(html).findings
        #expect(findings.count == 1)
        #expect(findings.first?.url.hasSuffix("c d") == true)
    }

    /// Where the tokenizer can put an attribute value (`VALUE`): quoted either way or not, read where it stands or
    /// decoded, after names it lower-cases or reads as they stand, beside NULs, before and after `/`, on later lines.
    static let valuePlaces = [
        "<a href=\"VALUE\">x</a>",
        "<A HREF='VALUE'>x</A>",
        "<a href=VALUE>x</a>",
        "<a id=\"i\"href=\"VALUE\">x</a>",
        "<p>text</p>\n\t<img\nalt=\"\"\u{0C}\nsrc=\"VALUE\"\n/>",
        "<a title=\"t\" href=\"VALUE&amp;via=jack\">x</a>",
        "<a href='VALUE&AMP;via=jack'>x</a>",
        "<a href=\"VALUE\" href=\"https://example.com/\">x</a>",
        "<a\u{0}b href=\"VALUE\">x</a\u{0}b>",
        "<a b\u{0}=\"1\" href=\"VALUE\">x</a>",
        "<a href=\"VALUE\"/ id=\"i\">x</a>",
        "<a =\"v\" href=\"VALUE\">x</a>",
        "<br/><div data-x=\"VALUE\"></div>",
    ]

    @Test("a bad intent URL and a broken link are each found, at their first character, wherever the tokenizer puts a value",
          arguments: valuePlaces)
    func everyValuePlace(place: String) throws {
        let before = try #require(place.range(of: "VALUE")).lowerBound
        let line = place[..<before].filter { $0 == "\n" }.count + 1
        let column = place[..<before].split(separator: "\n", omittingEmptySubsequences: false).last!.count + 1
        let expected = SourceLocation(file: "a/index.html", line: line, column: column)
        // A data-x value is no link: only the intent URL is looked at there.
        let cases: [(value: String, rule: CheckRule)] = place.contains("data-x") ? [("https://twitter.com/intent/tweet?text=café", .rawNonASCII)]
            : [("https://twitter.com/intent/tweet?text=café", .rawNonASCII), ("missing.html", .brokenLink)]
        for (value, rule) in cases {
            let findings = check(place.replacingOccurrences(of: "VALUE", with: value)).findings
            #expect(findings.map(\.rule) == [rule], "\(value) in \(place)")
            #expect(findings.first?.location == expected, "\(value) in \(place)")
        }
    }

    @Test("a duplicate attribute is dropped as browsers do")
    func duplicateAttribute() {
        #expect(check("<a href='https://x.com/intent/post?text=ok' href='https://x.com/intent/post?text=a b'>").findings.isEmpty)
    }

    @Test("relative links to missing files are broken links; present files, folders and external links are fine")
    func brokenLinks() {
        let html = """
        <link rel=stylesheet href="../assets/site.css"><a href="../b/">b</a><a href="../c/">c</a><img src="logo.png">
        <a href="/index.html">root</a><a href="https://example.com/x">x</a><a href="#top">t</a><a href="mailto:a@b.c">m</a>
        <a href="//cdn.example.com/x.js">cdn</a><a href="../../../etc/passwd">out</a><a href="caf%C3%A9.html?x=1#y">q</a><a href="">self</a>
        """
        let files: Set<String> = ["assets/site.css", "b/index.html", "a/logo.png", "index.html", "a/café.html"]
        let report = check(html, files: files)
        #expect(report.findings.map(\.rule) == [.brokenLink, .brokenLink])
        #expect(report.findings.map(\.message) == [
            "'../c/' points to c/index.html, which does not exist",
            "'../../../etc/passwd' points outside the checked folder",
        ])
    }

    @Test("the report counts errors, warnings, files and intent URLs")
    func summary() {
        let pages = [
            LinkChecker.Page(path: "one.html", bytes: Array("<a href='https://x.com/intent/post?text=a b'><a href='https://x.com/intent/post?text=%7e'>".utf8)),
            LinkChecker.Page(path: "two.html", bytes: Array("<a href='https://x.com/intent/post?text=ok'>".utf8)),
            LinkChecker.Page(path: "three.htm", bytes: []),
        ]
        let report = LinkChecker().check(pages: pages, existingFiles: [])
        #expect(report.summary == "1 error, 2 warnings in 1 of 3 files; 3 intent URLs checked")
        #expect(report.fails(strict: false))
        let clean = LinkChecker().check(pages: [pages[1]], existingFiles: [])
        #expect(clean.summary == "no problems in 1 file; 1 intent URL checked")
        #expect(!clean.fails(strict: true))
    }

    @Test("warnings alone fail only with strict")
    func warningsAndStrict() {
        let report = check("<a href='https://x.com/intent/post?text=%7e'>")
        #expect(report.errorCount == 0)
        #expect(report.warningCount == 2)
        #expect(!report.fails(strict: false))
        #expect(report.fails(strict: true))
    }
}
