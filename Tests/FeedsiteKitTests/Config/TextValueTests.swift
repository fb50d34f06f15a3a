import Testing
@testable import FeedsiteKit

/// Text options of site.yml: a string, never a YAML boolean or number, and without control
/// characters (tab and line feed only in free texts), each refused at its place with a fix: in a
/// double-quoted value, at the escape that wrote it.
@Suite struct TextValueTests {
    static let cases: [BrokenConfig] = [
        BrokenConfig(name: "NUL in title", yaml: "title: \"a\\u0000b\\u0007c\"\naccounts:\n  - handle: a\n", line: 1, column: 10,
                     message: "'title' contains the control character U+0000 (NUL) (character 2 of the value)",
                     hint: "remove it (in a double-quoted value it is written \\u0000)"),
        BrokenConfig(name: "U+0001 in description", yaml: ConfigFixture.site(extra: "description: \"d\\u0001e\"\n"), line: 2, column: 16,
                     message: "'description' contains the control character U+0001 (character 2 of the value)"),
        BrokenConfig(name: "BEL in an account's name", yaml: ConfigFixture.site(accounts: "  - handle: a\n    name: \"x\\a\""), line: 4, column: 13,
                     message: "'name' contains the control character U+0007 (BEL) (character 2 of the value)"),
        BrokenConfig(name: "ESC in compose text", yaml: ConfigFixture.site(accounts: "  - handle: a\n    compose: {text: \"hi \\e[31m\"}"),
                     line: 4, column: 25, message: "'text' contains the control character U+001B (ESC) (character 4 of the value)"),
        BrokenConfig(name: "DEL in a group", yaml: ConfigFixture.site(accounts: "  - handle: a\n    group: \"News\\x7F\""), line: 4, column: 17,
                     message: "'group' contains the control character U+007F (DEL) (character 5 of the value)"),
        BrokenConfig(name: "C1 control in defaults' description", yaml: ConfigFixture.site(extra: "defaults:\n  description: \"\\x9B2J\"\n"),
                     line: 3, column: 17, message: "'description' contains the control character U+009B (character 1 of the value)"),
        BrokenConfig(name: "carriage return in title", yaml: "title: \"a\\rb\"\naccounts:\n  - handle: a\n", line: 1, column: 10,
                     message: "'title' contains the control character U+000D (carriage return) (character 2 of the value)"),
        BrokenConfig(name: "noncharacter in a param", yaml: ConfigFixture.site(extra: "params:\n  note: \"a\\uFFFEb\"\n"), line: 3, column: 11,
                     message: "'params.note' contains the noncharacter U+FFFE (character 2 of the value)"),
        BrokenConfig(name: "control character in a param's key", yaml: ConfigFixture.site(extra: "params:\n  \"k\\u0001\": v\n"), line: 3, column: 3,
                     message: "'the key of params.k\u{1}' contains the control character U+0001 (character 2 of the value)"),
        BrokenConfig(name: "tab in a plain folder", yaml: ConfigFixture.site(extra: "snapshots: a\tb\n"), line: 2, column: 13,
                     message: "'snapshots' contains the control character U+0009 (tab) (character 2 of the value)",
                     hint: "remove it (in a double-quoted value it is written \\u0009); only free texts such as 'title' and 'description' may hold tabs and line breaks"),
        BrokenConfig(name: "line feed in a hashtag", yaml: ConfigFixture.site(accounts: "  - handle: a\n    compose: {hashtags: [\"a\\nb\"]}"),
                     line: 4, column: 28, message: "'hashtags' contains the control character U+000A (line feed) (character 2 of the value)"),
        BrokenConfig(name: "NUL in a feed path", yaml: ConfigFixture.site(accounts: "  - handle: a\n    feed: \"feeds/\\0a.xml\""), line: 4, column: 18,
                     message: "'feed' contains the control character U+0000 (NUL) (character 7 of the value)"),
        BrokenConfig(name: "handle true", yaml: ConfigFixture.site(accounts: "  - handle: true"), line: 3, column: 13,
                     message: "expected a handle (text), found a boolean 'true'",
                     hint: "YAML reads true as a boolean; to use it as text, quote it: \"true\""),
        BrokenConfig(name: "title 123", yaml: "title: 123\naccounts:\n  - handle: a\n", line: 1, column: 8,
                     message: "expected a string, found an integer '123'", hint: "YAML reads 123 as a number; to use it as text, quote it: \"123\""),
        BrokenConfig(name: "description 1.50", yaml: ConfigFixture.site(extra: "description: 1.50\n"), line: 2, column: 14,
                     message: "expected a string, found a number '1.50'"),
        BrokenConfig(name: "name false", yaml: ConfigFixture.site(accounts: "  - handle: a\n    name: false"), line: 4, column: 11,
                     message: "expected a string, found a boolean 'false'"),
        BrokenConfig(name: "numeric related handle", yaml: ConfigFixture.site(accounts: "  - handle: a\n    compose: {related: [12345]}"),
                     line: 4, column: 25, message: "expected a handle, found an integer '12345'"),
        BrokenConfig(name: "numeric output folder", yaml: ConfigFixture.site(extra: "output: 2024\n"), line: 2, column: 9,
                     message: "expected a string, found an integer '2024'"),
        BrokenConfig(name: "in_reply_to past 2^63", yaml: ConfigFixture.site(accounts: "  - handle: a\n    compose: {in_reply_to: 9223372036854775808}"),
                     line: 4, column: 28, message: "'in_reply_to' is 9223372036854775808, larger than any post id (at most 9223372036854775807)"),
        BrokenConfig(name: "quoted in_reply_to past 2^63",
                     yaml: ConfigFixture.site(accounts: "  - handle: a\n    compose: {in_reply_to: \"9999999999999999999\"}"),
                     line: 4, column: 28, message: "'in_reply_to' is 9999999999999999999, larger than any post id"),
        BrokenConfig(name: "negative in_reply_to", yaml: ConfigFixture.site(accounts: "  - handle: a\n    compose: {in_reply_to: -5}"),
                     line: 4, column: 28, message: "'in_reply_to' must be a numeric post id (1 to 19 digits), found '-5'"),
    ]

