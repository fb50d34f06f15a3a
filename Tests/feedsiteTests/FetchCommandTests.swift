import Foundation
import Testing
@testable import FeedsiteKit
#if canImport(Glibc)
import Glibc
#endif

/// `feedsite fetch` run as a binary: its output, exit codes, lock, and snapshots when it is killed.
@Suite(.serialized) struct FetchCommandTests {
    static func rss(_ ids: [String]) -> String {
        "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Feed</title>"
            + ids.map { "<item><guid>\($0)</guid><title>Post \($0)</title><description>Text \($0)</description></item>" }.joined()
            + "</channel></rss>"
    }

    static func server() throws -> LocalHTTPServer {
        try LocalHTTPServer { request in
            switch request.path {
            case "/feed.rss": .full(status: 200, body: Array(rss(["1", "2"]).utf8))
            case "/silent": .silence
            default: .full(status: 404)
            }
        }
    }

    @Test("fetch prints one line per failed feed and the summary, and exits 1 when a feed failed, 0 when none did")
    func summaryAndExitCodes() throws {
        let server = try Self.server()
        defer { server.stop() }
        let site = try TemporarySite(["site.yml": """
            title: T
            accounts:
              - handle: jack
                feed: \(server.url("/feed.rss"))
              - handle: bob
                feed: \(server.url("/gone.rss"))
              - handle: quiet
            """], withDefaultTemplates: false)
        let failed = try ProcessRunner.run(["fetch"], in: site.path)
        #expect(failed.status == 1)
        #expect(failed.out == "")
        let lines = failed.err.split(separator: "\n").map(String.init)
        // Not a terminal: no progress, just the failure and the summary.
        #expect(lines.count == 2 && !failed.err.contains("\r"))
        #expect(lines.first == "bob: \(server.url("/gone.rss")): HTTP 404 Not Found")
        #expect(lines.last?.hasPrefix("fetched 2 feeds in ") == true)
        #expect(lines.last?.hasSuffix(" s: 1 updated, 0 unchanged, 1 failed") == true)
        let ok = try ProcessRunner.run(["fetch", "--only", "jack"], in: site.path)
        #expect(ok.status == 0)
        #expect(ok.err.hasSuffix(" s: 0 updated, 1 unchanged, 0 failed\n"))
        #expect(try ProcessRunner.run(["fetch", "-q", "--only", "jack"], in: site.path).err == "")
        // Several handles: after --only, with commas, or alone after the command.
        for arguments in [["fetch", "--only", "jack", "bob"], ["fetch", "--only", "jack,bob"], ["fetch", "jack", "bob"]] {
            let both = try ProcessRunner.run(arguments, in: site.path)
            #expect(both.status == 1)
            #expect(both.err.hasSuffix(" s: 0 updated, 1 unchanged, 1 failed\n"), "\(arguments)")
        }
    }

    @Test("on a terminal, fetch shows its progress as done/total on one line it rewrites")
    func progressOnTerminal() throws {
        let site = try TemporarySite(["site.yml": "title: T\ndefaults:\n  feed: feeds/{handle}.xml\naccounts:\n  - handle: a\n  - handle: b\n",
                                      "feeds/a.xml": Self.rss(["1"]), "feeds/b.xml": Self.rss(["2"])], withDefaultTemplates: false)
        // script(1) runs the command on a pseudo-terminal and copies what it shows to stdout.
        let result = try ProcessRunner.run(["-qec", "'\(ProcessRunner.executable.path)' fetch", "/dev/null"],
                                           executable: "/usr/bin/script", in: site.path)
        #expect(result.status == 0)
        #expect(result.out.contains("\r\u{1B}[K1/2\r\u{1B}[K2/2\r\u{1B}[K"))
        #expect(result.out.contains("fetched 2 feeds in "))
    }

