import Foundation
import Testing
@testable import FeedsiteKit

/// `feed: x-api` against a local fake of X API v2 (`FakeXAPI`), its address and the token given
/// through the fetcher's environment.
@Suite struct XAPIFetchTests {
    /// A site whose accounts all have `feed: x-api`, `extra` added to each.
    static func site(_ handles: [String], extra: String = "") throws -> TemporarySite {
        var yaml = "title: T\naccounts:\n"
        for handle in handles { yaml += "  - handle: \(handle)\n    feed: x-api\n\(extra)" }
        return try TemporarySite(["site.yml": yaml], withDefaultTemplates: false)
    }

    /// The fake of X's API and a site whose accounts read it.
    static func start(_ handles: [String], extra: String = "") throws -> (FakeXAPI, TemporarySite) {
        (try FakeXAPI(), try site(handles, extra: extra))
    }

    /// Fetches `site` against `fake` with the token it accepts.
    static func fetch(_ site: TemporarySite, _ fake: FakeXAPI, timeout: Double = 10) throws -> (FetchSummary, [String]) {
        try fetch(site, fake, token: fake.token, timeout: timeout)
    }

    /// Fetches `site` against `fake`, with `token` in X_BEARER_TOKEN; the events come back as text lines.
    static func fetch(_ site: TemporarySite, _ fake: FakeXAPI, token: String?, timeout: Double = 10) throws -> (FetchSummary, [String]) {
        var fetcher = FeedFetcher(config: try SiteConfigLoader.load(path: site.path + "/site.yml"))
        fetcher.limits.timeout = timeout
        let base = fake.base
        fetcher.environment = { name in
            switch name {
            case "X_BEARER_TOKEN": token
            case "FEEDSITE_X_API_BASE": base
            default: nil
            }
        }
        var lines: [String] = []
        let summary = try fetcher.run { event in
            switch event {
            case .failed(let handle, let source, let reason): lines.append("\(handle): \(source): \(reason)")
            case .unwritten(let handle, let reason): lines.append("\(handle): \(reason)")
            case .imageNotCopied(let handle, let url, let reason): lines.append("\(handle): \(url): \(reason)")
            case .progress, .warned: break
            }
        }
        return (summary, lines)
    }

    static func snapshot(_ site: TemporarySite, _ slug: String) throws -> Snapshot? {
        try SnapshotStore(folder: site.path + "/snapshots").read(slug)
    }

