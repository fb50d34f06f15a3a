@testable import feedsite
import FeedsiteKit
import Testing

/// `build --verbose`: one `wrote PATH` line per file written, as many as the summary counts.
@Suite struct BuildVerboseTests {
    @Test("build --verbose lists one line per written file, as many as the summary's count, and no bare 'wrote output'")
    func listMatchesCount() throws {
        let folder = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: jack\n"])
        let console = Console.capturing()
        let outcome = BuildRunner(configPath: folder.path + "/site.yml", quiet: false, verbose: true).run(console)
        #expect(outcome.code == .success)
        let lines = console.errText.split(separator: "\n")
        let wrote = lines.filter { $0.hasPrefix("wrote ") }
        #expect(!wrote.isEmpty)
        // Each line names a file in the output folder; none is the folder itself.
        #expect(wrote.allSatisfy { $0.contains("output/") }, "\(console.errText)")
        let summary = try #require(lines.first { $0.hasPrefix("built ") })
        #expect(summary.contains("(\(wrote.count) written,"), "\(console.errText)")
        #expect(lines.last == summary)
    }

    @Test("build --verbose lists the files it removed, one 'removed PATH' line each, before the summary that counts them")
    func listsRemoved() throws {
        let folder = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: jack\n  - handle: jill\n"])
        #expect(BuildRunner(configPath: folder.path + "/site.yml", quiet: true, verbose: false).run(Console.capturing()).code == .success)
        try folder.write("site.yml", "title: T\naccounts:\n  - handle: jack\n")
        let console = Console.capturing()
        #expect(BuildRunner(configPath: folder.path + "/site.yml", quiet: false, verbose: true).run(console).code == .success)
        let lines = console.errText.split(separator: "\n").map(String.init)
        let removed = lines.filter { $0.hasPrefix("removed ") }
        #expect(removed.contains { $0.hasSuffix("output/jill/index.html") }, "\(console.errText)")
        #expect(!folder.exists("output/jill/index.html"))
        #expect(lines.last?.contains(", \(removed.count) removed)") == true, "\(console.errText)")
    }
}