    /// Texts both the decoder and the schema accept.
    static let accepted: [String: String] = [
        "quoted-numbers.yml": "title: \"2024\"\ndescription: '1.50'\naccounts:\n  - handle: \"12345\"\n    name: \"true\"\n",
        "yaml-1.2-words.yml": "title: yes\ndescription: no\naccounts:\n  - handle: jack\n    name: on\n",
        "line-breaks.yml": "title: \"Tabbed\\ttitle\"\ndescription: |\n  Two\n  lines\naccounts:\n  - handle: jack\n    compose: {text: \"a\\nb\"}\n",
        "post-ids.yml": ConfigFixture.site(accounts: "  - handle: a\n    compose: {in_reply_to: 9223372036854775807}\n"
                                           + "  - handle: b\n    compose: {in_reply_to: \"0000000000000000001\"}"),
        "params.yml": ConfigFixture.site(extra: "params:\n  note: \"tab\\there\"\n  list: [1, \"x\", {deep: \"y\"}]\n"),
    ]

    @Test("each control character, boolean or number in a text option is reported at its place with a fix", arguments: cases)
    func brokenText(_ broken: BrokenConfig) throws {
        try SiteConfigErrorTests().brokenConfiguration(broken)
    }

    @Test("quoted numbers, YAML 1.2's words, tabs and line breaks in free texts and post ids up to 2^63 - 1 decode", arguments: accepted.keys.sorted())
    func acceptedText(_ name: String) throws {
        let yaml = try #require(Self.accepted[name])
        #expect(ConfigFixture.diagnostics(yaml).isEmpty, "\(ConfigFixture.diagnostics(yaml))")
    }

    @Test("a post id written as a YAML integer is read by its value")
    func postIDByValue() throws {
        let config = try ConfigFixture.config(ConfigFixture.site(accounts: "  - handle: a\n    compose: {in_reply_to: 0x1F}"))
        #expect(config.accounts[0].composeURL(intentHost: .twitter).contains("in_reply_to=31"))
    }
}
