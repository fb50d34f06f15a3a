import Foundation
import Testing
@testable import FeedsiteKit

@Suite struct DiagnosticRendererTests {
    static let twoLineHint = Diagnostic(at: SourceLocation(file: "site.yml", line: 3, column: 5), "unknown key 'heigth'",
                                        hint: "did you mean 'height'?\nheight takes a number of pixels")
    static let warning = Diagnostic(.warning, at: SourceLocation(file: "templates/index.html", line: 1, column: 2), "odd", hint: nil)

    @Test("a diagnostic is file:line:col: severity: message, with every line of its hint indented beneath")
    func diagnosticLayout() {
        #expect(DiagnosticRenderer().text(Self.twoLineHint) == """
        site.yml:3:5: error: unknown key 'heigth'
          hint: did you mean 'height'?
                height takes a number of pixels
        """)
        #expect(Self.twoLineHint.description == DiagnosticRenderer().text(Self.twoLineHint))
    }

    @Test("the terminal text differs from the overlay's plain text only by the colour of the severity")
    func colours() {
        let error = DiagnosticError([Self.twoLineHint, Self.warning])
        let plain = DiagnosticRenderer().text(error)
        let coloured = DiagnosticRenderer(colors: true).text(error)
        #expect(coloured.contains("site.yml:3:5: \u{1B}[1;31merror\u{1B}[0m: unknown key"))
        #expect(coloured.contains("templates/index.html:1:2: \u{1B}[1;33mwarning\u{1B}[0m: odd"))
        let stripped = coloured.replacingOccurrences(of: "\u{1B}[1;31m", with: "")
            .replacingOccurrences(of: "\u{1B}[1;33m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
        #expect(stripped == plain)
    }

    @Test("an error without a place is 'error: message' and its hint, with the same hint layout")
    func positionless() {
        let error = InputError("out/: cannot be written", hint: "check its permissions\nor pick another folder")
        #expect(DiagnosticRenderer().text(error) == "error: out/: cannot be written\n  hint: check its permissions\n        or pick another folder")
        #expect(error.description == DiagnosticRenderer().text(error))
    }

    @Test("more than one error ends with their count; one error has no count line")
    func counts() {
        let other = Diagnostic(at: SourceLocation(file: "site.yml", line: 1, column: 1), "bad")
        #expect(DiagnosticRenderer().lines(DiagnosticError([Self.twoLineHint, other])).last == "2 errors")
        #expect(DiagnosticRenderer().lines(DiagnosticError([Self.twoLineHint])).count == 1)
        #expect(DiagnosticRenderer().lines(DiagnosticError([Self.twoLineHint, Self.warning])).count == 2)
    }

    @Test("a collector past its cap throws an error that counts what it dropped; the text ends with them", arguments: [
        (201, "and 1 more error"), (5_000, "and 4,800 more errors"), (1_234_567 + 200, "and 1,234,567 more errors"),
    ])
    func dropped(_ count: Int, _ last: String) {
        var collector = DiagnosticCollector()
        for index in 0..<count { collector.error(SourceLocation(file: "site.yml", line: index + 1, column: 1), "bad") }
        do {
            try collector.throwIfErrors()
            Issue.record("no error thrown")
        } catch {
            #expect(error.diagnostics.count == 200)
            #expect(error.dropped == count - 200)
            let lines = DiagnosticRenderer().lines(error)
            #expect(lines.count == 201)
            #expect(lines.last == last)
        }
    }

    @Test("merging collectors keeps the count of dropped diagnostics")
    func mergeKeepsDropped() {
        var first = DiagnosticCollector(limit: 2)
        var second = DiagnosticCollector(limit: 2)
        for index in 1...3 {
            first.error(SourceLocation(file: "a", line: index, column: 1), "bad")
            second.error(SourceLocation(file: "b", line: index, column: 1), "bad")
        }
        first.merge(second)
        let error = DiagnosticError(first)
        #expect(error.diagnostics.count == 2)
        #expect(error.dropped == 4)
    }

    @Test("JSON holds the exit code, every problem with its hint, the dropped count and the closing line")
    func json() throws {
        let error = DiagnosticError([Self.twoLineHint, Self.warning], dropped: 3)
        let document = try #require(JSONSerialization.jsonObject(with: Data(DiagnosticRenderer().json(error).utf8)) as? [String: Any])
        #expect(document["exit_code"] as? Int == 2)
        #expect(document["dropped"] as? Int == 3)
        #expect(document["summary"] is NSNull)
        let problems = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(problems.count == 2)
        #expect(problems[0]["file"] as? String == "site.yml")
        #expect(problems[0]["line"] as? Int == 3)
        #expect(problems[0]["column"] as? Int == 5)
        #expect(problems[0]["severity"] as? String == "error")
        #expect(problems[0]["hint"] as? String == "did you mean 'height'?\nheight takes a number of pixels")
        #expect(problems[1]["severity"] as? String == "warning")
        #expect(problems[1]["hint"] is NSNull)
    }

    @Test("JSON of an error without a place has file, line and column null (every diagnostic has the same keys); control characters are escaped")
    func jsonPositionless() throws {
        let text = DiagnosticRenderer().json(InputError("bad \u{1B}[2J name", hint: "fix it"))
        #expect(text.contains("\"message\": \"bad \\u001b[2J name\""))
        let document = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let problems = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(problems.count == 1)
        #expect(problems[0]["file"] is NSNull && problems[0]["line"] is NSNull && problems[0]["column"] is NSNull)
        #expect(problems[0]["message"] as? String == "bad \u{1B}[2J name")
        #expect(problems[0]["hint"] as? String == "fix it")
    }

    @Test("every user-facing error maps to its exit code: 1 for check findings, 2 for invalid input")
    func exitCodes() {
        let failure = BuildCheckFailure(report: CheckReport(findings: [], filesChecked: 0, intentURLs: 0, links: 0))
        #expect(failure.exitCode == .findings)
        #expect(InputError("x").exitCode == .invalid)
        #expect(DiagnosticError([Self.twoLineHint]).exitCode == .invalid)
    }

    @Test("a stopped build shows the check's lines, then what the build did not do")
    func buildCheckFailure() {
        var finding = CheckFinding(location: SourceLocation(file: "a/index.html", line: 2, column: 9), rule: .brokenLink,
                                   message: "no file at 'b/'", url: "b/", suggestion: "c/")
        finding.templateLocation = SourceLocation(file: "templates/account.html", line: 4, column: 7)
        let report = CheckReport(findings: [finding], filesChecked: 1, intentURLs: 0, links: 1)
        let lines = DiagnosticRenderer().lines(BuildCheckFailure(report: report))
        #expect(lines == report.textLines() + ["build stopped: \(report.summary); nothing was written"])
        #expect(lines[0] == "a/index.html:2:9: error: no file at 'b/' [broken-link] (from templates/account.html:4:7) — suggested: c/")
    }
}

extension DiagnosticRendererTests {
    @Test("a collector past its cap keeps the first diagnostics by position, whatever order they were found in")
    func keepsFirstByPosition() {
        var collector = DiagnosticCollector(limit: 3)
        for line in [50, 9, 40, 2, 30, 7, 1, 60, 8] {
            collector.error(SourceLocation(file: "site.yml", line: line, column: 1), "bad")
        }
        #expect(collector.diagnostics.sorted().map(\.location.line) == [1, 2, 7])
        #expect(collector.dropped == 6)
    }

    @Test("5,000 broken accounts and a bad key at the end of site.yml show the first 200 problems of the file")
    func firstProblemsOfLargeFile() {
        let accounts = (0..<5_000).map { "  - handle: a\($0)\n    theme: x" }.joined(separator: "\n")
        let diagnostics = ConfigFixture.diagnostics("title: T\naccounts:\n\(accounts)\noops: 1\n")
        #expect(diagnostics.count == 200)
        #expect(diagnostics.map(\.location.line) == (0..<200).map { 4 + 2 * $0 })
        #expect(!diagnostics.contains { $0.message.contains("oops") })
    }
}
