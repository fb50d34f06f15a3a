import Foundation
import Testing
@testable import FeedsiteKit

@Suite(.serialized) struct CurlTransfersTests {
    /// Fetches `urls` with `limits` and returns each response in request order and the seconds it took.
    static func fetch(_ requests: [FetchRequest], limits: FetchLimits = FetchLimits()) -> (responses: [FetchResponse], seconds: Double) {
        var responses = [FetchResponse?](repeating: nil, count: requests.count)
        let start = ContinuousClock.now
        CurlTransfers(limits: limits).run(requests) { index, response in responses[index] = response }
        return (responses.map { $0 ?? .failed("no response") }, Double((ContinuousClock.now - start) / .milliseconds(1)) / 1000)
    }

    static func fetch(_ url: String, limits: FetchLimits = FetchLimits()) -> FetchResponse {
        fetch([FetchRequest(url: url)], limits: limits).responses[0]
    }

    /// Fetches one `url` with a timeout of `timeout` seconds: its response and the seconds it took.
    static func fetch(_ url: String, timeout: Double) -> (response: FetchResponse, seconds: Double) {
        var limits = FetchLimits()
        limits.timeout = timeout
        let (responses, seconds) = fetch([FetchRequest(url: url)], limits: limits)
        return (responses[0], seconds)
    }

    static func failure(_ response: FetchResponse) -> String? {
        if case .failed(let reason) = response { return reason }
        return nil
    }

    @Test("a feed comes with its ETag and Last-Modified, and a request conditional on that ETag gets 304")
    func conditionalRequest() throws {
        let server = try FeedFixtures.server()
        defer { server.stop() }
        guard case .body(let body) = Self.fetch(server.url("/feed.rss")) else { Issue.record("expected a body"); return }
        #expect(body.bytes == FeedFixtures.feed)
        #expect(body.etag == "\"v1\"")
        #expect(body.lastModified == "Tue, 01 Dec 2026 00:00:00 GMT")
        #expect(body.contentType == "application/rss+xml")
        let again = Self.fetch([FetchRequest(url: server.url("/feed.rss"), etag: body.etag, lastModified: body.lastModified)]).responses[0]
        #expect(again == .notModified)
    }

    @Test("a gzip-encoded feed is asked for and decoded")
    func gzip() throws {
        let server = try FeedFixtures.server()
        defer { server.stop() }
        guard case .body(let body) = Self.fetch(server.url("/gzip.rss")) else { Issue.record("expected a body"); return }
        #expect(body.bytes == FeedFixtures.feed)
    }

