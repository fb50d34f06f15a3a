import Foundation
import Testing
@testable import FeedsiteKit

@Suite(.serialized) struct FeedFetcherTests {
    /// A site whose accounts have these feeds (handle → `feed:` value).
    static func site(_ feeds: [(String, String)], extra: String = "", files: [String: String] = [:]) throws -> TemporarySite {
        var yaml = "title: T\n\(extra)accounts:\n"
        for (handle, feed) in feeds { yaml += "  - handle: \(handle)\n    feed: '\(feed)'\n" }
        return try TemporarySite(["site.yml": yaml].merging(files) { $1 }, withDefaultTemplates: false)
    }

    static func fetch(_ site: TemporarySite, only: [String] = [], timeout: Double = 10,
                      events: (FetchEvent) -> Void = { _ in }) throws -> FetchSummary {
        var fetcher = FeedFetcher(config: try SiteConfigLoader.load(path: site.path + "/site.yml"))
        fetcher.only = only
        fetcher.limits.timeout = timeout
        return try fetcher.run(events: events)
    }

    static func snapshot(_ site: TemporarySite, _ slug: String) throws -> Snapshot? {
        try SnapshotStore(folder: site.path + "/snapshots").read(slug)
    }

    @Test("a first fetch writes the posts and the validators; a 304 then leaves the file exactly as it was")
    func conditionalFetch() throws {
        let server = try FeedFixtures.server()
        defer { server.stop() }
        let site = try Self.site([("jack", server.url("/feed.rss"))])
        let first = try Self.fetch(site)
        #expect(first.updated == 1 && first.unchanged == 0 && first.failed == 0)
        let snapshot = try #require(try Self.snapshot(site, "jack"))
        #expect(snapshot.posts.map(\.id) == ["1", "2"])
        #expect(snapshot.record.etag == "\"v1\"")
        #expect(snapshot.record.source == server.url("/feed.rss"))
        #expect(snapshot.record.error == nil)
        let path = site.path + "/snapshots/jack.json"
        let before = try FileManager.default.attributesOfItem(atPath: path)
        let bytes = site.read("snapshots/jack.json")
        let second = try Self.fetch(site)
        #expect(second.updated == 0 && second.unchanged == 1 && second.failed == 0)
        #expect(site.read("snapshots/jack.json") == bytes)
        let after = try FileManager.default.attributesOfItem(atPath: path)
        #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)
        #expect(before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int)
    }

    @Test("a feed that fails keeps its last good posts and records the error; the others are still written")
    func failureKeepsPosts() throws {
        let server = try FeedFixtures.server()
        defer { server.stop() }
        let site = try Self.site([("jack", server.url("/feed.rss")), ("bob", server.url("/redirect/0"))])
        #expect(try Self.fetch(site).updated == 2)
        try site.write("site.yml", try #require(site.read("site.yml")).replacing("/redirect/0", with: "/status/404")
            .replacing("/feed.rss", with: "/gzip.rss"))
        var failures: [FetchEvent] = []
        let summary = try Self.fetch(site) { if case .failed = $0 { failures.append($0) } }
        #expect(summary.failed == 1 && summary.total == 2)
        #expect(failures == [.failed(handle: "bob", source: server.url("/status/404"), reason: "HTTP 404 Not Found")])
        let bob = try #require(try Self.snapshot(site, "bob"))
        #expect(bob.posts.map(\.id) == ["1", "2"])
        #expect(bob.record.error == "HTTP 404 Not Found")
        // The same failure again changes nothing.
        let bytes = site.read("snapshots/bob.json")
        #expect(try Self.fetch(site).failed == 1)
        #expect(site.read("snapshots/bob.json") == bytes)
        #expect(try Self.snapshot(site, "jack")?.record.source == server.url("/gzip.rss"))
    }

    @Test("an HTML page instead of a feed fails with where and why, and a first failure still writes a snapshot: no posts, when it was tried, why")
    func notAFeed() throws {
        let server = try FeedFixtures.server()
        defer { server.stop() }
        let site = try Self.site([("jack", server.url("/page.html"))])
        #expect(try Self.fetch(site).failed == 1)
        let snapshot = try #require(try Self.snapshot(site, "jack"))
        #expect(snapshot.posts.isEmpty)
        #expect(snapshot.record.error?.hasPrefix("line 1, column ") == true)
        let fetchedAt = try #require(snapshot.record.fetchedAt, "the page can say when the last attempt failed")
        #expect(fetchedAt.count == 20 && fetchedAt.hasSuffix("Z"))
        #expect(snapshot.record.changedAt == nil)
    }

