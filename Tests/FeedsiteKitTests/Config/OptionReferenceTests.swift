import Foundation
import Testing
@testable import FeedsiteKit

@Suite struct OptionReferenceTests {
    /// Each table the README must hold, as the option tables write it.
    static let tables: [(section: String, markdown: String)] = [
        ("Top level", OptionReference.topLevel),
        ("Account", OptionReference.account),
        ("compose", OptionReference.compose),
        ("Template context", ContextSchema.markdownTable),
    ]

    @Test("the README's site.yml reference and template-context tables are the ones the option tables write")
    func readmeTables() throws {
        let readme = try String(contentsOfFile: RepositoryPaths.root + "/README.md", encoding: .utf8)
        var updated = readme
        for (section, markdown) in Self.tables {
            let current = try #require(Self.table(in: readme, after: "### \(section)"), "the README has no table under '### \(section)'")
            updated = updated.replacingOccurrences(of: current, with: markdown)
        }
        guard updated != readme else { return }
        let path = FileManager.default.temporaryDirectory.path + "/feedsite-README.md"
        try Data(updated.utf8).write(to: URL(fileURLWithPath: path))
        Issue.record(Comment(rawValue: "the README's option or template-context tables differ from the option tables; "
                     + "the README with the tables rewritten is at \(path): cp \(path) README.md"))
    }

    @Test("every option has a summary, and every context field of a table has its own name")
    func declarationsAreComplete() {
        for table in [OptionTable.site, .account, .compose] {
            #expect(table.options.allSatisfy { !$0.summary.isEmpty && $0.summary.hasSuffix(".") })
            let names = table.contextFields.map(\.field.name)
            #expect(Set(names).count == names.count, "\(names)")
        }
    }
}

private extension OptionReferenceTests {
    /// The first Markdown table after the line `heading`: its consecutive lines that start with '|'.
    static func table(in text: String, after heading: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0 == heading }) else { return nil }
        guard let first = lines[start...].firstIndex(where: { $0.hasPrefix("|") }) else { return nil }
        let rows = lines[first...].prefix { $0.hasPrefix("|") }
        return rows.joined(separator: "\n")
    }
}
