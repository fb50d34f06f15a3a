import FeedsiteKit
import Foundation

/// `feedsite build --watch`: builds again on every change of site.yml, the templates or the data
/// files, with serve's watcher, until Ctrl-C (exit 0). A failed build is printed and watching goes on.
/// With --quiet only errors are printed: none of the watching messages.
struct BuildWatch {
    let runner: BuildRunner

    /// Watches after the `first` build; returns only when there is no site.yml to watch.
    func run(_ console: Console, first: BuildRunner.Outcome) -> ExitCode {
        // Caught from here on: a Ctrl-C sent once "watching" is printed is never lost.
        let interrupt = InterruptCatcher()
        let site = WatchedSite(configPath: runner.configPath, output: runner.output)
        guard let folders = site.folders() else { return first.code }
        let watcher = FileWatcher(paths: WatchedSite.paths(configPath: site.configPath, folders: folders))
        let say: @Sendable (String) -> Void = { [quiet = runner.quiet] line in if !quiet { console.err(line) } }
        // Held while a rebuild runs: Ctrl-C waits for the rebuild to stop and remove its temporary files.
        let building = NSLock()
        watcher.start { _ in
            say("change detected, rebuilding")
            // The folders are found again before the build, so that a site.yml that moved its
            // templates is watched there from now on.
            if let now = site.folders(), watcher.watch(WatchedSite.paths(configPath: site.configPath, folders: now)) {
                say("watching \(WatchedSite.described(configPath: site.configPath, folders: now)) for changes")
            }
            building.withLock { _ = runner.run(console) }
        }
        // Said only once the watcher runs: a change made after this line is seen.
        say("watching \(WatchedSite.described(configPath: site.configPath, folders: folders)) for changes; Ctrl-C stops")
        interrupt.wait {
            watcher.stop()
            building.withLock {}
            say("stopped watching")
        }
    }
}