    @Test("a file feed is read relative to site.yml, cut to 'posts:' items, and not rewritten while it is the same")
    func fileFeed() throws {
        let site = try Self.site([], extra: "defaults:\n  feed: feeds/{handle}.xml\n  posts: 2\n",
                                 files: ["feeds/jack.xml": FeedFixtures.rss(["a", "b", "c"])])
        try site.write("site.yml", try #require(site.read("site.yml")) + "  - handle: jack\n  - handle: quiet\n    feed: none\n")
        let summary = try Self.fetch(site)
        #expect(summary.updated == 1 && summary.total == 1)
        let snapshot = try #require(try Self.snapshot(site, "jack"))
        #expect(snapshot.posts.map(\.id) == ["a", "b"])
        #expect(snapshot.record.source == "feeds/jack.xml")
        #expect(!site.exists("snapshots/quiet.json"))
        let bytes = site.read("snapshots/jack.json")
        #expect(try Self.fetch(site).unchanged == 1)
        #expect(site.read("snapshots/jack.json") == bytes)
        try site.write("feeds/jack.xml", FeedFixtures.rss(["z", "a", "b"]))
        #expect(try Self.fetch(site).updated == 1)
        #expect(try Self.snapshot(site, "jack")?.posts.map(\.id) == ["z", "a"])
    }

    @Test("requests name feedsite and the site; a password in a feed URL never reaches the snapshot or the messages")
    func userAgentAndSecrets() throws {
        let agents = AgentLog()
        let server = try LocalHTTPServer { request in
            agents.add(request.headers["user-agent"] ?? "")
            return .full(status: 500)
        }
        defer { server.stop() }
        let site = try Self.site([("jack", "http://me:secret@127.0.0.1:\(server.port)/feed.rss")], extra: "base_url: https://feeds.example\n")
        var messages: [FetchEvent] = []
        #expect(try Self.fetch(site) { messages.append($0) }.failed == 1)
        #expect(agents.all == ["feedsite/\(Generator.version) (+https://feeds.example)"])
        #expect(messages.contains(.failed(handle: "jack", source: "http://***@127.0.0.1:\(server.port)/feed.rss", reason: "HTTP 500 Internal Server Error")))
        #expect(site.read("snapshots/jack.json")?.contains("secret") == false)
    }

    @Test("a snapshot broken by hand stops the fetch before any request, at its line and column")
    func brokenSnapshot() throws {
        let site = try Self.site([("jack", "feeds/jack.xml")], files: ["feeds/jack.xml": FeedFixtures.rss(["1"]),
                                                                       "snapshots/jack.json": "{\n  \"format\": 1,\n  oops\n}\n"])
        do {
            _ = try Self.fetch(site)
            Issue.record("expected the broken snapshot to stop the fetch")
        } catch let error as DiagnosticError {
            #expect(error.diagnostics.first?.location.line == 3)
            #expect(error.diagnostics.first?.location.column == 3)
        }
        #expect(site.read("snapshots/jack.json") == "{\n  \"format\": 1,\n  oops\n}\n")
    }

    @Test("feed_size_limit sets the size limit in MiB, for feeds over HTTP and from files, and messages say MiB")
    func sizeLimit() throws {
        let server = try FeedFixtures.server()
        defer { server.stop() }
        let rss = FeedFixtures.rss(["1"])
        let site = try Self.site([("jack", server.url("/bomb")), ("bob", "feeds/bob.xml"), ("ann", "feeds/ann.xml")], extra: "feed_size_limit: 1\n",
                                 files: ["feeds/bob.xml": String(repeating: " ", count: 1_500_000) + rss,
                                         "feeds/ann.xml": String(repeating: " ", count: (1 << 20) - rss.utf8.count) + rss])
        var failures: [String: String] = [:]
        let summary = try Self.fetch(site) { if case .failed(let handle, _, let reason) = $0 { failures[handle] = reason } }
        #expect(summary.failed == 2 && summary.updated == 1, "a feed of exactly 1 MiB is within feed_size_limit: 1")
        #expect(failures["jack"] == "larger than the limit of 1 MiB (after decompression)")
        #expect(failures["bob"] == "larger than the limit of 1 MiB")
    }

    @Test("--only fetches the named accounts; an unknown handle is an error with a suggestion")
    func only() throws {
        let site = try Self.site([("jack", "feeds/jack.xml"), ("bob", "feeds/bob.xml")],
                                 files: ["feeds/jack.xml": FeedFixtures.rss(["1"]), "feeds/bob.xml": FeedFixtures.rss(["2"])])
        #expect(try Self.fetch(site, only: ["BOB"]).total == 1)
        #expect(site.exists("snapshots/bob.json") && !site.exists("snapshots/jack.json"))
        #expect(throws: InputError.self) { try Self.fetch(site, only: ["jak"]) }
        do {
            _ = try Self.fetch(site, only: ["jak"])
        } catch let error as InputError {
            #expect(error.message.hasPrefix("--only: no account 'jak'"))
            #expect(error.hint == "did you mean 'jack'?")
        }
    }

    @Test("a second fetch of the same site is refused while one holds the lock")
    func lock() throws {
        let site = try Self.site([("jack", "feeds/jack.xml")], files: ["feeds/jack.xml": FeedFixtures.rss(["1"])])
        do {
            let held = try FetchLock(folder: site.path + "/snapshots", display: "snapshots")
            defer { withExtendedLifetime(held) {} }
            _ = try Self.fetch(site)
            Issue.record("expected the second fetch to be refused")
        } catch let error as InputError {
            #expect(error.message.hasPrefix("another 'feedsite fetch' is running for this site"))
        }
        // Released with its holder: the next fetch runs.
        #expect(try Self.fetch(site).updated == 1)
    }
}

/// The User-Agent headers a server saw.
final class AgentLog: @unchecked Sendable {
    private let lock = NSLock()
    private var agents: [String] = []

    func add(_ agent: String) { lock.withLock { agents.append(agent) } }
    var all: [String] { lock.withLock { agents } }
}
