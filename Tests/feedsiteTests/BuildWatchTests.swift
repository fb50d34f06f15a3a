import Dispatch
import Foundation
import FeedsiteTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `feedsite build --watch` as a user runs it: a real process, stopped with Ctrl-C (SIGINT).
@Suite(.serialized) struct BuildWatchTests {
    /// A running `feedsite build --watch`, whose stderr is read a line at a time.
    final class Watching {
        let process = Process()
        let errors = Pipe()
        var seen: [String] = []
        let ended = DispatchSemaphore(value: 0)

        init(in folder: String, arguments: [String] = []) throws {
            process.executableURL = ProcessRunner.executable
            process.arguments = ["build", "--watch"] + arguments
            process.currentDirectoryURL = URL(fileURLWithPath: folder)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            process.standardInput = FileHandle.nullDevice
            process.terminationHandler = { [ended] _ in ended.signal() }
            try process.run()
        }

        /// Reads stderr until a line contains `text`; returns that line.
        @discardableResult
        func wait(for text: String) throws -> String {
            while true {
                let line = try ServeCommandTests.readLine(from: errors.fileHandleForReading)
                seen.append(line)
                if line.contains(text) { return line }
            }
        }

        /// Sends Ctrl-C and returns the exit status and the rest of stderr (status 9 when it had
        /// to be killed a minute later).
        func interrupt() -> (status: Int32, err: String) {
            ServeCommandTests.interrupt(process, ended: ended)
            return (process.terminationStatus, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }

    @Test("build --watch builds, rebuilds on a change of site.yml, a template or a data file, keeps watching after an error and exits 0 on Ctrl-C")
    func watch() throws {
        let folder = try TemporarySite(["site.yml": "title: First\naccounts:\n  - handle: outputdd\n", "data/motto.yml": "text: one\n"])
        let index = try #require(folder.read("templates/index.html"))
        try folder.write("templates/index.html", index.replacingOccurrences(of: "<h1>", with: "<h1 data-motto=\"{{data.motto.text}}\">"))
        let watching = try Watching(in: folder.path)
        try watching.wait(for: "watching site.yml, templates, data and static for changes; Ctrl-C stops")
        #expect(watching.seen.contains { $0.hasPrefix("built ") })
        #expect(folder.read("output/index.html")?.contains("<title>&#x2068;First&#x2069;</title>") == true)

        try folder.write("site.yml", "title: Second\naccounts:\n  - handle: outputdd\n")
        try watching.wait(for: "built ")
        #expect(folder.read("output/index.html")?.contains("<title>&#x2068;Second&#x2069;</title>") == true)

        try folder.write("data/motto.yml", "text: two\n")
        try watching.wait(for: "built ")
        #expect(folder.read("output/index.html")?.contains("data-motto=\"two\"") == true)

        try folder.write("data/motto.yml", "text: [broken\n")
        let error = try watching.wait(for: "error:")
        #expect(error.hasPrefix("data/motto.yml:2:1: error:"))
        #expect(folder.read("output/index.html")?.contains("data-motto=\"two\"") == true, "a failed build changes nothing")

        try folder.write("data/motto.yml", "text: three\n")
        try watching.wait(for: "built ")
        #expect(folder.read("output/index.html")?.contains("data-motto=\"three\"") == true, "watching went on after the error")

        let stopped = watching.interrupt()
        #expect(stopped.status == 0)
        #expect(stopped.err.hasSuffix("stopped watching\n"))
    }

    @Test("build --watch -q rebuilds but prints nothing but errors: no watching, rebuilding or stopped lines")
    func quiet() throws {
        let folder = try TemporarySite(["site.yml": "title: First\naccounts:\n  - handle: outputdd\n"])
        let watching = try Watching(in: folder.path, arguments: ["-q"])
        // Nothing is printed to wait for: the site is changed until a rebuild shows the watcher runs.
        var attempt = 0
        while folder.read("output/index.html")?.contains("<title>&#x2068;Second&#x2069;</title>") != true {
            if attempt % 20 == 0 { try folder.write("site.yml", "title: Second\naccounts:\n  - handle: outputdd\n# \(attempt)\n") }
            attempt += 1
            try #require(attempt < 1_200, "no rebuild within a minute")
            usleep(50_000)
        }
        let stopped = watching.interrupt()
        #expect(stopped.status == 0)
        #expect(stopped.err == "")
    }

    @Test("build --watch stopped by Ctrl-C as soon as it says it is watching exits 0", arguments: 0..<8)
    func interruptAtOnce(_ round: Int) throws {
        let folder = try TemporarySite(["site.yml": "title: First\naccounts:\n  - handle: outputdd\n"])
        let watching = try Watching(in: folder.path)
        try watching.wait(for: "Ctrl-C stops")
        let stopped = watching.interrupt()
        #expect(stopped.status == 0, "round \(round): \(stopped.err)")
        #expect(stopped.err.hasSuffix("stopped watching\n"))
    }

    @Test("build --watch on a folder without site.yml exits 2 at once; with --format json it is a usage error")
    func errors() throws {
        let folder = try TemporaryFolder()
        let missing = try ProcessRunner.run(["build", "--watch"], in: folder.path)
        #expect(missing.status == 2)
        #expect(missing.err.contains("site.yml: no such file"))
        let usage = try ProcessRunner.run(["build", "--watch", "--format", "json"], in: folder.path)
        #expect(usage.status == 2)
        #expect(usage.err.hasPrefix("error: --watch and --format json cannot be used together"))
    }
}
