import Foundation
import Testing
@testable import FeedsiteKit

@Suite struct TopLevelKeysTests {
    static let keys: Set<String> = ["templates", "output"]

    /// Texts the line reader must read exactly as libyaml does, or hand to libyaml.
    static let texts: [String] = [
        "title: T\naccounts:\n  - handle: a\n",
        "title: T\noutput: public\ntemplates: tpl\naccounts: []\n",
        "output: 'it''s here' # comment\ntitle: x\n",
        "output: \"dq \\\" here\"   \ntitle: x\n",
        "output: \"open\n  quote\"\n",
        "output:\n  indented\n",
        "output: plain\n  continued\n",
        "output: |\n  block\n",
        "output: &anchor out\nx: *anchor\n",
        "{output: flow, title: t}\n",
        "\"output\": quoted-key\n",
        "? output\n: complex\n",
        "--- \noutput: doc\n",
        "%YAML 1.2\n---\noutput: directive\n",
        "\u{FEFF}output: bom\n",
        "output: crlf\r\ntitle: t\r\n",
        "params: {a: 1, b: [2, 3]}\noutput: after-flow\n",
        "params: {a: 1,\n  b: 2}\noutput: after-open-flow\n",
        "description: |\n  text\n  output: not-a-key\noutput: real\n",
        "description: \"multi\nline\"\noutput: x\n",
        "# output: commented\noutput: out # trailing\n",
        "output: ~\n",
        "output: 'a'b\n",
        "output:x\n",
        "output: [a, b]\n",
        "title: a: b\noutput: o\n",
        "defaults: &d\n  dnt: true\noutput: o\n",
        "\toutput: tab\n",
        "- a\n- b\n",
        "",
        "# only a comment\n",
        "output: x\noutput: y\n",
        "accounts:\n- handle: a\noutput: after-sequence\n",
        "OUTPUT: upper\noutput: lower\n",
        "title: - a\noutput: o\n",
        "title: @x\noutput: o\n",
        "title: x:\noutput: o\n",
        "output: a:b #c\n",
        "output: http://example.com/x\n",
    ]

    @Test("the line reader finds the same templates: and output: as libyaml, or leaves the text to libyaml", arguments: texts)
    func agreesWithLibYAML(_ text: String) {
        let bytes = Array(text.utf8)
        let expected = YAMLReader(file: "site.yml").topLevelValues(bytes, keys: Self.keys)
        #expect(TopLevelKeys.values(bytes, keys: Self.keys, file: "site.yml") == expected)
    }

    @Test("the line reader alone reads the sample site, a generated site and one that sets both folders")
    func fastPathTaken() throws {
        let sample = try #require(FileManager.default.contents(atPath: RepositoryPaths.root + "/site.yml"))
        #expect(TopLevelKeys.simpleKeyLines(Array(sample), keys: Self.keys) != nil)
        var generated = "title: Benchmark\ndescription: |\n  many\n  lines\ndefaults:\n  dnt: true\naccounts:\n"
        for index in 0..<1_000 { generated += "  - handle: user\(index)\n    name: \"User \(index)\"\n    compose: {text: \"hi\"}\n" }
        #expect(TopLevelKeys.simpleKeyLines(Array(generated.utf8), keys: Self.keys) == [])
        let both = Array("title: T\ntemplates: \"my templates\"\noutput: public # deployed\naccounts: []\n".utf8)
        #expect(TopLevelKeys.simpleKeyLines(both, keys: Self.keys)?.count == 2)
        #expect(TopLevelKeys.values(both, keys: Self.keys, file: "site.yml") == ["templates": "my templates", "output": "public"])
    }
}
