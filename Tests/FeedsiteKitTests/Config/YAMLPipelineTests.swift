import Testing
@testable import FeedsiteKit

/// Large files are parsed on one thread while the tree is built on another; the result must be
/// exactly what the one-thread reader gives, for good and broken input alike. The tests choose the
/// path with `pipelineFrom` (0: two threads, `.max`: one), so both run however many cores there are.
@Suite struct YAMLPipelineTests {
    /// The tree with every position, or the diagnostics, as text; through `read(_:)` when `threshold` is nil.
    static func outcome(_ yaml: [UInt8], pipelineFrom threshold: Int?) -> String {
        let reader = YAMLReader(file: "t.yml")
        do {
            return dump(try threshold.map { try reader.read(yaml, pipelineFrom: $0) } ?? reader.read(yaml))
        } catch let error as DiagnosticError {
            return error.diagnostics.map(\.description).joined(separator: "\n")
        } catch {
            return "\(error)"
        }
    }

    static func dump(_ node: YAMLNode?) -> String {
        guard let node else { return "none" }
        let at = "@\(node.location.line):\(node.location.column)"
        switch node.content {
        case .scalar(let scalar): return "\(scalar.text)|\(scalar.isQuoted)|\(scalar.value)\(at)"
        case .sequence(let items): return "[" + items.map { dump($0) }.joined(separator: ",") + "]\(at)"
        case .mapping(let entries):
            return "{" + entries.map { "\($0.key)@\($0.keyLocation.line):\($0.keyLocation.column)=" + dump($0.value) }
                .joined(separator: ",") + "}\(at)"
        }
    }

    /// Where two long outcomes first differ, shortly; nil when they are equal.
    static func difference(_ found: String, _ expected: String) -> String? {
        guard found != expected else { return nil }
        let same = zip(found, expected).prefix { $0 == $1 }.count
        return "from character \(same): found '\(found.dropFirst(same).prefix(80))', expected '\(expected.dropFirst(same).prefix(80))'"
    }

    /// A site of `count` accounts, followed by `tail`.
    static func site(_ count: Int, tail: String = "") -> String {
        "title: T\naccounts:\n" + (0..<count).map { "  - handle: u\($0)\n    name: \"N \($0) é\"\n    height: \($0)\n" }.joined() + tail
    }

    static let inputs: [String] = SiteConfigErrorTests.cases.map(\.yaml) + [
        site(3_000),
        site(3_000, tail: "  - handle: &a x\n  - *a\n  - *b\n"),
        site(3_000, tail: "---\nsecond: document\n"),
        site(3_000, tail: "  - handle: \"unclosed\n"),
        site(3_000, tail: "title: again\n"),
        site(3_000, tail: "  - {a: 1, a: 2}\n\tbad: tab\n"),
        "a: &a [1, 2]\nb: &b [*a, *a, *a, *a]\nc: &c [*b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c]\n",
    ]

    /// Files whose events fill many more batches than the queue between the threads holds (4096
    /// events a batch, 8 batches), read to the end, stopped by the tree builder near the start, or
    /// failing in libyaml near the end.
    static let longInputs: [(yaml: String, outcome: String)] = [
        (site(20_000), "{handle@60000:5=u19999|"),
        ("title: T\n---\n" + site(20_000), "t.yml:2:1: error: a second YAML document starts here"),
        (YAMLReaderTests.aliasBombYAML + site(20_000).dropFirst("title: T\n".count), "t.yml:7:8: error: aliases expand this document"),
        (site(20_000, tail: "  - handle: [unclosed\n"), "t.yml:60004:1: error: expected ',' or ']'"),
    ]

    @Test("the two-thread reader gives the same tree or the same diagnostics as the one-thread reader")
    func sameOutcome() {
        for yaml in Self.inputs {
            let bytes = Array(yaml.utf8)
            let sequential = Self.outcome(bytes, pipelineFrom: .max)
            #expect(Self.outcome(bytes, pipelineFrom: 0) == sequential, "\(yaml.prefix(60))")
        }
    }

    @Test("invalid UTF-8 deep in a large file is reported the same way on two cores")
    func invalidUTF8() {
        let bytes = Array(Self.site(3_000).utf8) + [0x20, 0x20, 0x2D, 0x20, 0xC3, 0x28, 0x0A]
        let sequential = Self.outcome(bytes, pipelineFrom: .max)
        #expect(sequential.contains("error"))
        #expect(Self.outcome(bytes, pipelineFrom: 0) == sequential)
    }

    @Test("a long file gives the same outcome on two threads, whether the builder reads it all or stops early", arguments: longInputs.indices)
    func longInput(_ index: Int) {
        let bytes = Array(Self.longInputs[index].yaml.utf8)
        let sequential = Self.outcome(bytes, pipelineFrom: .max)
        let expected = sequential.contains(Self.longInputs[index].outcome)
        #expect(expected, "the one-thread reader gave \(sequential.prefix(200))…")
        #expect(Self.difference(Self.outcome(bytes, pipelineFrom: 0), sequential) == nil)
        #expect(Self.difference(Self.outcome(bytes, pipelineFrom: 0), sequential) == nil, "a second run, with other timing")
    }

    @Test("read(_:) gives the one-thread outcome for files below and above the threshold, on this machine's cores")
    func publicEntry() {
        let long = Array(Self.site(20_000).utf8)
        #expect(long.count >= YAMLReader.pipelineThreshold)
        #expect(Self.difference(Self.outcome(long, pipelineFrom: nil), Self.outcome(long, pipelineFrom: .max)) == nil)
        let short = Array(Self.site(3).utf8)
        #expect(Self.outcome(short, pipelineFrom: nil) == Self.outcome(short, pipelineFrom: .max))
    }
}
