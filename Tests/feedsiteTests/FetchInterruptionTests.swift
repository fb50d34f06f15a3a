import Foundation
import Testing
@testable import FeedsiteKit
#if canImport(Glibc)
import Glibc
#endif

/// `feedsite fetch` stopped by a signal or by a disk that takes no more: no temporary file is left
/// in snapshots/, every snapshot is the old one or the new one, and the exit status says so.
@Suite(.serialized) struct FetchInterruptionTests {
    @Test("SIGINT or SIGTERM while snapshots wait to be put in place removes their temporary files", arguments: [SIGINT, SIGTERM])
    func signalLeavesNoTemporaryFile(_ number: Int32) throws {
        let server = try FetchCommandTests.server()
        defer { server.stop() }
        // jack's file feed is read at once and staged; bob's server never answers, so the staged file waits.
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: jack\n    feed: feeds/jack.xml\n"
                                      + "  - handle: bob\n    feed: \(server.url("/silent"))\n",
                                      "feeds/jack.xml": FetchCommandTests.rss(["1"])], withDefaultTemplates: false)
        let process = Process()
        process.executableURL = ProcessRunner.executable
        process.arguments = ["fetch", "--timeout", "60"]
        process.currentDirectoryURL = URL(fileURLWithPath: site.path)
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        var staged = false
        for _ in 0..<400 where !staged {
            staged = site.list("snapshots").contains { $0.hasSuffix(".tmp") }
            if !staged { usleep(25_000) }
        }
        #expect(staged, "jack's snapshot was never staged")
        kill(process.processIdentifier, number)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == number)
        #expect(message.contains("fetch stopped by \(number == SIGINT ? "SIGINT" : "SIGTERM")"))
        #expect(site.list("snapshots").filter { $0.hasSuffix(".tmp") } == [])
        #expect(!site.exists("snapshots/jack.json"))
    }

    @Test("a snapshot the disk cannot take fails with its file and the system's reason; the others are put in place; exit 2")
    func fullDisk() throws {
        // 150 posts of 2,000 characters make a snapshot far above the file size limit set below; one post stays far under it.
        let big = FetchCommandTests.rss((0..<150).map { "\($0)-" + String(repeating: "x", count: 2_000) })
        let site = try TemporarySite(["site.yml": "title: T\ndefaults:\n  feed: feeds/{handle}.xml\n  posts: 200\naccounts:\n"
                                      + "  - handle: big\n  - handle: small\n",
                                      "feeds/big.xml": big, "feeds/small.xml": FetchCommandTests.rss(["1"])], withDefaultTemplates: false)
        // RLIMIT_FSIZE makes write(2) fail like a full disk does (EFBIG instead of ENOSPC), with no privileges
        // needed; SIGXFSZ is ignored so that the write fails instead of killing the process.
        let result = try ProcessRunner.run(["-c", "trap '' XFSZ; ulimit -f 64 && exec \"$0\" fetch", ProcessRunner.executable.path],
                                           executable: "/bin/sh", in: site.path)
        #expect(result.status == 2, "\(result.err)")
        let lines = result.err.split(separator: "\n").map(String.init)
        #expect(lines.first == "big: snapshots/big.json: cannot write the snapshot: File too large")
        #expect(lines.last?.hasSuffix(" s: 1 updated, 0 unchanged, 1 failed (1 snapshot not written)") == true)
        #expect(try SnapshotStore(folder: site.path + "/snapshots").read("small")?.posts.map(\.id) == ["1"])
        #expect(!site.exists("snapshots/big.json"))
        #expect(site.list("snapshots").filter { $0.hasSuffix(".tmp") } == [])
    }

    @Test("fetch in a site where no account has a feed says how to give one, exits 0 and makes no snapshots folder")
    func noFeed() throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: jack\n  - handle: bob\n    feed: none\n"],
                                     withDefaultTemplates: false)
        let result = try ProcessRunner.run(["fetch"], in: site.path)
        #expect(result.status == 0)
        #expect(result.out == "")
        #expect(result.err == "site.yml: no account has a feed: set `feed:` on an account, or in `defaults` for all "
                + "(feed: https://bridge.example/{handle}.rss); nothing was fetched\n")
        #expect(!site.exists("snapshots"))
    }
}