    @Test("five redirects are followed; a sixth, a loop or a redirect to another scheme is an error")
    func redirects() throws {
        let server = try FeedFixtures.server()
        defer { server.stop() }
        guard case .body(let body) = Self.fetch(server.url("/redirect/5")) else { Issue.record("expected a body"); return }
        #expect(body.bytes == FeedFixtures.feed)
        #expect(body.url == server.url("/redirect/0"))
        #expect(Self.failure(Self.fetch(server.url("/redirect/6"))) == "more than 5 redirects")
        #expect(Self.failure(Self.fetch(server.url("/loop/a")))
                == "redirect loop: \(server.url("/loop/a")) -> \(server.url("/loop/b")) -> \(server.url("/loop/a"))")
        #expect(Self.failure(Self.fetch(server.url("/to-file"))) == "HTTP 302 redirects to file:///etc/passwd, which is not http or https")
        #expect(Self.failure(Self.fetch("ftp://127.0.0.1:\(server.port)/feed.rss"))?.contains("ftp") == true)
    }

    @Test("404 and 500 fail with their status")
    func statuses() throws {
        let server = try FeedFixtures.server()
        defer { server.stop() }
        #expect(Self.failure(Self.fetch(server.url("/status/404"))) == "HTTP 404 Not Found")
        #expect(Self.failure(Self.fetch(server.url("/status/500"))) == "HTTP 500 Internal Server Error")
    }

    @Test("429 with Retry-After within the timeout is retried after the wait; a Retry-After beyond it fails at once")
    func retryAfter() throws {
        let server = try FeedFixtures.server()
        defer { server.stop() }
        let (response, seconds) = Self.fetch(server.url("/retry"), timeout: 5)
        guard case .body(let body) = response else { Issue.record("expected a body, got \(response)"); return }
        #expect(body.bytes == FeedFixtures.feed)
        #expect(seconds >= 0.9)
        let (later, laterSeconds) = Self.fetch(server.url("/retry-later"), timeout: 5)
        #expect(Self.failure(later) == "HTTP 503 Service Unavailable (Retry-After asked to wait 3600 s, more than is left of the 5 s --timeout, so not retried)")
        #expect(laterSeconds < 2)
    }

    @Test("a 429 or 503 that is not retried says what Retry-After asked and why it was not honoured", arguments: [
        ("/retry-always", "HTTP 429 Too Many Requests again after 3 retries, the most feedsite makes (Retry-After asked to wait 0 s more)"),
        ("/retry-never", "HTTP 503 Service Unavailable (no Retry-After, so not retried)"),
        ("/retry-garbled", "HTTP 429 Too Many Requests (Retry-After: soon is neither seconds nor an HTTP date, so not retried)"),
    ])
    func retryRefused(path: String, message: String) throws {
        let server = try FeedFixtures.server()
        defer { server.stop() }
        #expect(Self.failure(Self.fetch(server.url(path), timeout: 5).response) == message)
    }

    @Test("a 304 to a request without validators is a failure, not 'unchanged'")
    func unaskedNotModified() throws {
        let server = try FeedFixtures.server()
        defer { server.stop() }
        #expect(Self.failure(Self.fetch(server.url("/304"))) == "the server answered 304 Not Modified to an unconditional request")
        #expect(Self.fetch([FetchRequest(url: server.url("/304"), etag: "\"x\"")]).responses[0] == .notModified)
    }

    @Test("a server that never answers fails after the timeout")
    func timeout() throws {
        let server = try FeedFixtures.server()
        defer { server.stop() }
        let (response, seconds) = Self.fetch(server.url("/silent"), timeout: 1)
        #expect(Self.failure(response) == "no complete answer within 1 s (--timeout)")
        #expect(seconds >= 0.9 && seconds < 5)
    }

    @Test("a 50 MiB body, an endless chunked body and a gzip bomb stop at the size limit of the decoded bytes",
          arguments: ["/big", "/endless", "/bomb"])
    func sizeLimit(path: String) throws {
        let server = try FeedFixtures.server()
        defer { server.stop() }
        let (response, seconds) = Self.fetch(server.url(path), timeout: 20)
        #expect(Self.failure(response) == "larger than the limit of 10 MiB (after decompression)")
        #expect(seconds < 10)
    }

    @Test("connections are reused: 20 feeds from one host take at most 4 connections")
    func connectionReuse() throws {
        let server = try LocalHTTPServer { _ in .full(status: 200, body: FeedFixtures.feed) }
        defer { server.stop() }
        let (responses, _) = Self.fetch((0..<20).map { FetchRequest(url: server.url("/feed/\($0).rss")) })
        #expect(responses.allSatisfy { if case .body = $0 { true } else { false } })
        #expect(server.connectionsAccepted <= 4)
    }

    @Test("at most 4 transfers run at once to one host and 16 in all, and they do run side by side")
    func concurrency() throws {
        let gauge = RequestGauge()
        let servers = try (0..<5).map { _ in
            try LocalHTTPServer { _ in gauge.measure(seconds: 0.2) { .full(status: 200, body: FeedFixtures.feed) } }
        }
        defer { for server in servers { server.stop() } }
        let requests = (0..<60).map { FetchRequest(url: servers[$0 % 5].url("/slow/\($0)")) }
        let (responses, seconds) = Self.fetch(requests)
        #expect(responses.allSatisfy { if case .body = $0 { true } else { false } })
        for server in servers { #expect(server.mostConcurrentRequests <= 4) }
        // Five hosts of four would allow 20: the total bound is what holds it to 16.
        #expect(gauge.most <= 16)
        #expect(gauge.most >= 8)
        // 60 transfers of 0.2 s, 16 at a time: about 0.8 s; one at a time would be 12 s.
        #expect(seconds < 6)
    }
}
