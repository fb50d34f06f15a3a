import Foundation
import Testing
@testable import FeedsiteKit

/// What one feed's fetch writes in its snapshot and how it counts, across `posts:` changes, 304s and failures.
@Suite(.serialized) struct FeedUpdateTests {
    @Test("a smaller 'posts:' trims the snapshot on a 304 and counts as updated; a larger one asks again without validators")
    func postLimitChanges() throws {
        let server = try FeedFixtures.server()
        defer { server.stop() }
        let site = try FeedFetcherTests.site([("jack", server.url("/five.rss"))], extra: "defaults:\n  posts: 5\n")
        #expect(try FeedFetcherTests.fetch(site).updated == 1)
        #expect(try FeedFetcherTests.snapshot(site, "jack")?.record.postLimit == 5)
        try site.write("site.yml", try #require(site.read("site.yml")).replacing("posts: 5", with: "posts: 2"))
        let trimmed = try FeedFetcherTests.fetch(site)
        #expect(trimmed.updated == 1 && trimmed.unchanged == 0)
        let snapshot = try #require(try FeedFetcherTests.snapshot(site, "jack"))
        #expect(snapshot.posts.map(\.id) == ["1", "2"])
        #expect(snapshot.record.postLimit == 2 && snapshot.record.etag == "\"v5\"")
        #expect(site.read("snapshots/jack.json")?.contains("\"posts_limit\": 2\n") == true)
        try site.write("site.yml", try #require(site.read("site.yml")).replacing("posts: 2", with: "posts: 4"))
        #expect(try FeedFetcherTests.fetch(site).updated == 1)
        #expect(try FeedFetcherTests.snapshot(site, "jack")?.posts.map(\.id) == ["1", "2", "3", "4"])
        let bytes = site.read("snapshots/jack.json")
        let again = try FeedFetcherTests.fetch(site)
        #expect(again.unchanged == 1 && again.updated == 0)
        #expect(site.read("snapshots/jack.json") == bytes, "a 304 with the same 'posts:' leaves the file as it was")
    }

    @Test("a snapshot written before posts_limit was recorded is asked again without validators when it holds fewer posts than 'posts:'")
    func snapshotWithoutPostLimit() throws {
        let server = try FeedFixtures.server()
        defer { server.stop() }
        let site = try FeedFetcherTests.site([("jack", server.url("/five.rss"))], extra: "defaults:\n  posts: 3\n")
        let old = Snapshot(handle: "jack", record: SnapshotRecord(source: server.url("/five.rss"), etag: "\"v5\""),
                           posts: [Post(id: "1")])
        try SnapshotStore(folder: site.path + "/snapshots").write(old, slug: "jack")
        #expect(try FeedFetcherTests.fetch(site).updated == 1)
        #expect(try FeedFetcherTests.snapshot(site, "jack")?.posts.map(\.id) == ["1", "2", "3"])
    }

    @Test("a snapshot without posts_limit whose posts did not change stays byte for byte as it was, and counts as unchanged")
    func unchangedSnapshotWithoutPostLimit() throws {
        let feed = "<rss version=\"2.0\"><channel><title>F</title><item><guid>1</guid><description>One</description></item></channel></rss>"
        let site = try FeedFetcherTests.site([("jack", "feed.xml")], files: ["feed.xml": feed])
        #expect(try FeedFetcherTests.fetch(site).updated == 1)
        var snapshot = try #require(try FeedFetcherTests.snapshot(site, "jack"))
        snapshot.record.postLimit = nil
        snapshot.record.fetchedAt = "2026-01-01T00:00:00Z"
        try SnapshotStore(folder: site.path + "/snapshots").write(snapshot, slug: "jack")
        let bytes = try #require(site.read("snapshots/jack.json"))
        let again = try FeedFetcherTests.fetch(site)
        #expect(again.unchanged == 1 && again.updated == 0)
        #expect(site.read("snapshots/jack.json") == bytes, "a fetch that changes nothing leaves nothing for git to commit")
    }

    @Test("a 304 to a first fetch, which sent no validators, is a failure recorded in a snapshot without posts")
    func unaskedNotModified() throws {
        let server = try FeedFixtures.server()
        defer { server.stop() }
        let site = try FeedFetcherTests.site([("jack", server.url("/304"))])
        var failures: [FetchEvent] = []
        let summary = try FeedFetcherTests.fetch(site) { if case .failed = $0 { failures.append($0) } }
        #expect(summary.failed == 1 && summary.unchanged == 0)
        #expect(failures == [.failed(handle: "jack", source: server.url("/304"),
                                     reason: "the server answered 304 Not Modified to an unconditional request")])
        #expect(try FeedFetcherTests.snapshot(site, "jack")?.posts.isEmpty == true)
    }
}