    @Test("a post's t.co links become what they point to, in its text and its links; its photo comes with its alt text")
    func posts() throws {
        let (fake, site) = try Self.start(["jack"])
        defer { fake.stop() }
        let (summary, lines) = try Self.fetch(site, fake)
        #expect(summary.updated == 1 && summary.failed == 0, "\(lines)")
        let snapshot = try #require(try Self.snapshot(site, "jack"))
        #expect(snapshot.record.source == "x-api")
        #expect(snapshot.record.xUserID == FakeXAPI.jackID)
        let post = try #require(snapshot.posts.first)
        #expect(snapshot.posts.count == 1)
        #expect(post.id == "1860000000000000003")
        #expect(post.url == "https://twitter.com/jack/status/1860000000000000003")
        #expect(post.text == "Read this https://example.com/article?id=1&x=2 & tell me <3 Photo:")
        #expect(post.html.contains("<a href=\"https://example.com/article?id=1&amp;x=2\""))
        #expect(post.html.contains(">https://example.com/article?id=1&amp;x=2</a>"))
        #expect(post.html.contains("&amp; tell me &lt;3<br>"))
        #expect(!post.html.contains("t.co") && !post.text.contains("t.co"))
        #expect(post.published == "2026-11-29T14:03:00Z")
        #expect(post.media == [PostMedia(url: "https://pbs.twimg.com/media/abc.jpg", type: "image/jpeg", alt: "A cat asleep on a chair")])
        #expect(!post.isReply && !post.isRepost)
        let timeline = try #require(fake.requests.last)
        #expect(fake.requests.first == "/2/users/by/username/jack")
        #expect(timeline == "/2/users/\(FakeXAPI.jackID)/tweets?max_results=20&tweet.fields=created_at,entities,referenced_tweets,attachments,note_tweet"
            + "&expansions=attachments.media_keys,referenced_tweets.id&media.fields=url,preview_image_url,alt_text,type,width,height&exclude=replies,retweets")
    }

    @Test("the user id is kept in the snapshot: the next fetch asks X for the posts alone, with one request")
    func cachedUserID() throws {
        let (fake, site) = try Self.start(["jack"])
        defer { fake.stop() }
        _ = try Self.fetch(site, fake)
        #expect(fake.requests.count == 2)
        let (summary, _) = try Self.fetch(site, fake)
        #expect(summary.unchanged == 1 && summary.failed == 0)
        #expect(fake.requests.count == 3)
        #expect(fake.requests.last?.hasPrefix("/2/users/\(FakeXAPI.jackID)/tweets?") == true)
    }

    @Test("a user id X no longer knows fails the account and is forgotten, so the next fetch looks the user up again")
    func staleUserID() throws {
        let (fake, site) = try Self.start(["jack"])
        defer { fake.stop() }
        let stale = Snapshot(handle: "jack", record: SnapshotRecord(source: "x-api", xUserID: "999"), posts: [Post(id: "old", text: "kept")])
        try site.write("snapshots/jack.json", String(decoding: stale.json, as: UTF8.self))
        let (summary, lines) = try Self.fetch(site, fake)
        #expect(summary.failed == 1)
        #expect(lines == ["jack: x-api: X did not give @jack's posts: Not Found Error: Could not find user with id: [999]."])
        let failed = try #require(try Self.snapshot(site, "jack"))
        #expect(failed.record.xUserID == nil && failed.posts.map(\.id) == ["old"])
        #expect(try Self.fetch(site, fake).0.updated == 1)
        #expect(try Self.snapshot(site, "jack")?.record.xUserID == FakeXAPI.jackID)
    }

    @Test("replies and reposts are left out, and asked to be left out; with show_replies they are kept and marked")
    func replies() throws {
        let (fake, site) = try Self.start(["jack"], extra: "    show_replies: true\n    posts: 3\n")
        defer { fake.stop() }
        _ = try Self.fetch(site, fake)
        let posts = try #require(try Self.snapshot(site, "jack")).posts
        #expect(posts.map(\.id) == ["1860000000000000003", "1860000000000000002", "1860000000000000001"])
        #expect(posts.map(\.isReply) == [false, true, false])
        #expect(posts.map(\.isRepost) == [false, false, true])
        let timeline = try #require(fake.requests.last)
        #expect(timeline.contains("max_results=5&") && !timeline.contains("exclude="))
    }

    @Test("a post X gives with errors beside it is kept; the errors are warnings, not a failure")
    func partialErrors() throws {
        let (fake, site) = try Self.start(["partial"])
        defer { fake.stop() }
        let (summary, lines) = try Self.fetch(site, fake)
        #expect(summary.updated == 1 && lines.isEmpty)
        #expect(try Self.snapshot(site, "partial")?.posts.count == 1)
    }

    @Test("each error fails its account alone, says what to do, and keeps its last good posts", arguments: [
        ("unauthorized", "HTTP 401 Unauthorized: X does not accept the bearer token in X_BEARER_TOKEN: copy the app's Bearer Token again"),
        ("forbidden", "HTTP 403 Forbidden (X says: Client Forbidden: When authenticating requests to the Twitter API v2 endpoints, you must use "
            + "keys and tokens from a Twitter developer App that is attached to a Project.): X does not let this app read it: check in the X developer portal"),
        ("broken", "HTTP 503 Service Unavailable: X's API is failing: run feedsite fetch again later"),
        ("nobody", "X has no account @nobody (X says: Not Found Error: Could not find user with username: [nobody].)"),
        ("limited", "HTTP 429 Too Many Requests: X's rate limit is used up until 20"),
    ])
    func errors(_ handle: String, _ reason: String) throws {
        let (fake, site) = try Self.start([handle, "jill"])
        defer { fake.stop() }
        let good = Snapshot(handle: handle, record: SnapshotRecord(source: "x-api"), posts: [Post(id: "1", text: "the last good post")])
        try site.write("snapshots/\(handle).json", String(decoding: good.json, as: UTF8.self))
        let (summary, lines) = try Self.fetch(site, fake)
        #expect(summary.failed == 1 && summary.updated == 1)
        let line = try #require(lines.first)
        #expect(lines.count == 1)
        #expect(line.hasPrefix("\(handle): x-api: user lookup: " + reason), "\(line)")
        let kept = try #require(try Self.snapshot(site, handle))
        #expect(kept.posts == good.posts)
        #expect(kept.record.error != nil)
        #expect(try Self.snapshot(site, "jill")?.posts.count == 1)
    }

    @Test("a rate limit that resets beyond the timeout fails at once, naming the reset time in UTC")
    func rateLimitFails() throws {
        let (fake, site) = try Self.start(["limited"])
        defer { fake.stop() }
        let start = ContinuousClock.now
        let (_, lines) = try Self.fetch(site, fake, timeout: 30)
        #expect(ContinuousClock.now - start < .seconds(10))
        let line = try #require(lines.first)
        #expect(line.contains(" UTC, more than the 30 s --timeout from now: run feedsite fetch again after that"), "\(line)")
        #expect(fake.requests.count == 1)
    }

    @Test("a rate limit that resets within the timeout is waited for, and the request made once more")
    func rateLimitWaits() throws {
        let (fake, site) = try Self.start(["waits"])
        defer { fake.stop() }
        let (summary, lines) = try Self.fetch(site, fake)
        #expect(summary.updated == 1 && lines.isEmpty, "\(lines)")
        #expect(fake.requests.filter { $0 == "/2/users/by/username/waits" }.count == 2)
        #expect(try Self.snapshot(site, "waits")?.posts.count == 1)
    }

    @Test("a rate limit still used up after the wait fails: the request is made again once, not more")
    func rateLimitOnce() throws {
        let (fake, site) = try Self.start(["stuck"])
        defer { fake.stop() }
        let (summary, lines) = try Self.fetch(site, fake)
        #expect(summary.failed == 1)
        #expect(fake.requests.count == 2)
        let line = try #require(lines.first)
        #expect(line.hasPrefix("stuck: x-api: user lookup: HTTP 429 Too Many Requests: X's rate limit was still used up after waiting for it once; "
            + "it resets at 20"), "\(line)")
        #expect(line.hasSuffix(" UTC: run feedsite fetch again after that"))
    }

    @Test("without X_BEARER_TOKEN each x-api account fails saying so, no request is made, and other feeds are still read")
    func missingToken() throws {
        let fake = try FakeXAPI()
        defer { fake.stop() }
        let feed = try TemporarySite(["feed.json": #"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"1","content_text":"hi"}]}"#],
                                     withDefaultTemplates: false)
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: jack\n    feed: x-api\n  - handle: bob\n    feed: \(feed.path)/feed.json\n"],
                                     withDefaultTemplates: false)
        for token in [nil, ""] as [String?] {
            let (summary, lines) = try Self.fetch(site, fake, token: token)
            #expect(summary.failed == 1)
            #expect(lines.first?.hasPrefix("jack: x-api: X_BEARER_TOKEN is not set: feed: x-api reads X's API with an app's bearer token") == true)
        }
        #expect(fake.requests.isEmpty)
        #expect(try Self.snapshot(site, "bob")?.posts.count == 1)
        let (_, lines) = try Self.fetch(site, fake, token: "two words")
        #expect(lines.first?.hasPrefix("jack: x-api: X_BEARER_TOKEN holds a space") == true)
        #expect(!(lines.first ?? "").contains("two words"))
    }

    @Test("a token that is also one of feedsite's own words is hidden only in X's words, not in feedsite's (HTTP 429 Too Many Requests)")
    func tokenOnlyInXsWords() throws {
        let fake = try FakeXAPI(token: "Requests")
        defer { fake.stop() }
        let site = try Self.site(["limited", "echo"])
        let (_, lines) = try Self.fetch(site, fake)
        #expect(lines.contains { $0.hasPrefix("limited: x-api: user lookup: HTTP 429 Too Many Requests: X's rate limit is used up") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("echo: x-api: user lookup: HTTP 400 Bad Request (X says: ") && $0.contains("Bearer ***)") }, "\(lines)")
    }

    @Test("the token appears in no message, snapshot or description, even when the server repeats it")
    func tokenNeverShown() throws {
        let fake = try FakeXAPI()
        defer { fake.stop() }
        let handles = ["jack", "echo", "unauthorized", "forbidden", "broken", "nobody", "limited", "partial"]
        let site = try Self.site(handles)
        let (_, lines) = try Self.fetch(site, fake)
        #expect(lines.count == 6)
        #expect(lines.contains { $0.hasPrefix("echo: x-api: user lookup: HTTP 400 Bad Request (X says: Invalid Request: One or more parameters "
            + "to your request was invalid: Bearer ***)") }, "\(lines)")
        for line in lines { #expect(!line.contains(fake.token), "\(line)") }
        for handle in handles {
            let bytes = try #require(site.read("snapshots/\(handle).json"))
            #expect(!bytes.contains(fake.token))
        }
        let token = try #require(BearerToken(fake.token))
        let request = FetchRequest(url: "https://api.x.com/", bearerToken: token)
        var dumped = ""
        dump(request, to: &dumped)
        for text in [String(describing: request), String(reflecting: request), dumped, "\(token)"] {
            #expect(!text.contains(fake.token), "\(text)")
        }
    }

    @Test("FEEDSITE_X_API_BASE accepts https and this machine's http only", arguments: [
        ("https://api.example.com/", "https://api.example.com"), ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
        ("http://localhost:1/x", "http://localhost:1/x"), ("http://example.com", nil), ("http://127.0.0.1.example.com", nil),
        ("https://api.x.com/?a=1", nil), ("ftp://127.0.0.1", nil), ("http://user:pw@127.0.0.1", nil),
    ] as [(String, String?)])
    func base(_ setting: String, _ base: String?) throws {
        #expect((try? XAPIEndpoint.named(by: setting))?.base == base)
        #expect(try XAPIEndpoint.named(by: nil) == .official)
    }

    @Test("a request with a bearer token is not redirected: the token would go along")
    func noRedirect() throws {
        let server = try LocalHTTPServer { _ in .full(status: 302, headers: ["Location": "http://127.0.0.1:9/elsewhere"]) }
        defer { server.stop() }
        var response = FetchResponse.notModified
        CurlTransfers(limits: FetchLimits()).run([FetchRequest(url: server.url("/a"), bearerToken: BearerToken("t0k3n-secret"), keepsErrorBodies: true)]) {
            response = $1
        }
        #expect(response == .failed("HTTP 302 redirects to http://127.0.0.1:9/elsewhere; a request with a bearer token is not redirected"))
    }
}
