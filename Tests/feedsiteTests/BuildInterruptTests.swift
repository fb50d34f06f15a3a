import Dispatch
import Foundation
import FeedsiteTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C while `feedsite build` copies a large static file: the build stops, removes its temporary
/// files and leaves the output folder as it was.
@Suite(.serialized) struct BuildInterruptTests {
    static let siteYAML = "title: Stop\naccounts:\n  - handle: outputdd\n"

    /// Every file below `folder` (hidden ones too) with its bytes, by relative path.
    static func contents(of folder: String) -> [String: Data] {
        var found: [String: Data] = [:]
        guard let names = FileManager.default.subpaths(atPath: folder) else { return [:] }
        for name in names {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder), !isFolder.boolValue {
                found[name] = FileManager.default.contents(atPath: folder + "/" + name)
            }
        }
        return found
    }

    /// Waits (without a fixed delay) until `appeared` holds or the process ended; true when it appeared.
    static func wait(for appeared: () -> Bool, while process: Process) -> Bool {
        while process.isRunning {
            if appeared() { return true }
            sched_yield()
        }
        return appeared()
    }

    /// A 4 GiB sparse file in static/: copying it takes long enough to be interrupted, and takes no disk until
    /// written. Made beside the site and renamed in, so that a watching build sees it whole at once.
    static func addBigFile(to folder: TemporarySite) throws {
        try folder.write("big.bin", "")
        #expect(truncate(folder.path + "/big.bin", 4 << 30) == 0)
        #expect(rename(folder.path + "/big.bin", folder.path + "/static/big.bin") == 0)
    }

    @Test("Ctrl-C during a rebuild removes its temporary file and leaves the old output byte for byte; exit 130 with a message")
    func rebuild() throws {
        let folder = try TemporarySite(["site.yml": Self.siteYAML, "static/keep.txt": "kept"])
        #expect(try ProcessRunner.run(["build", "-q"], in: folder.path).status == 0)
        let before = Self.contents(of: folder.path + "/output")
        try Self.addBigFile(to: folder)
        let process = Process()
        process.executableURL = ProcessRunner.executable
        process.arguments = ["build"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let output = folder.path + "/output"
        let copying = Self.wait(for: {
            ((try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []).contains { $0.hasPrefix(".feedsite-tmp-") && $0.hasSuffix("big.bin") }
        }, while: process)
        #expect(copying)
        kill(process.processIdentifier, SIGINT)
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(err.hasSuffix("build interrupted: its temporary files were removed, and the output folder is as it was before\n"), "\(err)")
        #expect(Self.contents(of: output) == before)
    }

    /// What `build --format json` prints on stdout when Ctrl-C stopped it: the error document, as for any other failure.
    static let interruptedJSON = """
        {
          "exit_code": 130,
          "diagnostics": [
            {"file": null, "line": null, "column": null, "severity": "error", \
        "message": "build interrupted: its temporary files were removed, and the output folder is as it was before", \
        "hint": "run the build again to write the site"}
          ],
          "dropped": 0,
          "summary": null
        }

        """

    @Test("Ctrl-C during a first build removes the staging folder: no output folder appears; with --format json stdout holds the error document, exit_code 130",
          arguments: [[], ["--format", "json"]])
    func firstBuild(format: [String]) throws {
        let folder = try TemporarySite(["site.yml": Self.siteYAML, "static/keep.txt": "kept"])
        let (status, err, out) = try Self.interruptFirstBuild(["build", "-q"] + format, in: folder)
        #expect(status == 130)
        #expect(err == "build interrupted: its temporary files were removed, and the output folder is as it was before\n")
        #expect(out == (format.isEmpty ? "" : Self.interruptedJSON), "\(out)")
        #expect(!Self.staging(in: folder))
        #expect(!folder.exists("output"))
    }

    @Test("Ctrl-C during a rebuild of build --watch says the rebuild was interrupted, removes its temporary file and stops watching")
    func watch() throws {
        let folder = try TemporarySite(["site.yml": Self.siteYAML, "static/keep.txt": "kept"])
        let watching = try BuildWatchTests.Watching(in: folder.path)
        try watching.wait(for: "Ctrl-C stops")
        let output = folder.path + "/output"
        let before = Self.contents(of: output)
        try Self.addBigFile(to: folder)
        #expect(Self.wait(for: {
            ((try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []).contains { $0.hasPrefix(".feedsite-tmp-") && $0.hasSuffix("big.bin") }
        }, while: watching.process))
        let stopped = watching.interrupt()
        #expect(stopped.status == 0)
        #expect(stopped.err.contains("build interrupted: its temporary files were removed, and the output folder is as it was before\n"), "\(stopped.err)")
        #expect(stopped.err.hasSuffix("stopped watching\n"))
        #expect(Self.contents(of: output) == before)
    }

    @Test("Ctrl-C during serve's build behind waits for it to stop and remove its temporary file, then stops serving")
    func serve() throws {
        let folder = try TemporarySite(["site.yml": Self.siteYAML, "static/keep.txt": "kept"])
        let server = try ServeCommandTests.RunningServer(in: folder.path)
        let output = folder.path + "/output"
        let before = Self.contents(of: output)
        try Self.addBigFile(to: folder)
        #expect(Self.wait(for: {
            ((try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []).contains { $0.hasPrefix(".feedsite-tmp-") && $0.hasSuffix("big.bin") }
        }, while: server.process))
        let stopped = server.stop()
        #expect(stopped.status == 0)
        #expect(stopped.err.contains("build interrupted: its temporary files were removed, and the output folder is as it was before\n"), "\(stopped.err)")
        #expect(stopped.err.hasSuffix("stopped serving\n"))
        #expect(Self.contents(of: output) == before)
    }

    @Test("Ctrl-C during serve's first build stops it as build stops: the staging folder removed, no output folder, exit 130")
    func serveFirstBuild() throws {
        let folder = try TemporarySite(["site.yml": Self.siteYAML, "static/keep.txt": "kept"])
        let (status, err, out) = try Self.interruptFirstBuild(["serve", "--port", "0"], in: folder)
        #expect(status == 130)
        #expect(err.hasSuffix("build interrupted: its temporary files were removed, and the output folder is as it was before\n"), "\(err)")
        #expect(out == "", "serve never printed an address it does not serve")
        #expect(!Self.staging(in: folder))
        #expect(!folder.exists("output"))
    }

    /// Runs feedsite with `arguments` in `folder` (with a big static file added), sends Ctrl-C once the first
    /// build's staging folder holds the big file, and returns its exit status, stderr and stdout.
    static func interruptFirstBuild(_ arguments: [String], in folder: TemporarySite) throws -> (status: Int32, err: String, out: String) {
        try addBigFile(to: folder)
        let process = Process()
        process.executableURL = ProcessRunner.executable
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        let errors = Pipe()
        process.standardError = errors
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        #expect(wait(for: { staging(in: folder) }, while: process))
        kill(process.processIdentifier, SIGINT)
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, err, out)
    }

    /// Whether a staging folder beside the output holds the big file.
    static func staging(in folder: TemporarySite) -> Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains { name in
            name.hasPrefix(".output.feedsite-staging-") && FileManager.default.fileExists(atPath: folder.path + "/" + name + "/big.bin")
        }
    }
}
