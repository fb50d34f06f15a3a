import Testing
@testable import FeedsiteKit

/// Large files are parsed on one core while the tree is built on another; the result must be
/// exactly what the one-thread reader gives, for good and broken input alike.
@Suite struct YAMLPipelineTests {
    /// The tree with every position, or the diagnostics, as text.
    static func outcome(_ yaml: [UInt8], pipelineFrom threshold: Int) -> String {
        do {
            return dump(try YAMLReader(file: "t.yml").read(yaml, pipelineFrom: threshold))
        } catch {
            return error.diagnostics.map(\.description).joined(separator: "\n")
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

    @Test("the two-core reader gives the same tree or the same diagnostics as the one-core reader")
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
}
