import Foundation
import Synchronization
import Testing
@testable import FeedsiteKit

/// `feed: x-api` against answers X should not give: rate-limit resets that are no time, a token
/// repeated in posts, tokens and addresses that cannot be right.
@Suite struct XAPIOddAnswerTests {
    /// jack reads a feed file; `oddreset` is rate-limited with `reset` as its reset. Returns the fetch's lines
    /// and whether jack's snapshot was in place when X's API was first asked.
    static func fetchWithReset(_ reset: String) throws -> (FetchSummary, [String], Bool, TemporarySite) {
        let fake = try FakeXAPI()
        defer { fake.stop() }
        fake.oddReset = reset
        let rss = #"<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><item><title>a</title><guid>1</guid></item></channel></rss>"#
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: jack\n    feed: jack.xml\n  - handle: oddreset\n    feed: x-api\n",
                                      "jack.xml": rss], withDefaultTemplates: false)
        let path = site.path + "/snapshots/jack.json"
        let seen = Mutex(false)
        fake.observe = { _ in if access(path, F_OK) == 0 { seen.withLock { $0 = true } } }
        let (summary, lines) = try XAPIFetchTests.fetch(site, fake, timeout: 3)
        return (summary, lines, seen.withLock { $0 }, site)
    }

    @Test("a reset that is no time (beyond any date, negative, milliseconds, 0) fails the account at once, saying X gave no usable time",
          arguments: ["-9223372036854775808", "9223372036854775807", "1764570000000", "0", "soon"])
    func oddReset(_ reset: String) throws {
        let start = ContinuousClock.now
        let (summary, lines, _, site) = try Self.fetchWithReset(reset)
        #expect(summary.failed == 1 && summary.updated == 1, "\(lines)")
        #expect(lines == ["oddreset: x-api: user lookup: HTTP 429 Too Many Requests: X's rate limit is used up (X's x-rate-limit-reset is "
            + "no time near now): run feedsite fetch again later"])
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(try XAPIFetchTests.snapshot(site, "jack")?.posts.count == 1)
    }

    @Test("the snapshots of other feeds are in place before X's API is asked, which may wait for a rate limit")
    func committedFirst() throws {
        let (_, _, seen, _) = try Self.fetchWithReset(String(Int(Date().timeIntervalSince1970) + 3600))
        #expect(seen)
    }

    @Test("a reset already past is asked again at once, and the message does not say the limit resets in the past")
    func pastReset() throws {
        let (_, lines, _, _) = try Self.fetchWithReset(String(Int(Date().timeIntervalSince1970) - 60))
        #expect(lines.count == 1)
        #expect(lines.first?.contains("still used up after waiting for it once (though X said it reset at") == true, "\(lines)")
    }

    @Test("a Retry-After beyond any date is not turned into a number that overflows")
    func hugeRetryAfter() {
        #expect(CurlTransfers.retryAfterSeconds("9223372036854775807", now: 0) == CurlTransfers.longestRetryAfter)
        #expect(CurlTransfers.seconds(CurlTransfers.longestRetryAfter) == "31536000")
    }

    @Test("a token X repeats in a post, as it is or percent-encoded in a link, is written nowhere")
    func tokenInPost() throws {
        let fake = try FakeXAPI(token: "AAAA+secret/tok3n==")
        defer { fake.stop() }
        let site = try XAPIFetchTests.site(["leaky"])
        let (summary, lines) = try XAPIFetchTests.fetch(site, fake)
        #expect(summary.updated == 1, "\(lines)")
        let text = try String(contentsOfFile: site.path + "/snapshots/leaky.json", encoding: .utf8)
        #expect(!text.contains("secret"), "\(text)")
        #expect(text.contains("token ***"))
    }

    @Test("what reading a feed leaves out or changes is reported as warnings, for files and X alike")
    func warnings() throws {
        let fake = try FakeXAPI()
        defer { fake.stop() }
        let rss = #"<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><item><title>a</title><guid>1</guid>"#
            + #"<pubDate>yesterday</pubDate></item></channel></rss>"#
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: bob\n    feed: bob.xml\n  - handle: partial\n    feed: x-api\n",
                                      "bob.xml": rss], withDefaultTemplates: false)
        var fetcher = FeedFetcher(config: try SiteConfigLoader.load(path: site.path + "/site.yml"))
        let base = fake.base, token = fake.token
        fetcher.environment = { $0 == "X_BEARER_TOKEN" ? token : $0 == "FEEDSITE_X_API_BASE" ? base : nil }
        var warned: [String: [String]] = [:]
        _ = try fetcher.run { if case .warned(let handle, _, let warnings) = $0 { warned[handle] = warnings } }
        #expect(warned["bob"]?.count == 1)
        #expect(warned["bob"]?.first?.contains("cannot read the date 'yesterday'") == true, "\(warned)")
        #expect(warned["partial"]?.first?.contains("X says: Authorization Error") == true, "\(warned)")
    }

    @Test("a token too short or with characters no bearer token has is refused, saying why; nothing is asked",
          arguments: [("t", "1 character, too few"), ("abc,defghij", "a character no bearer token has"), ("==abcdefgh", "a character no bearer token has")])
    func implausibleToken(_ token: String, _ expected: String) throws {
        let (fake, site) = try XAPIFetchTests.start(["jack"])
        defer { fake.stop() }
        let (summary, lines) = try XAPIFetchTests.fetch(site, fake, token: token)
        #expect(summary.failed == 1)
        #expect(lines.first?.contains("X_BEARER_TOKEN holds " + expected) == true, "\(lines)")
        #expect(fake.requests.isEmpty)
    }

    @Test("FEEDSITE_X_API_BASE with a port out of range or not a number, a query or a fragment is refused in the right words",
          arguments: [("http://127.0.0.1:99999", "with a port from 1 to 65535; found 'http://127.0.0.1:99999'"),
                      ("https://x.com:-1", "with a port from 1 to 65535"), ("https://x.com:abc", "with a port from 1 to 65535"),
                      ("http://127.0.0.1:9#@evil.com", "without a query (?) or fragment (#); found 'http://127.0.0.1:9#@evil.com'"),
                      ("https://x.com/?a=@b", "without a query (?) or fragment (#)")])
    func badPortOrFragment(_ base: String, _ expected: String) {
        do {
            _ = try XAPIEndpoint(checking: base)
            Issue.record("\(base) was accepted")
        } catch {
            #expect(error.message.contains(expected), "\(error.message)")
        }
    }

    @Test("FEEDSITE_X_API_BASE with a control character or user info is refused, shown escaped and as it is",
          arguments: [("https://x.com/\u{1B}[2J", "'https://x.com/\\u{1B}[2J', which has a space or a control character"),
                      ("http://localhost:1@evil.com", "without user info (@); found 'http://localhost:1@evil.com'")])
    func badBase(_ base: String, _ expected: String) {
        #expect(throws: InputError.self) { try XAPIEndpoint(checking: base) }
        do { _ = try XAPIEndpoint(checking: base) } catch { #expect(error.message.contains(expected), "\(error.message)") }
    }
}