    @Test("fetch usage errors exit 2", arguments: [["fetch", "nobody"], ["fetch", "--timeout", "soon"], ["fetch", "--only"], ["fetch", "--only", "nobody"]])
    func usage(arguments: [String]) throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: jack\n    feed: feeds/jack.xml\n"], withDefaultTemplates: false)
        let result = try ProcessRunner.run(arguments, in: site.path)
        #expect(result.status == 2)
        #expect(!result.err.isEmpty)
    }

    @Test("a second fetch in the same site while one runs is refused with exit 2")
    func secondFetchRefused() throws {
        let server = try Self.server()
        defer { server.stop() }
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: jack\n    feed: \(server.url("/silent"))\n"],
                                     withDefaultTemplates: false)
        let first = Process()
        first.executableURL = ProcessRunner.executable
        first.arguments = ["fetch", "--timeout", "30"]
        first.currentDirectoryURL = URL(fileURLWithPath: site.path)
        first.standardOutput = FileHandle.nullDevice
        first.standardError = FileHandle.nullDevice
        try first.run()
        defer {
            kill(first.processIdentifier, SIGKILL)
            first.waitUntilExit()
        }
        // Wait (bounded) until the first fetch holds the lock.
        let lockPath = site.path + "/snapshots/.fetch.lock"
        var held = false
        for _ in 0..<120 where !held {
            let descriptor = open(lockPath, O_RDONLY)
            if descriptor >= 0 {
                held = flock(descriptor, LOCK_EX | LOCK_NB) != 0
                close(descriptor)
            }
            if !held { usleep(25_000) }
        }
        #expect(held, "the first fetch never took the lock")
        let second = try ProcessRunner.run(["fetch"], in: site.path)
        #expect(second.status == 2)
        #expect(second.err.contains("another 'feedsite fetch' is running for this site (it holds snapshots/.fetch.lock)"))
    }

    @Test("a snapshot broken by hand stops the build with exit 2 at snapshots/HANDLE.json:line:col, and nothing is written")
    func brokenSnapshotStopsBuild() throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: Jack\n",
                                      "snapshots/jack.json": "{\n  \"format\": 1,\n  \"handle\": \"Jack\",\n  \"fetch\": {\"source\": \"x\"},\n  \"posts\": [\n    {\"id\": 7}\n  ]\n}\n"])
        let result = try ProcessRunner.run(["build"], in: site.path)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("snapshots/jack.json:6:12: error: expected a string, found a number\n"))
        #expect(!site.exists("output"))
    }

    /// 120 accounts with file feeds (two batches of snapshots put in place), each feed version A or B of its posts.
    static func writeFeeds(_ site: TemporarySite, version: String) throws {
        for index in 0..<120 {
            try site.write("feeds/u\(index).xml", rss((0..<5).map { "\(version)\(index)-\($0)" }))
        }
    }

    @Test("after 20 kills that land while fetches run, every snapshot parses and holds the old posts or the new ones")
    func killedFetches() throws {
        var yaml = "title: T\ndefaults:\n  feed: feeds/{handle}.xml\naccounts:\n"
        for index in 0..<120 { yaml += "  - handle: u\(index)\n" }
        let site = try TemporarySite(["site.yml": yaml], withDefaultTemplates: false)
        try Self.writeFeeds(site, version: "A")
        // The shortest of three runs: the first one is slow (nothing cached yet), and kills timed by it
        // would mostly land after later runs had finished.
        var duration = Double.infinity
        for _ in 0..<3 {
            let start = Date()
            #expect(try ProcessRunner.run(["fetch", "-q"], in: site.path).status == 0)
            duration = min(duration, Date().timeIntervalSince(start))
        }
        let store = SnapshotStore(folder: site.path + "/snapshots")
        var generator = SystemRandomNumberGenerator()
        var killedMidway = 0
        // Rounds go on until 20 kills landed while a fetch ran, within at most 80 rounds.
        for round in 0..<80 where killedMidway < 20 {
            let version = round % 2 == 0 ? "B" : "A"
            try Self.writeFeeds(site, version: version)
            let process = try ProcessRunner.start(["fetch", "-q"], in: site.path)
            usleep(UInt32(Double.random(in: 0...duration, using: &generator) * 1_000_000))
            if process.isRunning { killedMidway += 1 }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            for index in 0..<120 {
                let snapshot = try store.read("u\(index)")
                let ids = snapshot?.posts.map(\.id) ?? []
                let matches = ids == (0..<5).map { "A\(index)-\($0)" } || ids == (0..<5).map { "B\(index)-\($0)" }
                #expect(matches, "round \(round): u\(index).json holds \(ids)")
                if !matches { return }
            }
        }
        #expect(killedMidway >= 20, "kills should land while the fetch runs (\(killedMidway) did in 80 rounds)")
        #expect(try ProcessRunner.run(["fetch", "-q"], in: site.path).status == 0)
        #expect(!site.list("snapshots").contains { $0.hasSuffix(".tmp") })
    }
}

extension FetchCommandTests {
    @Test("a file feed that is a FIFO fails at once as not a regular file, instead of waiting for a writer forever")
    func fifoFeed() throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: jack\n    feed: feeds/jack.xml\n"], withDefaultTemplates: false)
        try FileManager.default.createDirectory(atPath: site.path + "/feeds", withIntermediateDirectories: true)
        #expect(mkfifo(site.path + "/feeds/jack.xml", 0o644) == 0)
        let result = try ProcessRunner.run(["fetch"], in: site.path)
        #expect(result.status == 1)
        #expect(result.err.contains("is not a regular file"))
    }
}

extension FetchCommandTests {
    @Test("a failing file feed is named as site.yml names it, once, and no absolute path reaches the snapshot")
    func fileFeedMessages() throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: jack\n    feed: feeds/jack.xml\n",
                                      "feeds/jack.xml": " \n"], withDefaultTemplates: false)
        let result = try ProcessRunner.run(["fetch"], in: site.path)
        #expect(result.status == 1)
        #expect(result.err.hasPrefix("jack: feeds/jack.xml: the feed is empty\n"))
        let snapshot = try #require(site.read("snapshots/jack.json"))
        #expect(!snapshot.contains(site.path))
        try FileManager.default.removeItem(atPath: site.path + "/feeds/jack.xml")
        let missing = try ProcessRunner.run(["fetch"], in: site.path)
        #expect(!missing.err.contains(site.path))
        #expect(!(site.read("snapshots/jack.json") ?? "").contains(site.path))
    }
}

extension FetchCommandTests {
    @Test("a feed on this machine is fetched directly even when http_proxy names a proxy (none listens there)")
    func loopbackSkipsProxy() throws {
        let server = try Self.server()
        defer { server.stop() }
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: jack\n    feed: \(server.url("/feed.rss"))\n"],
                                     withDefaultTemplates: false)
        let proxy = "http://127.0.0.1:9"
        let result = try ProcessRunner.run(["http_proxy=\(proxy)", "HTTP_PROXY=\(proxy)", "no_proxy=", ProcessRunner.executable.path, "fetch"],
                                           executable: "/usr/bin/env", in: site.path)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.hasSuffix(" s: 1 updated, 0 unchanged, 0 failed\n"))
    }
}
