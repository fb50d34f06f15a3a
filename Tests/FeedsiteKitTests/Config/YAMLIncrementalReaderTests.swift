import Testing
@testable import FeedsiteKit

/// Read one version after another, in sections that are kept while their bytes stay the same, each
/// version gives the tree (every position, every scalar's start) or the diagnostics that reading it
/// whole gives, whatever the versions before it were.
@Suite struct YAMLIncrementalReaderTests {
    /// The tree with every position and scalar start, or the diagnostics, as text.
    static func outcome(_ read: () throws(DiagnosticError) -> YAMLNode?) -> String {
        do {
            return dump(try read())
        } catch {
            return error.diagnostics.map(\.description).joined(separator: "\n")
        }
    }

    static func dump(_ node: YAMLNode?) -> String {
        guard let node else { return "none" }
        let at = "@\(node.location.line):\(node.location.column)"
        switch node.content {
        case .scalar(let scalar): return "\(scalar.text)|\(scalar.style)|\(scalar.value)|\(scalar.start.map(String.init) ?? "-")\(at)"
        case .sequence(let items): return "[" + items.map { dump($0) }.joined(separator: ",") + "]\(at)"
        case .mapping(let entries):
            return "{" + entries.map { "\($0.key)@\($0.keyLocation.line):\($0.keyLocation.column)=" + dump($0.value) }
                .joined(separator: ",") + "}\(at)"
        }
    }

    /// A site of `count` accounts, with `head` before them.
    static func site(_ count: Int, head: String = "title: T\n") -> String {
        head + "accounts:\n" + (0..<count).map { "  - handle: u\($0)\n    name: \"N \($0) é\"\n    height: \($0)\n" }.joined()
    }

    /// Versions of one file, read in order: edits that keep sections, and text where cutting at a
    /// line `key:` would go wrong (a quote, a flow collection, a block scalar, an alias, document
    /// markers, line breaks other than a line feed).
    static let histories: [[String]] = [
        [site(40), site(40, head: "title: A longer title é😀\n"), site(40, head: "# a comment\ntitle: T\n\ndescription: |\n  two\n  lines\n"),
         site(40, head: "title: T\ndefaults:\n  dnt: true\n"), site(41, head: "title: T\ndefaults:\n  dnt: true\n"), site(40)],
        [site(3), "title: \"a\nkey: b\"\n" + site(3, head: ""), site(3), "title: [a,\nkey: b]\n" + site(3, head: ""), site(3)],
        [site(3), "title: T\ndesc: |+\n  text\n\n\n" + site(3, head: ""), "title: T\ndesc: >\n  a\n  b\nnext: c\n" + site(3, head: ""),
         "title: T\ndesc: |\nnext: c\n" + site(3, head: ""), "title: a\n b\nnext: c\n" + site(3, head: "")],
        [site(3), "---\n" + site(3), "%YAML 1.2\n---\n" + site(3), site(3) + "...\n", site(3) + "---\nsecond: document\n",
         site(3) + "...\nmore: 1\n", site(3)],
        [site(3, head: "title: T\ndefaults: &d {dnt: true}\n") + "other: *d\n", site(3, head: "title: T\nx: &a [1, 2, *a]\n"),
         site(3, head: "title: T\nx: &a [1, 2]\ny: [*a, *a]\n"), site(3, head: "title: &t T\nx: *t\n"), YAMLReaderTests.aliasBombYAML + site(3, head: "")],
        [site(3), site(3) + "title: again\n", site(3, head: "title: T\ntitle: U\n"), site(3)],
        [site(3), site(3).replacingOccurrences(of: "\n", with: "\r\n"), "\u{FEFF}" + site(3), site(3, head: "title: a\u{85}b\n"),
         site(3, head: "title: a\u{2028}b\n"), site(3, head: "title: a\rb: c\n"), site(3)],
        ["title: a\nurl: x", "title: a\nurl: xfoo: 1", "title: a\nurl: x\nfoo: 1", "title: a\nurl: x\nfoo: 1\n", "title:a\nb: c\n"],
        [site(3), "title: T\naccounts:\n- handle: a\n- handle: b\nnext: 1\n", "title: T\naccounts:\n- handle: a\n- handle: b\n-x: 1\n",
         "title: T\naccounts:\n- handle: a\n  - handle: b\n"],
        [site(3), site(3) + "  - handle: \"unclosed\n", site(3) + "  - {a: 1, a: 2}\n\tbad: tab\n", site(3) + "bad: \u{7}\n", site(3),
         site(3, head: "title: T\nx: !!int 12\ny: !foo 1\n"), site(3, head: "title: T\n? complex\n: key\n"), site(3, head: "title: T\n\"quoted\": k\n")],
        [site(3), "", "# only a comment\n", "- a\n- b\n", "a", "a:", site(3)],
        [site(3_000), site(3_000, head: "title: Longer\nsub: x\n"), site(3_001, head: "title: Longer\nsub: x\n"), site(3_000)],
    ]

    @Test("each version read after the ones before gives what reading it whole gives", arguments: histories.indices)
    func sameAsWhole(_ index: Int) {
        let reader = YAMLIncrementalReader(file: "t.yml")
        for (step, yaml) in Self.histories[index].enumerated() {
            let bytes = Array(yaml.utf8)
            let whole = Self.outcome { () throws(DiagnosticError) in try YAMLReader(file: "t.yml").read(bytes) }
            let incremental = Self.outcome { () throws(DiagnosticError) in try reader.read(bytes).root }
            #expect(incremental == whole, "version \(step): \(yaml.prefix(80))")
        }
    }

    @Test("a version that only changes the title keeps the accounts' section, which the read names with its bytes")
    func keepsSections() throws {
        let reader = YAMLIncrementalReader(file: "t.yml")
        let first = try reader.read(Array(Self.site(5).utf8))
        let second = try reader.read(Array(Self.site(5, head: "title: Other\nlanguage: en\n").utf8))
        #expect(first.sections["accounts"].map(Array.init) == second.sections["accounts"].map(Array.init))
        #expect(second.sections["accounts"].map { String(decoding: $0, as: UTF8.self) } == Self.site(5, head: ""))
        #expect(second.sections["language"].map { String(decoding: $0, as: UTF8.self) } == "language: en\n")
        guard case .mapping(let entries)? = second.root?.content, case .sequence(let accounts) = entries[2].value.content else {
            Issue.record("expected the accounts")
            return
        }
        #expect(accounts.first?.location.line == 4, "moved down a line with the section")
    }
}
