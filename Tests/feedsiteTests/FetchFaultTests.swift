import Foundation
import Testing
@testable import FeedsiteKit
#if canImport(Glibc)
import Glibc
#endif

/// `feedsite fetch` against a hostile network and a hostile machine: a server that breaks its
/// responses in every way a network can, and SIGKILL at random moments while hundreds of feeds come
/// in over HTTP.
@Suite(.serialized) struct FetchFaultTests {
    /// How many kills must land while a fetch runs; `scripts/fetch-kills` sets FEEDSITE_FETCH_KILLS for the long run.
    static let kills = ProcessInfo.processInfo.environment["FEEDSITE_FETCH_KILLS"].flatMap { Int($0) } ?? 20
    static let accounts = 300

    @Test("a reset connection, a truncated gzip stream, a Content-Length too short or too long and 200 with garbage each fail their account alone, with the reason")
    func brokenResponses() throws {
        let feed = Array(FetchCommandTests.rss(["1", "2", "3"]).utf8)
        let gzipped = try Gzip.compress(feed)
        let server = try LocalHTTPServer { request in
            let head = { (length: Int) in Array("HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml\r\nContent-Length: \(length)\r\n\r\n".utf8) }
            switch request.path {
            case "/reset": return .reset
            case "/truncated_gzip":
                return .full(status: 200, headers: ["Content-Encoding": "gzip"], body: Array(gzipped.prefix(gzipped.count / 2)))
            case "/longer": return .raw(head(feed.count + 1_000) + feed)
            case "/shorter": return .raw(head(feed.count / 2) + feed)
            case "/garbage": return .full(status: 200, headers: ["Content-Type": "application/rss+xml"], body: (0..<4_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) })
            default: return .full(status: 200, headers: ["Content-Type": "application/rss+xml"], body: feed)
            }
        }
        defer { server.stop() }
        let broken = ["reset", "truncated_gzip", "longer", "shorter", "garbage"]
        var yaml = "title: T\naccounts:\n"
        for index in 0..<20 { yaml += "  - handle: ok\(index)\n    feed: \(server.url("/ok/\(index)"))\n" }
        for name in broken { yaml += "  - handle: \(name)\n    feed: \(server.url("/" + name))\n" }
        let site = try TemporarySite(["site.yml": yaml], withDefaultTemplates: false)
        let result = try ProcessRunner.run(["fetch", "--timeout", "20"], in: site.path)
        #expect(result.status == 1, "\(result.err)")
        let lines = result.err.split(separator: "\n").map(String.init)
        let reasons = [
            "reset": "Recv failure: Connection reset by peer",
            "truncated_gzip": "the feed is not well-formed XML",
            "longer": "transfer closed with 1000 bytes remaining to read",
            "shorter": "the feed is not well-formed XML",
            "garbage": "not a feed: expected '<' (RSS or Atom) or '{' (JSON Feed) at the start",
        ]
        for name in broken {
            let line = lines.filter { $0.hasPrefix(name + ": ") }
            #expect(line.count == 1, "\(name): \(line)")
            #expect(line.first?.hasPrefix("\(name): \(server.url("/" + name)): ") == true, "\(name): \(line)")
            #expect(line.first?.contains(reasons[name] ?? "?") == true, "\(name): \(line)")
            let snapshot = try SnapshotStore(folder: site.path + "/snapshots").read(name)
            #expect(snapshot?.posts == [] && snapshot?.record.error != nil, "\(name)")
        }
        #expect(lines.last?.hasSuffix(" s: 20 updated, 0 unchanged, 5 failed") == true, "\(result.err)")
        for index in 0..<20 {
            #expect(try SnapshotStore(folder: site.path + "/snapshots").read("ok\(index)")?.posts.map(\.id) == ["1", "2", "3"])
        }
    }

    @Test("SIGKILL at random moments while 300 feeds come in over HTTP: each snapshot is the old file or a complete new one, byte for byte, and the next fetch completes")
    func killedHTTPFetches() throws {
        let version = Version()
        let server = try LocalHTTPServer { request in
            let index = request.path.split(separator: "/").last.map(String.init) ?? ""
            return .full(status: 200, headers: ["Content-Type": "application/rss+xml"],
                         body: Array(FetchCommandTests.rss(Self.ids(version.current, index)).utf8))
        }
        defer { server.stop() }
        var yaml = "title: T\naccounts:\n"
        for index in 0..<Self.accounts { yaml += "  - handle: u\(index)\n    feed: \(server.url("/feed/\(index)"))\n" }
        let site = try TemporarySite(["site.yml": yaml], withDefaultTemplates: false)
        let store = SnapshotStore(folder: site.path + "/snapshots")
        // The shortest of two complete runs times the kills (the first one is the slowest).
        var duration = Double.infinity
        for _ in 0..<2 {
            let start = Date()
            #expect(try ProcessRunner.run(["fetch", "-q"], in: site.path).status == 0)
            duration = min(duration, Date().timeIntervalSince(start))
        }
        var generator = SystemRandomNumberGenerator()
        var killedMidway = 0
        var rounds = 0
        // When the kills landed: how many rounds had replaced no snapshot, some, or all of them.
        var replacedNone = 0, replacedSome = 0, replacedAll = 0
        while killedMidway < Self.kills && rounds < Self.kills * 4 {
            rounds += 1
            let old = (0..<Self.accounts).map { FileManager.default.contents(atPath: site.path + "/snapshots/u\($0).json") }
            version.current = "v\(rounds)-"
            let process = try ProcessRunner.start(["fetch", "-q"], in: site.path)
            // Every other kill aims at the end of the run, where the staged snapshots are put in place.
            let window = rounds % 2 == 0 ? 0...duration : duration * 0.7...duration * 1.1
            usleep(UInt32(Double.random(in: window, using: &generator) * 1_000_000))
            if process.isRunning { killedMidway += 1 }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            var replaced = 0
            defer {
                if replaced == 0 { replacedNone += 1 } else if replaced < Self.accounts { replacedSome += 1 } else { replacedAll += 1 }
            }
            for index in 0..<Self.accounts {
                let bytes = FileManager.default.contents(atPath: site.path + "/snapshots/u\(index).json")
                guard bytes != old[index] else { continue }
                replaced += 1
                // Not the old file: then the complete new one, exactly as a fetch writes it.
                let snapshot = try store.read("u\(index)")
                let complete = snapshot.map { Data($0.json) == bytes && $0.posts.map(\.id) == Self.ids(version.current, "\(index)") } ?? false
                #expect(complete, "round \(rounds): u\(index).json is neither the old file nor the new one")
                if !complete { return }
            }
        }
        #expect(killedMidway >= Self.kills, "\(killedMidway) of \(rounds) kills landed while the fetch ran")
        print("fetch kills: \(rounds) rounds of \(Self.accounts) feeds, \(killedMidway) kills while the fetch ran; \(replacedNone) rounds replaced no snapshot, \(replacedSome) some, \(replacedAll) all; a fetch took \(duration) s")
        version.current = "last-"
        #expect(try ProcessRunner.run(["fetch", "-q"], in: site.path).status == 0)
        #expect(!site.list("snapshots").contains { $0.hasSuffix(".tmp") })
        for index in 0..<Self.accounts {
            #expect(try store.read("u\(index)")?.posts.map(\.id) == Self.ids("last-", "\(index)"))
        }
    }
}

private extension FetchFaultTests {
    static func ids(_ version: String, _ index: String) -> [String] {
        (0..<3).map { "\(version)\(index)-\($0)" }
    }

    /// The version of the feeds the server sends, changed between rounds.
    final class Version: @unchecked Sendable {
        private let lock = NSLock()
        private var value = "v0-"

        var current: String {
            get { lock.withLock { value } }
            set { lock.withLock { value = newValue } }
        }
    }
}
