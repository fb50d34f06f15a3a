import Dispatch
import Foundation
import FeedsiteTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `feedsite serve` as a user runs it: a real process, real requests over loopback.
@Suite(.serialized) struct ServeCommandTests {
    /// A running `feedsite serve`, stopped with SIGINT when released.
    final class RunningServer {
        let process = Process()
        let output = Pipe()
        let errors = Pipe()
        var port: UInt16 = 0
        let ended = DispatchSemaphore(value: 0)

        init(in folder: String, arguments: [String] = []) throws {
            process.executableURL = ProcessRunner.executable
            process.arguments = ["serve", "--port", "0"] + arguments
            process.currentDirectoryURL = URL(fileURLWithPath: folder)
            process.standardOutput = output
            process.standardError = errors
            process.standardInput = FileHandle.nullDevice
            process.terminationHandler = { [ended] _ in ended.signal() }
            try process.run()
            let line = try readLine(from: output.fileHandleForReading)
            guard let range = line.range(of: #"http://127\.0\.0\.1:(\d+)/"#, options: .regularExpression),
                  let port = UInt16(line[range].dropFirst("http://127.0.0.1:".count).dropLast()) else {
                throw ServeFailure(description: "no URL in '\(line)'")
            }
            self.port = port
        }

        /// Sends Ctrl-C; a serve that has not ended a minute later is killed, so the test fails
        /// (exit status 9) instead of hanging.
        func stop() -> (status: Int32, err: String) {
            ServeCommandTests.interrupt(process, ended: ended)
            let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return (process.terminationStatus, err)
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }

    /// Sends SIGINT to `process` and waits for it to end; after a minute it sends SIGKILL.
    static func interrupt(_ process: Process, ended: DispatchSemaphore) {
        if process.isRunning { kill(process.processIdentifier, SIGINT) }
        if ended.wait(timeout: .now() + 60) == .timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    struct ServeFailure: Error, CustomStringConvertible { let description: String }

    static func readLine(from handle: FileHandle) throws -> String {
        var bytes: [UInt8] = []
        while true {
            let byte = handle.readData(ofLength: 1)
            guard let first = byte.first else { throw ServeFailure(description: "serve ended before printing its URL") }
            if first == 0x0A { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(first)
        }
    }

    @Test("serve stopped by Ctrl-C as soon as it prints its URL exits 0: the signal is caught before the URL is printed", arguments: 0..<8)
    func interruptAtOnce(_ round: Int) throws {
        let folder = try site()
        let server = try RunningServer(in: folder.path, arguments: ["--no-watch"])
        let stopped = server.stop()
        #expect(stopped.status == 0, "round \(round): \(stopped.err)")
        #expect(stopped.err.hasSuffix("stopped serving\n"))
    }

    /// The server's live-reload event stream, once it says it is connected.
    static func events(of server: RunningServer) throws -> RawHTTPClient {
        var events = try RawHTTPClient(port: server.port)
        events.send("GET /__feedsite/events HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try events.read(until: ": connected\n\n") != nil)
        return events
    }

    func site() throws -> TemporarySite {
        try TemporarySite(["site.yml": "title: First title\naccounts:\n  - handle: outputdd\n"])
    }

    @Test("serve builds, serves, rebuilds on a change of site.yml, sends a reload event, and shows a broken change in the page")
    func watchAndReload() throws {
        let folder = try site()
        let server = try RunningServer(in: folder.path)
        var page = try RawHTTPClient.get(server.port, "/")
        #expect(page.status == 200)
        #expect(page.text.contains("<title>&#x2068;First title&#x2069;</title>"))
        #expect(page.text.contains("/__feedsite/events"))

        var events = try Self.events(of: server)
        defer { events.close() }
        try Data("title: Second title\naccounts:\n  - handle: outputdd\n".utf8).write(to: URL(fileURLWithPath: folder.path + "/site.yml"))
        #expect(try events.read(until: "event: reload\n") != nil)
        page = try RawHTTPClient.get(server.port, "/")
        #expect(page.text.contains("<title>&#x2068;Second title&#x2069;</title>"))
        let written = try String(contentsOfFile: folder.path + "/output/index.html", encoding: .utf8)
        #expect(!written.contains("__feedsite"), "the live-reload script must never reach output/")

        try Data("title: Second title\naccounts:\n  - handle: outputdd\n    heigth: 5\n".utf8).write(to: URL(fileURLWithPath: folder.path + "/site.yml"))
        let error = try events.read(until: "did you mean 'height'?\n\n")
        #expect(error?.contains("event: build-error\ndata: site.yml:4:5: error: unknown key 'heigth' in an account") == true)
        #expect(try RawHTTPClient.get(server.port, "/").text.contains("<title>&#x2068;Second title&#x2069;</title>"), "the last good build stays served")

        let stopped = server.stop()
        #expect(stopped.status == 0)
        #expect(stopped.err.contains("site.yml:4:5: error: unknown key 'heigth' in an account"))
        #expect(stopped.err.hasSuffix("stopped serving\n"))
    }

    @Test("serve rebuilds when a file in static/ changes, and serves the new file")
    func watchesStaticFiles() throws {
        let folder = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: outputdd\n", "static/robots.txt": "first\n"])
        let server = try RunningServer(in: folder.path)
        #expect(try RawHTTPClient.get(server.port, "/robots.txt").text.hasSuffix("first\n"))
        var events = try Self.events(of: server)
        defer { events.close() }
        try Data("second\n".utf8).write(to: URL(fileURLWithPath: folder.path + "/static/robots.txt"))
        #expect(try events.read(until: "event: reload\n") != nil)
        #expect(try RawHTTPClient.get(server.port, "/robots.txt").text.hasSuffix("second\n"))
        #expect(server.stop().status == 0)
    }

    @Test("a port already in use is a clear error and exit 2")
    func portInUse() throws {
        let folder = try site()
        let server = try RunningServer(in: folder.path)
        defer { _ = server.stop() }
        let result = try ProcessRunner.run(["serve", "--port", String(server.port), "--no-watch"], in: folder.path)
        #expect(result.status == 2)
        #expect(result.err.contains("error: port \(server.port) on 127.0.0.1 is already in use"))
    }

    @Test("a bad --port value is a usage error")
    func badPort() throws {
        let result = try ProcessRunner.run(["serve", "--port", "http"])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("error: --port must be a number from 0 to 65535, found 'http'"))
    }
}
