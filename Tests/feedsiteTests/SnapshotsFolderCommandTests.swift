import Foundation
import Testing

/// `snapshots:` naming a file: both commands that use the folder stop at the `snapshots:` value in site.yml.
@Suite struct SnapshotsFolderCommandTests {
    @Test("a file where snapshots: points stops build and fetch with exit 2 at the snapshots: value, saying a folder belongs there",
          arguments: ["build", "fetch"])
    func fileInsteadOfFolder(command: String) throws {
        let site = try TemporarySite(["site.yml": "title: T\nsnapshots: snaps\naccounts:\n  - handle: jack\n    feed: feed.xml\n",
                                      "snaps": "not a folder\n", "feed.xml": "<rss version=\"2.0\"><channel><title>F</title></channel></rss>"])
        let result = try ProcessRunner.run([command], in: site.path)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("site.yml:2:12: error: 'snaps' is a file, where the snapshots folder belongs\n"), "\(result.err)")
        #expect(result.err.contains("move the file away, or set 'snapshots:' to a folder"))
        #expect(site.read("snaps") == "not a folder\n")
    }
}
