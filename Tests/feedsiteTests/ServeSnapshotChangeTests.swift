import Foundation
import FeedsiteTestSupport
import Testing

/// `feedsite serve` rebuilds after a fetch writes a snapshot, not only after site.yml and templates change.
@Suite struct ServeSnapshotChangeTests {
    @Test("a snapshot written while serving rebuilds the account's page and reloads it")
    func snapshotChange() throws {
        let folder = try TemporarySite(["site.yml": "title: Snapshots\naccounts:\n  - handle: jack\n    feed: feeds/jack.xml\n"])
        let server = try ServeCommandTests.RunningServer(in: folder.path)
        var (events, _) = try ServeSiteChangeTests.events(server.port, until: ": connected\n\n")
        defer { events.close() }
        try folder.write("snapshots/jack.json", """
            {"format": 1, "handle": "jack", "fetch": {"source": "feeds/jack.xml", "fetched_at": "2026-11-30T10:00:00Z"},
             "posts": [{"id": "p1", "text": "Fresh from the feed", "media": [], "published": "2026-11-30T09:00:00Z"}]}
            """)
        #expect(try events.read(until: "event: reload\n") != nil)
        #expect(try RawHTTPClient.get(server.port, "/jack/").text.contains("Fresh from the feed"))
        #expect(server.stop().status == 0)
    }
}
