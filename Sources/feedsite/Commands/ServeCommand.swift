import Dispatch
import FeedsiteKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `feedsite serve`: builds, serves output/ on 127.0.0.1 and rebuilds and reloads on every change.
struct ServeCommand: Command {
    static let spec = CommandSpec(
        name: "serve",
        summary: "Build the site, serve it on 127.0.0.1 and rebuild and reload on every change.",
        usage: "[--config PATH] [--port N] [--host ADDR] [--no-watch] [--open]",
        options: [
            CommandSpec.configOption,
            CommandSpec.Option(name: "port", value: "N", help: "The port (default 8080; 0 picks a free one)."),
            CommandSpec.Option(name: "host", value: "ADDR", help: "The address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)."),
            CommandSpec.Option(name: "no-watch", help: "Do not rebuild when files change."),
            CommandSpec.Option(name: "open", help: "Open the site in the default browser."),
        ],
        details: "Pages reload by themselves after each rebuild; a failed rebuild shows its errors in the page and keeps the last good build."
    )

    let configPath: String
    let port: UInt16
    let host: String
    let watch: Bool
    let open: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        configPath = arguments.values["config"] ?? "site.yml"
        let portText = arguments.values["port"] ?? "8080"
        guard let port = UInt16(portText) else {
            throw UsageError(message: "--port must be a number from 0 to 65535, found '\(portText)'")
        }
        self.port = port
        host = arguments.values["host"] ?? "127.0.0.1"
        watch = !arguments.flags.contains("no-watch")
        open = arguments.flags.contains("open")
    }

    func run(_ console: Console) throws -> ExitCode {
        let runner = BuildRunner(configPath: configPath, quiet: false, verbose: false)
        let first = runner.run(console)
        guard let folders = SiteFolders.locate(configPath: configPath) else {
            if first.code == .success { throw InputError("\(configPath): cannot be read") }
            return first.code
        }
        do {
            try FileManager.default.createDirectory(atPath: folders.output, withIntermediateDirectories: true)
        } catch {
            throw InputError("\(folders.output): cannot be created")
        }
        let server = try PreviewServer(folder: folders.output, host: host, port: port)
        if let failure = first.failure { server.buildFailed(failure) }
        server.start()
        console.out("serving \(DisplayPath.relative(folders.output)) on \(server.url)\n")
        console.err(watch ? "watching \(configPath) and \(DisplayPath.relative(folders.templates)) for changes; Ctrl-C stops"
                          : "not watching for changes; Ctrl-C stops")
        let watcher = watch ? FileWatcher(paths: [configPath, folders.templates]) : nil
        if let watcher {
            watcher.start {
                console.err("change detected, rebuilding")
                let outcome = runner.run(console)
                if let failure = outcome.failure { server.buildFailed(failure) } else { server.reload() }
            }
        }
        if open { Self.openBrowser(server.url) }
        let stop: @Sendable (Int32) -> Void = { _ in
            watcher?.stop()
            server.stop()
            console.err("stopped serving")
            exit(0)
        }
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .main)
        interrupt.setEventHandler { stop(SIGINT) }
        interrupt.resume()
        let terminate = DispatchSource.makeSignalSource(signal: SIGTERM, queue: .main)
        terminate.setEventHandler { stop(SIGTERM) }
        terminate.resume()
        dispatchMain()
    }

    static func openBrowser(_ url: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}
