import Foundation
import FeedsiteTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A large static file costs a build a buffer of memory, not its size: it is copied and compared in
/// chunks. Measured as the peak resident memory of a `feedsite build` child (from wait4's rusage), so
/// what other tests allocate meanwhile in this process does not count.
@Suite struct StaticFileMemoryTests {
    static let siteYAML = "title: Memory\naccounts:\n  - handle: outputdd\n"
    static let size = 64 << 20

    /// Runs `feedsite arguments` in `folder` with no input or output; returns its exit status and peak resident bytes.
    static func peakResidentBytes(_ arguments: [String], in folder: String) throws -> (status: Int32, bytes: Int) {
        let argv = ["/bin/sh", "-c", "cd \"$1\" && shift && exec \"$@\"", "sh", folder, ProcessRunner.executable.path] + arguments
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" } + ["NO_COLOR=1"]
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup($0) } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        try #require(posix_spawn(&pid, "/bin/sh", &actions, nil, cArguments, cEnvironment) == 0)
        var status: Int32 = 0
        var usage = rusage()
        var waited: pid_t
        repeat { waited = wait4(pid, &status, 0, &usage) } while waited < 0 && errno == EINTR
        try #require(waited == pid, "wait4: \(String(cString: strerror(errno)))")
        // ru_maxrss is in kilobytes on Linux.
        return ((status >> 8) & 0xFF, Int(usage.ru_maxrss) * 1024)
    }

    /// A file of `size` bytes with a few written over its holes (quick to make on any disk).
    static func makeLarge(at path: String, size: Int) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        try handle.truncate(atOffset: UInt64(size))
        try handle.seek(toOffset: UInt64(size / 3))
        try handle.write(contentsOf: Data("somewhere".utf8))
    }

    @Test("building, comparing and rewriting a 64 MB static file leaves peak memory within 32 MB of a build with a 1-byte one")
    func boundedMemory() throws {
        let small = try TemporarySite(["site.yml": Self.siteYAML, "static/video.bin": "x"])
        let baseline = try Self.peakResidentBytes(["build", "-q"], in: small.path)
        #expect(baseline.status == 0)

        let large = try TemporarySite(["site.yml": Self.siteYAML])
        try Self.makeLarge(at: large.path + "/static/video.bin", size: Self.size)
        // A first build writes it; after a template change, a build compares it with the copy; after a change of its own, one rewrites it.
        let written = try Self.peakResidentBytes(["build", "-q"], in: large.path)
        try large.write("templates/index.html", (large.read("templates/index.html") ?? "") + "\n")
        let compared = try Self.peakResidentBytes(["build", "-q"], in: large.path)
        let handle = try #require(FileHandle(forWritingAtPath: large.path + "/static/video.bin"))
        try handle.seek(toOffset: UInt64(Self.size / 2))
        try handle.write(contentsOf: Data("changed".utf8))
        try handle.close()
        let rewritten = try Self.peakResidentBytes(["build", "-q"], in: large.path)

        for (what, run) in [("written", written), ("compared", compared), ("rewritten", rewritten)] {
            #expect(run.status == 0, "\(what)")
            #expect(run.bytes - baseline.bytes < 32 << 20,
                    "\(what): peak \(run.bytes >> 20) MiB against \(baseline.bytes >> 20) MiB for a build with a 1-byte file")
        }
    }
}
