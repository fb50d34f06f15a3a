import Dispatch
import FeedsiteKit
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `feedsite serve`: builds, serves output/ on 127.0.0.1, and on every change reloads with pages from memory
/// (`LivePreview`) while it rebuilds behind.
struct ServeCommand: Command {
    static let spec = CommandSpec("serve", "Build the site, serve it on 127.0.0.1 and rebuild and reload on every change.", options: [
        .config,
        .baseURL,
        .value("port", "N", "The port (default 8080; 0 picks a free one)."),
        .value("host", "ADDR", "The address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)."),
        .flag("no-watch", "Do not rebuild when files change."),
        .flag("open", "Open the site in the default browser."),
        .output("Build into and serve DIR instead of site.yml's output folder (a new or empty folder, or one feedsite built)."),
    ], details: "Pages reload by themselves as soon as a change is read, rendered from memory while the rebuild runs behind "
        + "(feeds, sitemap.xml, static files and assets are served from the output folder, new once the rebuild ends); "
        + "a failed build shows its errors in the page and keeps serving "
        + "the last good build, also when serve starts on a site with an error. The address printed is the one serve listens on, "
        + "whatever base_url (or --base-url) says: base_url is where the pages say the site lives (canonical links, feeds, share "
        + "cards, the 404 page's links); --base-url http://127.0.0.1:8080 makes those point at the preview.")

    let configPath: String
    let baseURLFlag: String?
    let port: UInt16
    let host: String
    let watch: Bool
    let open: Bool
    let site: WatchedSite

    init(_ arguments: ParsedArguments) throws(UsageError) {
        configPath = try arguments.configPath
        baseURLFlag = try arguments.baseURL
        let portText = arguments.values["port"] ?? "8080"
        guard let port = UInt16(portText) else {
            throw UsageError(message: "--port must be a number from 0 to 65535, found '\(portText)'")
        }
        self.port = port
        host = arguments.values["host"] ?? "127.0.0.1"
        do {
            try ListenAddress.validate(host)
        } catch {
            throw UsageError(message: "--host: " + error.message, hint: error.hint)
        }
        watch = !arguments.flags.contains("no-watch")
        open = arguments.flags.contains("open")
        site = WatchedSite(configPath: configPath, output: try arguments.chosenOutput)
    }

    func run(_ console: Console) throws -> ExitCode {
        let runner = BuildRunner(configPath: configPath, quiet: false, verbose: false, output: site.output, baseURLFlag: baseURLFlag)
        // A bad FEEDSITE_BASE_URL ends serve at once: no edit of the site would fix it.
        _ = try BaseURLOverride.resolve(flag: baseURLFlag, environment: ProcessInfo.processInfo.environment)
        // Caught from here on: Ctrl-C during the first build stops it as `build` stops (its temporary files
        // removed, exit 130), and one sent once the URL below is printed is never lost.
        let interrupt = InterruptCatcher()
        let first = runner.run(console)
        if first.code == .interrupted { return first.code }
        // A site with an error is still served (its last good output, with the error over every page),
        // so that fixing it rebuilds; only a site.yml that is not there at all ends serve.
        // The output folder may not exist yet (the first build failed): it is served once a build makes it.
        guard let folders = folders() else { return first.code }
        let server = try PreviewServer(folder: folders.output, host: host, port: port)
        if let failure = first.failure { server.buildFailed(failure) }
        server.start()
        let watcher = watch ? FileWatcher(paths: WatchedSite.paths(configPath: configPath, folders: folders)) : nil
        // Held while a build behind runs: Ctrl-C waits for it to stop and remove its temporary files.
        let building = NSLock()
        if let watcher {
            let configCache = SiteConfigCache(file: configPath)
            let preview = LivePreview(server: server, load: { [configPath, site, baseURLFlag] in
                // Resolved once already (a bad one ended serve); nil here only when the environment changed since.
                let baseURL = try? BaseURLOverride.resolve(flag: baseURLFlag, environment: ProcessInfo.processInfo.environment)
                return try? PreviewPages.load(configPath: configPath, output: site.output, baseURL: baseURL, displayPath: DisplayPath.relative,
                                              configCache: configCache)
            }, build: { stop, decoded in
                let outcome = building.withLock { runner.run(console, stop: stop, decoded: decoded) }
                if outcome.stopped { return nil }
                var now = self.folders() ?? folders
                if let output = site.output { now.output = output.path }
                return LivePreview.Built(failure: outcome.failure, output: now.output)
            }, report: { error in
                _ = console.fail(error)
                return BuildRunner.overlayText(error)
            }, served: { console.err("serving \(DisplayPath.relative($0)) now") })
            // site.yml's bytes when its folders were last parsed for themselves, with the folders they name.
            let named = Mutex<(bytes: [UInt8], folders: SiteFolders)?>(nil)
            watcher.start { paths in
                console.err("change detected, rebuilding")
                // The folders are found again before the build starts, so an edit in a new templates folder made
                // while it runs is still seen: those of the site.yml the pages just decoded (perf,
                // Benchmarks/live_reload.py 10000: parsing site.yml's 10,000 accounts again for them was about a
                // third of a site.yml change's CPU), else read for themselves (the same bytes are not parsed again).
                // A site.yml whose folders cannot be read keeps the folders it had.
                preview.changed(paths: paths) { decoded in
                    var now = decoded ?? {
                        let bytes = try? FileInput.read(configPath, purpose: "the site configuration", limit: SiteConfigLoader.maximumBytes)
                        return named.withLock { named in bytes != nil && named?.bytes == bytes ? named?.folders : nil } ?? self.folders().map { read in
                            if let bytes { named.withLock { $0 = (bytes, read) } }
                            return read
                        }
                    }() ?? folders
                    if let output = site.output { now.output = output.path }
                    if watcher.watch(WatchedSite.paths(configPath: configPath, folders: now)) {
                        console.err("watching \(WatchedSite.described(configPath: configPath, folders: now)) for changes")
                    }
                }
            }
        }
        // Said only once the server and the watcher run: a change made after this line is seen.
        console.out("serving \(DisplayPath.relative(folders.output)) on \(server.url)\n")
        console.err(watch ? "watching \(WatchedSite.described(configPath: configPath, folders: folders)) for changes; Ctrl-C stops"
                          : "not watching for changes; Ctrl-C stops")
        if open { Self.openBrowser(server.url) }
        interrupt.wait {
            watcher?.stop()
            building.withLock {}
            server.stop()
            console.err("stopped serving")
        }
    }

    /// The site's folders now (see `WatchedSite.folders()`).
    func folders() -> SiteFolders? {
        site.folders()
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
