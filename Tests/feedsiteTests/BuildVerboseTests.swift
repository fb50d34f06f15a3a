import Foundation
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

    @Test("build --verbose says how many snapshots an incremental build read and where the others came from; a full build says nothing of it")
    func saysIncremental() throws {
        let snapshot = { (handle: String, text: String) in
            "{\"format\": 1, \"handle\": \"\(handle)\", \"fetch\": {\"source\": \"feeds/\(handle).xml\"}, "
                + "\"posts\": [{\"id\": \"\(handle)-1\", \"text\": \"\(text)\", \"published\": \"2026-11-01T10:00:00Z\"}]}"
        }
        let handles = ["ann", "bob", "cy", "dee", "eve"]
        var files = ["site.yml": "title: T\naccounts:\n" + handles.map { "  - handle: \($0)\n    feed: feeds/\($0).xml\n" }.joined()]
        for handle in handles { files["snapshots/\(handle).json"] = snapshot(handle, "first") }
        let folder = try TemporarySite(files)
        let first = Console.capturing()
        #expect(BuildRunner(configPath: folder.path + "/site.yml", quiet: false, verbose: true).run(first).code == .success)
        #expect(!first.errText.contains("incremental"), "\(first.errText)")
        // As fetch writes it: a new file renamed over the old one.
        try folder.write("snapshots/cy.json.new", snapshot("cy", "second"))
        #expect(rename(folder.path + "/snapshots/cy.json.new", folder.path + "/snapshots/cy.json") == 0)
        let console = Console.capturing()
        #expect(BuildRunner(configPath: folder.path + "/site.yml", quiet: false, verbose: true).run(console).code == .success)
        let lines = console.errText.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("incremental: read 1 changed snapshot; the other 4 accounts came from ") && $0.hasSuffix("/.output.feedsite-cache") },
                "\(console.errText)")
        #expect(lines.contains { $0.hasSuffix("output/cy/index.html") } && !lines.contains { $0.hasSuffix("output/ann/index.html") })
    }
}
