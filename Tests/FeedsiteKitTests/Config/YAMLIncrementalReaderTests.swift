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

    /// Versions that edit the items of a list: one item, items added and removed, and text where cutting at
    /// a line `- ` would go wrong (a quote, a flow collection, a block scalar, an alias, a document marker,
    /// an empty item, another indentation, a tab).
    static let listHistories: [[String]] = {
        let base = site(6)
        func edit(_ yaml: String, _ from: String, _ to: String) -> String { yaml.replacingOccurrences(of: from, with: to) }
        return [
            [base, edit(base, "name: \"N 3 é\"", "name: \"N 3 changed é😀\""), edit(base, "name: \"N 3 é\"", "name: \"N 3\"\n    group: G"),
             edit(base, "  - handle: u0\n", "# first\n\n  - handle: u0\n"), edit(base, "  - handle: u5\n", "  - handle: u5b\n    x: 1\n  - handle: u5\n"),
             edit(base, "  - handle: u2\n    name: \"N 2 é\"\n    height: 2\n", ""), edit(base, "accounts:\n", "accounts:\n  # the list\n"), base],
            [base, edit(base, "name: \"N 2 é\"", "name: \"N 2\n  - handle: q\""), edit(base, "name: \"N 2 é\"", "name: [a,\n  - b]"),
             edit(base, "name: \"N 2 é\"", "name: [a,\n  - b"), edit(base, "name: \"N 2 é\"", "name: |\n      text\n\n  - tail"), base],
            [base, edit(base, "height: 1\n", "height: &h 1\n"), edit(base, "height: 4\n", "height: *h\n"),
             edit(edit(base, "height: 1\n", "height: &h 1\n"), "height: 4\n", "height: *h\n"), edit(base, "height: 4\n", "height: 4\n---\n"),
             edit(base, "height: 4\n", "height: 4\n...\n"), base],
            [base, edit(base, "  - handle: u3\n", "  -\n  - handle: u3\n"), edit(base, "  - handle: u3\n", "  - handle: u3\n -\n"),
             edit(base, "  - handle: u3\n", "  - handle: u3\n\t- x\n"), edit(base, "  - handle: u3\n", "    - handle: u3\n"),
             edit(base, "  - handle: u3\n", "  -\n    handle: u3\n"), edit(base, "  - handle: u3\n", "  - - nested\n  - handle: u3\n"), base],
            ["title: T\naccounts:\n- handle: a\n- handle: b\n- handle: c\nnext: 1\n", "title: T\naccounts:\n- handle: a\n- handle: bb\n- handle: c\nnext: 1\n",
             "title: T\naccounts:\n- handle: a\n  tags:\n  - x\n- handle: bb\n- handle: c\nnext: 1\n", "accounts:\n- handle: a\n- handle: b\n",
             "accounts:\n- handle: a\n- handle: c\n", "accounts:\n- handle: a\n- handle: c", "accounts:\n- handle: a\n-", "accounts:\n- a\n- b\n"],
            [site(2_500), edit(site(2_500), "name: \"N 1200 é\"", "name: \"N 1200 long é\""), edit(site(2_500), "  - handle: u7\n", ""), site(2_500)],
        ]
    }()

    @Test("each version of a list edited item by item, read after the ones before, gives what reading it whole gives",
          arguments: listHistories.indices)
    func listSameAsWhole(_ index: Int) {
        let reader = YAMLIncrementalReader(file: "t.yml")
        for (step, yaml) in Self.listHistories[index].enumerated() {
            let bytes = Array(yaml.utf8)
            let whole = Self.outcome { () throws(DiagnosticError) in try YAMLReader(file: "t.yml").read(bytes) }
            let incremental = Self.outcome { () throws(DiagnosticError) in try reader.read(bytes).root }
            #expect(incremental == whole, "version \(step): \(yaml)")
        }
    }

    /// A random edit of `yaml`: mostly one account's lines (a value changed, an item added, removed or moved),
    /// sometimes bytes anywhere (a quote, a bracket, an anchor or alias, a marker, a tab, a cut).
    static func randomEdit(_ yaml: String, dice: inout IncrementalBuildTests.Dice) -> String {
        var lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let items = lines.indices.filter { lines[$0].hasPrefix("  - ") }
        let line = items.isEmpty ? dice.next(lines.count) : items[dice.next(items.count)]
        switch dice.next(10) {
        case 0, 1, 2: lines.insert("    name: \"edit \(dice.next(1000)) é\"", at: line + 1)
        case 3: lines.insert("  - handle: new\(dice.next(1000))", at: line)
        case 4: if !items.isEmpty { lines.remove(at: line) }
        case 5:
            let deep = 197 + dice.next(4)  // about the depth limit: one level more in the file than in the list read alone
            let nested = "    params: {x: " + String(repeating: "[", count: deep) + String(repeating: "]", count: deep) + "}"
            lines.insert(["# note", "", "    height: \(dice.next(9))", "  -", "    tags: [a, b]", nested][dice.next(6)], at: line + 1)
        case 6: lines.insert(lines[line], at: dice.next(lines.count))
        default:
            var bytes = Array(lines.joined(separator: "\n").utf8)
            let at = dice.next(bytes.count + 1)
            let pieces = ["\"", "'", "[", "]", "{", "&a ", "*a", "\n---\n", "\n...\n", "\t", "\n  - ", "\n- ", "é", "|\n", "#"]
            if dice.next(3) == 0 {
                bytes.removeSubrange(at..<min(bytes.count, at + 1 + dice.next(20)))
            } else {
                bytes.insert(contentsOf: Array(pieces[dice.next(pieces.count)].utf8), at: at)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        return lines.joined(separator: "\n")
    }

    @Test("a series of random edits, each read after the ones before, gives what reading each whole gives", arguments: [3, 11, 29, 47])
    func randomEdits(_ seed: UInt64) {
        var dice = IncrementalBuildTests.Dice(state: seed)
        let reader = YAMLIncrementalReader(file: "t.yml")
        var yaml = Self.site(25)
        var last = yaml
        for step in 0..<150 {
            yaml = Self.randomEdit(dice.next(4) == 0 ? last : yaml, dice: &dice)
            let bytes = Array(yaml.utf8)
            let whole = Self.outcome { () throws(DiagnosticError) in try YAMLReader(file: "t.yml").read(bytes) }
            let incremental = Self.outcome { () throws(DiagnosticError) in try reader.read(bytes).root }
            #expect(incremental == whole, "step \(step): \(yaml)")
            if incremental != whole { return }
            if !whole.contains("error:") { last = yaml }
        }
    }

    /// `site(6)` with account u3 holding lists nested `levels` deep inside its map (two more levels in the file).
    static func deep(_ levels: Int) -> String {
        site(6).replacingOccurrences(of: "  - handle: u3\n",
                                     with: "  - handle: u3\n    params: {x: " + String(repeating: "[", count: levels) + String(repeating: "]", count: levels) + "}\n")
    }

    @Test("an item in the middle of the list edited to nest about the depth limit gives what reading the file whole gives (review: one level more passed)",
          arguments: [196, 197, 198, 199])
    func middleItemAtDepthLimit(_ levels: Int) {
        let reader = YAMLIncrementalReader(file: "t.yml")
        for yaml in [Self.site(6), Self.deep(levels)] {
            let bytes = Array(yaml.utf8)
            let whole = Self.outcome { () throws(DiagnosticError) in try YAMLReader(file: "t.yml").read(bytes) }
            let incremental = Self.outcome { () throws(DiagnosticError) in try reader.read(bytes).root }
            #expect(incremental == whole, "levels \(levels)")
        }
    }

    @Test("an edit of one account reads its item alone: the read names each item's bytes, and the other items are those read before, moved")
    func readsOneItem() throws {
        let reader = YAMLIncrementalReader(file: "t.yml")
        let first = try reader.read(Array(Self.site(5).utf8))
        let edited = Self.site(5).replacingOccurrences(of: "    name: \"N 2 é\"\n", with: "    name: \"N 2 é\"\n    group: G\n")
        let second = try reader.read(Array(edited.utf8))
        let items = try #require(second.lists["accounts"]).map { String(decoding: $0, as: UTF8.self) }
        #expect(items.count == 5)
        #expect(items[2] == "  - handle: u2\n    name: \"N 2 é\"\n    group: G\n    height: 2\n")
        #expect(try #require(first.lists["accounts"]).map { String(decoding: $0, as: UTF8.self) }[3] == items[3])
        guard case .mapping(let entries)? = second.root?.content, case .sequence(let accounts) = entries[1].value.content else {
            Issue.record("expected the accounts")
            return
        }
        #expect(accounts.map(\.location.line) == [3, 6, 9, 13, 16], "the items after the edit moved down a line")
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
