import Testing
@testable import FeedsiteKit

@Suite struct TerminalTextTests {
    @Test("C0 controls, DEL, C1 controls and bidi overrides and isolates are written as \\u{XX}; other text is left alone", arguments: [
        ("\u{1B}[2J", "\\u{1B}[2J"), ("\u{07}\r\t\0", "\\u{07}\\u{0D}\\u{09}\\u{00}"), ("\u{7F}", "\\u{7F}"),
        ("\u{80}\u{9B}\u{9F}", "\\u{80}\\u{9B}\\u{9F}"), ("a\u{202A}b\u{202E}c", "a\\u{202A}b\\u{202E}c"),
        ("\u{2066}\u{2069}", "\\u{2066}\\u{2069}"), ("café 日本 \u{A0}\u{2028}", "café 日本 \u{A0}\u{2028}"),
        ("a\\u{1B}b", "a\\u{1B}b"), ("line\nnext", "line\\u{0A}next"),
    ])
    func escapes(_ text: String, _ expected: String) {
        #expect(TerminalText.escaped(text) == expected)
    }

    @Test("newlines are kept when asked, and only then")
    func newlines() {
        #expect(TerminalText.escaped("a\nb\r\n", keepingNewlines: true) == "a\nb\\u{0D}\n")
    }

    @Test("a diagnostic shows the controls of its file, message and hint escaped, so a message cannot forge a line")
    func diagnosticEscapes() {
        let diagnostic = Diagnostic(at: SourceLocation(file: "a\u{1B}]0;T\u{07}.html", line: 1, column: 2),
                                    "'\u{1B}[2J' is bad\nsite.yml:1:1: error: forged", hint: "use \u{202E}x\nnot \r")
        #expect(DiagnosticRenderer().text(diagnostic) == """
        a\\u{1B}]0;T\\u{07}.html:1:2: error: '\\u{1B}[2J' is bad\\u{0A}site.yml:1:1: error: forged
          hint: use \\u{202E}x
                not \\u{0D}
        """)
        let coloured = DiagnosticRenderer(colors: true).text(diagnostic)
        #expect(coloured.contains("\u{1B}[1;31merror\u{1B}[0m: '\\u{1B}[2J' is bad"))
    }

    @Test("a positionless error and a summary are escaped too; JSON keeps its own escapes")
    func positionlessAndJSON() {
        let error = InputError("'\u{1B}[2J' cannot be read", hint: nil)
        #expect(DiagnosticRenderer().text(error) == "error: '\\u{1B}[2J' cannot be read")
        #expect(DiagnosticRenderer().json(error).contains("\"message\": \"'\\u001b[2J' cannot be read\""))
    }
}
