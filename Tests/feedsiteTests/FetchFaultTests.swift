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
    /// How many fetches are killed; `scripts/fetch-kills` sets FEEDSITE_FETCH_KILLS for the long run (50).
    static let rounds = ProcessInfo.processInfo.environment["FEEDSITE_FETCH_KILLS"].flatMap { Int($0) } ?? 12
    static let accounts = 300

    @Test("a reset connection (before the response or midway), a truncated or corrupt gzip stream, a Content-Length too short or too long and 200 with garbage each fail their account alone, with the reason")
    func brokenResponses() throws {
        let feed = Array(FetchCommandTests.rss(["1", "2", "3"]).utf8)
        let gzipped = try Gzip.compress(feed)
        let server = try LocalHTTPServer { request in
            let head = { (length: Int) in Array("HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml\r\nContent-Length: \(length)\r\n\r\n".utf8) }
            switch request.path {
            case "/reset": return .reset
            case "/reset_midway": return .resetAfter(head(feed.count) + feed.prefix(feed.count / 2))
            case "/corrupt_gzip":
                return .full(status: 200, headers: ["Content-Encoding": "gzip"], body: Array(gzipped.prefix(10)) + (0..<400).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            case "/truncated_gzip":
                return .full(status: 200, headers: ["Content-Encoding": "gzip"], body: Array(gzipped.prefix(gzipped.count / 2)))
            case "/longer": return .raw(head(feed.count + 1_000) + feed)
            case "/shorter": return .raw(head(feed.count / 2) + feed)
            case "/garbage": return .full(status: 200, headers: ["Content-Type": "application/rss+xml"], body: (0..<4_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) })
            default: return .full(status: 200, headers: ["Content-Type": "application/rss+xml"], body: feed)
            }
        }
        defer { server.stop() }
        let broken = ["reset", "reset_midway", "truncated_gzip", "corrupt_gzip", "longer", "shorter", "garbage"]
        var yaml = "title: T\naccounts:\n"
        for index in 0..<20 { yaml += "  - handle: ok\(index)\n    feed: \(server.url("/ok/\(index)"))\n" }
        for name in broken { yaml += "  - handle: \(name)\n    feed: \(server.url("/" + name))\n" }
        let site = try TemporarySite(["site.yml": yaml], withDefaultTemplates: false)
        let result = try ProcessRunner.run(["fetch", "--timeout", "20"], in: site.path)
        #expect(result.status == 1, "\(result.err)")
        let lines = result.err.split(separator: "\n").map(String.init)
        let reasons = [
            "reset": "Recv failure: Connection reset by peer",
            "reset_midway": "Recv failure: Connection reset by peer",
            "corrupt_gzip": "Error while processing content unencoding",
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
        #expect(lines.last?.hasSuffix(" s: 20 updated, 0 unchanged, 7 failed") == true, "\(result.err)")
        for index in 0..<20 {
            #expect(try SnapshotStore(folder: site.path + "/snapshots").read("ok\(index)")?.posts.map(\.id) == ["1", "2", "3"])
        }
    }

    @Test("SIGKILL at a random moment in each of many fetches of 300 feeds over HTTP: each snapshot is the old file or a complete new one, byte for byte, and the next fetch completes")
    func killedHTTPFetches() throws {
        let version = Version()
        let server = try LocalHTTPServer { request in
            let index = request.path.split(separator: "/").last.map(String.init) ?? ""
            return .full(status: 200, headers: ["Content-Type": "application/rss+xml"],
                         body: Array(FetchCommandTests.rss(Self.ids(version.answer(), index)).utf8))
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
        var tally = KillTally()
        for round in 1...Self.rounds {
            let old = (0..<Self.accounts).map { FileManager.default.contents(atPath: site.path + "/snapshots/u\($0).json") }
            version.start("v\(round)-")
            let process = try ProcessRunner.start(["fetch", "-q"], in: site.path)
            // Every other kill aims at the end of the run, where the last snapshots are put in place: a
            // random moment after the server answered a random number of requests from half of them to
            // all (the time alone misses that end whenever the machine is busier than when it was timed).
            if round % 2 == 1 {
                let requests = Int.random(in: Self.accounts / 2...Self.accounts, using: &generator)
                let deadline = Date().addingTimeInterval(60)
                while version.answered < requests, process.isRunning, Date() < deadline { usleep(1_000) }
                usleep(UInt32(Double.random(in: 0...duration / 2, using: &generator) * 1_000_000))
            } else {
                usleep(UInt32(Double.random(in: 0...duration, using: &generator) * 1_000_000))
            }
            let running = process.isRunning
            let answered = version.answered
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let staged = site.list("snapshots").filter { $0.hasSuffix(".\(process.processIdentifier).tmp") }.count
            var replaced = 0
            for index in 0..<Self.accounts {
                let bytes = FileManager.default.contents(atPath: site.path + "/snapshots/u\(index).json")
                guard bytes != old[index] else { continue }
                replaced += 1
                // Not the old file: then the complete new one, exactly as a fetch writes it.
                let snapshot = try store.read("u\(index)")
                let complete = snapshot.map { Data($0.json) == bytes && $0.posts.map(\.id) == Self.ids(version.current, "\(index)") } ?? false
                #expect(complete, "round \(round): u\(index).json is neither the old file nor the new one")
                if !complete { return }
            }
            tally.record(running: running, answered: answered, staged: staged, replaced: replaced, of: Self.accounts)
            // After every other kill the next fetch runs to its end; after the others it is killed too.
            if round % 2 == 0 {
                version.start("after\(round)-")
                try expectCompleteFetch(in: site, store: store, version: "after\(round)-")
            }
        }
        #expect(tally.running * 2 >= Self.rounds, "only \(tally.running) of \(Self.rounds) kills landed while the fetch ran")
        print("fetch kills: \(tally.summary(rounds: Self.rounds, accounts: Self.accounts)); a complete fetch took \(String(format: "%.2f", duration)) s (\(ProcessRunner.executable.path))")
        version.start("last-")
        try expectCompleteFetch(in: site, store: store, version: "last-")
    }
}

private extension FetchFaultTests {
    static func ids(_ version: String, _ index: String) -> [String] {
        (0..<3).map { "\(version)\(index)-\($0)" }
    }

    /// A fetch that runs to its end: exit 0, every snapshot the new one, no temporary file left behind.
    func expectCompleteFetch(in site: TemporarySite, store: SnapshotStore, version: String) throws {
        let result = try ProcessRunner.run(["fetch", "-q"], in: site.path)
        #expect(result.status == 0, "\(result.err)")
        #expect(!site.list("snapshots").contains { $0.hasSuffix(".tmp") })
        for index in 0..<Self.accounts {
            #expect(try store.read("u\(index)")?.posts.map(\.id) == Self.ids(version, "\(index)"))
        }
    }

    /// The version of the feeds the server sends, changed between rounds, and how many requests it
    /// answered since.
    final class Version: @unchecked Sendable {
        private let lock = NSLock()
        private var value = "v0-"
        private var count = 0

        var current: String { lock.withLock { value } }
        var answered: Int { lock.withLock { count } }

        func start(_ version: String) {
            lock.withLock { value = version; count = 0 }
        }

        /// The version, for one more request.
        func answer() -> String {
            lock.withLock { count += 1; return value }
        }
    }

    /// Where in the fetch each kill landed.
    struct KillTally {
        /// Kills while the process ran.
        var running = 0
        /// Of those, kills while the server had not yet answered every feed's request.
        var downloading = 0
        /// Of those, kills while snapshots were being written: some staged (a temporary file of the
        /// killed process left behind) or put in place, not all.
        var writing = 0
        /// Kills after every snapshot was in place, before the process ended.
        var afterWriting = 0
        /// Rounds that replaced no snapshot, some, all.
        var replacedNone = 0, replacedSome = 0, replacedAll = 0

        mutating func record(running: Bool, answered: Int, staged: Int, replaced: Int, of accounts: Int) {
            if replaced == 0 { replacedNone += 1 } else if replaced < accounts { replacedSome += 1 } else { replacedAll += 1 }
            guard running else { return }
            self.running += 1
            if answered < accounts { downloading += 1 }
            if staged > 0 || (replaced > 0 && replaced < accounts) { writing += 1 }
            if replaced == accounts { afterWriting += 1 }
        }

        func summary(rounds: Int, accounts: Int) -> String {
            "\(rounds) fetches of \(accounts) feeds killed; \(running) kills landed mid-fetch (\(downloading) with downloads in flight, "
                + "\(writing) while snapshots were being written, \(afterWriting) after every snapshot was in place), "
                + "\(rounds - running) after the fetch had ended; snapshots replaced: none in \(replacedNone) rounds, "
                + "some in \(replacedSome), all in \(replacedAll)"
        }
    }
}
