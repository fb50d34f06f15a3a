import Testing
@testable import FeedsiteKit

/// Errors inside a value point at the character that is wrong as it is written in site.yml, whatever
/// the scalar's style: escapes, `''`, lines folded into one, block scalars with their indicators, CRLF
/// line ends, tabs and characters outside ASCII before it. Columns count characters (Unicode scalars),
/// from 1; each expected column below is counted by hand on the line as written.
@Suite struct ScalarPositionTests {
    static let unknown = "unknown placeholder '{x}'"

    /// A site whose `defaults` hold `lines` (each indented under it).
    static func site(defaults lines: String) -> String {
        "title: T\ndefaults:\n" + lines + "accounts:\n  - handle: jack\n"
    }

    static func placeholder(_ name: String, _ lines: String, line: Int, column: Int, message: String = unknown) -> BrokenConfig {
        BrokenConfig(name: name, yaml: site(defaults: lines), line: line, column: column, message: message)
    }

    static let placeholders: [BrokenConfig] = [
        placeholder("plain", "  description: a  b {x}\n", line: 3, column: 21),
        placeholder("plain with a tab", "  description: a\tb {x}\n", line: 3, column: 20),
        placeholder("plain folded over two lines", "  description: one\n    two {x}\n", line: 4, column: 9),
        placeholder("plain folded over an empty line", "  description: one\n\n    two {x}\n", line: 5, column: 9),
        placeholder("single-quoted with ''", "  description: 'it''s {x}'\n", line: 3, column: 23),
        placeholder("single-quoted folded, '' on the next line", "  description: 'one\n\n    it''s {x}'\n", line: 5, column: 11),
        placeholder("double-quoted \\t", "  description: \"\\t{x}\"\n", line: 3, column: 19),
        placeholder("double-quoted \\x", "  description: \"\\x41{x}\"\n", line: 3, column: 21),
        placeholder("double-quoted \\u", "  description: \"\\u00e9{x}\"\n", line: 3, column: 23),
        placeholder("double-quoted \\U", "  description: \"\\U0001F600{x}\"\n", line: 3, column: 27),
        placeholder("double-quoted \\n", "  description: \"a\\nb {x}\"\n", line: 3, column: 22),
        placeholder("double-quoted \\\\ and \\\"", "  description: \"\\\\\\\"{x}\"\n", line: 3, column: 21),
        placeholder("double-quoted escaped line break", "  description: \"a\\\n    b {x}\"\n", line: 4, column: 7),
        placeholder("double-quoted folded over two lines", "  description: \"one\n    two {x}\"\n", line: 4, column: 9),
        placeholder("double-quoted with a tab as written", "  description: \"a\t{x}\"\n", line: 3, column: 19),
        placeholder("literal block", "  description: |\n    one\n    two {x}\n", line: 5, column: 9),
        placeholder("literal block, indentation indicator and keep", "  description: |2+\n       x\n    {x}\n", line: 5, column: 5),
        placeholder("literal block, indentation indicator first line deeper, strip", "  description: |1-\n      {x}\n", line: 4, column: 7),
        placeholder("literal block after an empty line, comment on the header", "  description: |  # note\n\n    one\n    {x}\n",
                    line: 6, column: 5),
        placeholder("folded block, strip", "  description: >-\n    one\n    two {x}\n", line: 5, column: 9),
        placeholder("folded block, a deeper line after an empty one", "  description: >\n    a\n\n      b {x}\n", line: 6, column: 9),
        placeholder("folded block, chomping then indentation indicator", "  description: >+2\n    a\n    b {x}\n", line: 5, column: 7),
        placeholder("CRLF, plain folded", "  description: one\r\n    two {x}\r\n", line: 4, column: 9),
        placeholder("CRLF, double-quoted folded", "  description: \"one\r\n    two {x}\"\r\n", line: 4, column: 9),
        placeholder("CRLF, literal block", "  description: |\r\n    one\r\n    {x}\r\n", line: 5, column: 5),
        placeholder("a combining accent before the brace", "  description: \"e\u{301}x {x}\"\n", line: 3, column: 21),
        placeholder("an emoji before the brace", "  description: \"😀 {x}\"\n", line: 3, column: 19),
        placeholder("a flag (two scalars, one character) before the brace", "  description: \"🇩🇪 {x}\"\n", line: 3, column: 20),
        placeholder("compose text in a flow map", "  compose: {text: \"a\\tb {x}\"}\n", line: 3, column: 25),
        placeholder("a params value with a tag", "  params: {x: !!str \"\\t{x}\"}\n", line: 3, column: 24),
        placeholder("a params value with an anchor, in a list", "  params:\n    l: [&a \"\\t{x}\"]\n", line: 4, column: 15),
        placeholder("an unclosed brace after an escape", "  description: \"\\t{\"\n", line: 3, column: 19,
                    message: "'{' opens a placeholder that is never closed with '}'"),
    ]

    @Test("an unknown or unclosed placeholder is reported at its '{' as written, in every scalar style", arguments: placeholders)
    func placeholderPositions(_ broken: BrokenConfig) throws {
        try Self.expectFirst(broken)
    }

    static let otherValues: [BrokenConfig] = [
        BrokenConfig(name: "a handle with an escape before the bad character", yaml: ConfigFixture.site(accounts: "  - handle: \"jo\\u0073é\""),
                     line: 3, column: 22, message: "handle 'josé' contains 'é'; handles use only letters A-Z, digits and '_'"),
        BrokenConfig(name: "a handle folded from a block scalar", yaml: ConfigFixture.site(accounts: "  - handle: >-\n      ab\n      c-d"),
                     line: 4, column: 9, message: "handle 'ab c-d' contains a space; handles use only letters A-Z, digits and '_'"),
        BrokenConfig(name: "a feed placeholder after an escape",
                     yaml: ConfigFixture.site(accounts: "  - handle: jack\n    feed: \"https://b.example/\\u0061/{handel}\""),
                     line: 4, column: 37, message: "unknown placeholder '{handel}' in 'feed'"),
        BrokenConfig(name: "a hashtag with a space after an escape",
                     yaml: ConfigFixture.site(accounts: "  - handle: jack\n    compose:\n      hashtags: [\"\\u00e9t\\u00e9 x\"]"),
                     line: 5, column: 32, message: "hashtag 'été x' contains a space; hashtags use letters, digits and '_'"),
        BrokenConfig(name: "an alias points at the anchored text",
                     yaml: "title: T\ndescription: &d \"\\t{x}\"\ndefaults:\n  description: *d\naccounts:\n  - handle: jack\n", line: 2, column: 20,
                     message: unknown),
        BrokenConfig(name: "a byte order mark is not a column", yaml: "\u{FEFF}defaults: {description: \"\\t{x}\"}\ntitle: T\naccounts:\n  - handle: jack\n",
                     line: 1, column: 28, message: unknown),
    ]

    @Test("handles, feeds and hashtags point inside their values the same way", arguments: otherValues)
    func otherPositions(_ broken: BrokenConfig) throws {
        try Self.expectFirst(broken)
    }
}

private extension ScalarPositionTests {
    static func expectFirst(_ broken: BrokenConfig) throws {
        let diagnostic = try #require(ConfigFixture.diagnostics(broken.yaml).first, "\(broken.name) decoded without an error")
        #expect(diagnostic.message == broken.message, "\(broken.name)")
        #expect(diagnostic.location.line == broken.line, "\(broken.name)")
        #expect(diagnostic.location.column == broken.column, "\(broken.name)")
    }
}
