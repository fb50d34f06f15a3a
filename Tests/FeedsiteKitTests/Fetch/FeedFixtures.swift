import Foundation
@testable import FeedsiteKit

/// Feeds and a local server that serves every case the fetch tests need.
enum FeedFixtures {
    /// An RSS 2.0 feed whose items have these ids.
    static func rss(_ ids: [String]) -> String {
        let items = ids.map { "<item><guid>\($0)</guid><title>Post \($0)</title><description>Text \($0)</description></item>" }
        return "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Feed</title><link>https://example.com/</link>"
            + items.joined() + "</channel></rss>"
    }

    static let feed = Array(rss(["1", "2"]).utf8)

    /// A server with a fixture at each path: /feed.rss (ETag "v1", 304 when it matches), /gzip.rss,
    /// /redirect/N (N redirects before the feed), /loop/a <-> /loop/b, /to-file, /status/N,
    /// /retry (429 with Retry-After: 1 once, then the feed), /retry-later (Retry-After: 3600),
    /// /retry-always (429, Retry-After: 0, every time), /retry-never (503 without Retry-After),
    /// /retry-garbled (Retry-After: soon), /five.rss (posts 1 to 5, ETag "v5", 304 when it matches),
    /// /304 (304 to every request),
    /// /silent, /big (50 MiB), /endless (chunked, never ends), /bomb (gzip of 50 MiB of zeros),
    /// /page.html.
    static func server() throws -> LocalHTTPServer {
        let gzipped = try Gzip.compress(feed)
        let bomb = try Gzip.zeros(50 << 20)
        let big = [UInt8](repeating: UInt8(ascii: "a"), count: 50 << 20)
        let retries = RequestCounter()
        let five = Array(rss(["1", "2", "3", "4", "5"]).utf8)
        return try LocalHTTPServer { request in
            let path = request.path
            switch path {
            case "/feed.rss":
                if request.headers["if-none-match"] == "\"v1\"" { return .full(status: 304, headers: ["ETag": "\"v1\""]) }
                return .full(status: 200, headers: ["ETag": "\"v1\"", "Last-Modified": "Tue, 01 Dec 2026 00:00:00 GMT",
                                                    "Content-Type": "application/rss+xml"], body: feed)
            case "/gzip.rss":
                guard request.headers["accept-encoding"]?.contains("gzip") == true else { return .full(status: 406) }
                return .full(status: 200, headers: ["Content-Encoding": "gzip"], body: gzipped)
            case "/loop/a": return .full(status: 302, headers: ["Location": "/loop/b"])
            case "/loop/b": return .full(status: 302, headers: ["Location": "/loop/a"])
            case "/to-file": return .full(status: 302, headers: ["Location": "file:///etc/passwd"])
            case "/retry":
                return retries.next(path) == 1 ? .full(status: 429, headers: ["Retry-After": "1"]) : .full(status: 200, body: feed)
            case "/retry-later": return .full(status: 503, headers: ["Retry-After": "3600"])
            case "/retry-always": return .full(status: 429, headers: ["Retry-After": "0"])
            case "/retry-never": return .full(status: 503)
            case "/retry-garbled": return .full(status: 429, headers: ["Retry-After": "soon"])
            case "/five.rss":
                if request.headers["if-none-match"] == "\"v5\"" { return .full(status: 304, headers: ["ETag": "\"v5\""]) }
                return .full(status: 200, headers: ["ETag": "\"v5\""], body: five)
            case "/304": return .full(status: 304)
            case "/silent": return .silence
            case "/big": return .full(status: 200, body: big)
            case "/endless": return .endless
            case "/bomb": return .full(status: 200, headers: ["Content-Encoding": "gzip"], body: bomb)
            case "/page.html": return .full(status: 200, headers: ["Content-Type": "text/html"], body: Array("<!doctype html><p>Hello".utf8))
            default: break
            }
            if path.hasPrefix("/redirect/"), let count = Int(path.dropFirst("/redirect/".count)) {
                return count == 0 ? .full(status: 200, body: feed) : .full(status: 301, headers: ["Location": "/redirect/\(count - 1)"])
            }
            if path.hasPrefix("/status/"), let status = Int(path.dropFirst("/status/".count)) { return .full(status: status) }
            return .full(status: 404)
        }
    }
}

/// Counts the requests per path, across the server's threads.
final class RequestCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    /// This request's number for `path`, from 1.
    func next(_ path: String) -> Int {
        lock.withLock {
            counts[path, default: 0] += 1
            return counts[path] ?? 0
        }
    }
}

/// How many requests are being answered at once, across servers.
final class RequestGauge: @unchecked Sendable {
    private let lock = NSLock()
    private var current = 0
    private(set) var most = 0

    /// Counts a request as running for `seconds`, then answers it with `response`.
    func measure(seconds: Double, _ response: () -> LocalHTTPServer.Response) -> LocalHTTPServer.Response {
        lock.withLock {
            current += 1
            most = max(most, current)
        }
        Thread.sleep(forTimeInterval: seconds)
        lock.withLock { current -= 1 }
        return response()
    }
}
