import Testing
@testable import FeedsiteKit

/// What `posts:` keeps of a feed listed oldest first, through a real fetch.
@Suite struct FeedUpdateSelectionTests {
    @Test("'posts: 3' of a feed listed oldest first keeps the three newest posts, newest first")
    func oldestFirstFeed() throws {
        let items = (1...30).map { day in
            "<item><guid>\(day)</guid><title>Day \(day)</title><pubDate>\(day) Nov 2026 10:00:00 GMT</pubDate></item>"
        }.joined(separator: "\n")
        let site = try FeedFetcherTests.site([("jack", "feed.xml")], extra: "defaults:\n  posts: 3\n",
                                             files: ["feed.xml": FeedFixture.rss(items)])
        #expect(try FeedFetcherTests.fetch(site).updated == 1)
        #expect(try FeedFetcherTests.snapshot(site, "jack")?.posts.map(\.id) == ["30", "29", "28"])
    }

    @Test("a post dated in the far future is given the fetch time, not a place on top for ever")
    func futureDate() throws {
        let items = """
            <item><guid>future</guid><pubDate>Tue, 01 Jan 2999 00:00:00 GMT</pubDate></item>
            <item><guid>now</guid><pubDate>\(FeedDate.rfc3339(Timestamp.now) ?? "")</pubDate></item>
            """
        let site = try FeedFetcherTests.site([("jack", "feed.xml")], files: ["feed.xml": FeedFixture.rss(items)])
        _ = try FeedFetcherTests.fetch(site)
        let snapshot = try #require(try FeedFetcherTests.snapshot(site, "jack"))
        let published = try #require(snapshot.posts.first { $0.id == "future" }?.published)
        #expect(published <= (FeedDate.adding(days: 1, to: Timestamp.now) ?? ""))
        #expect(published == snapshot.record.fetchedAt)
    }
}

extension FeedUpdateSelectionTests {
    @Test("a smaller 'posts:' on a 304 keeps the newest posts by date of a snapshot written in feed order")
    func notModifiedTrim() throws {
        let server = try FeedFixtures.server()
        defer { server.stop() }
        let site = try FeedFetcherTests.site([("jack", server.url("/five.rss"))], extra: "defaults:\n  posts: 2\n")
        let old = Snapshot(handle: "jack", record: SnapshotRecord(source: server.url("/five.rss"), etag: "\"v5\"", postLimit: 5),
                           posts: (1...5).map { Post(id: "\($0)", published: "2026-11-0\($0)T10:00:00Z") })
        try SnapshotStore(folder: site.path + "/snapshots").write(old, slug: "jack")
        #expect(try FeedFetcherTests.fetch(site).updated == 1)
        #expect(try FeedFetcherTests.snapshot(site, "jack")?.posts.map(\.id) == ["5", "4"])
    }
}
