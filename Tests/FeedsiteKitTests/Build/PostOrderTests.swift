import FeedsiteTestSupport
import Testing
@testable import FeedsiteKit

/// One "newest first" rule: the posts fetch keeps and the order the build shows them in agree.
@Suite struct PostOrderTests {
    @Test("a post with only `updated` is ordered the same by fetch and by the build's page, feed and river")
    func updatedOnly() throws {
        let posts = [
            Post(id: "old", text: "Old", published: "2026-11-01T10:00:00Z"),
            Post(id: "undated", text: "Undated"),
            Post(id: "edited", text: "Edited", updated: "2026-11-20T10:00:00Z"),
            Post(id: "new", text: "New", published: "2026-11-10T10:00:00Z"),
            Post(id: "same", text: "Same", published: "2026-11-10T10:00:00Z"),
        ]
        let fetched = PostSelection.newest(posts, limit: 10).map(\.text)
        #expect(fetched == ["Edited", "New", "Same", "Old", "Undated"])
        let site = try TemporarySite([
            "site.yml": RiverFixture.siteYAML(["jack"], extra: "base_url: https://example.com\n"),
            "snapshots/jack.json": RiverFixture.snapshot("jack", [
                RiverFixture.post("old", "Old", published: "2026-11-01T10:00:00Z"),
                RiverFixture.post("undated", "Undated", published: nil),
                RiverFixture.post("edited", "Edited", published: nil, extra: "\"updated\": \"2026-11-20T10:00:00Z\""),
                RiverFixture.post("new", "New", published: "2026-11-10T10:00:00Z"),
                RiverFixture.post("same", "Same", published: "2026-11-10T10:00:00Z"),
            ]),
        ])
        _ = try site.build()
        #expect(RiverTests.texts(try #require(site.read("output/jack/index.html"))) == fetched)
        #expect(RiverTests.texts(try #require(site.read("output/latest/index.html"))) == fetched)
        let feed = try #require(site.read("output/jack/feed.xml"))
        let ids = feed.components(separatedBy: "<entry>").dropFirst().map { entry in
            fetched.first { entry.contains(">\($0)<") } ?? "?"
        }
        #expect(ids == fetched)
    }

    @Test("a date is read, not compared as text: an offset counts as the moment it names")
    func offsets() {
        let posts = [Post(id: "utc", published: "2026-11-10T09:00:00Z"), Post(id: "east", published: "2026-11-10T10:30:00+02:00")]
        #expect(PostOrder.newestFirst(posts).map(\.id) == ["utc", "east"])
    }
}
