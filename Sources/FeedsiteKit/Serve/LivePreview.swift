import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// What `feedsite serve` does on a change: reads the new inputs into `PreviewPages` and tells the pages
/// to reload at once, their pages rendered on demand from memory; then runs the build (with its check,
/// writing output/) behind, on a thread of its own, after which output/ is served again. A change
/// that the pages cannot follow (see `PreviewPages.updated()`) reloads after the build, the pages shown
/// before it (from memory, or output/) kept until then, as does a site
/// whose last build left no summary cache. An input that does not load (site.yml, a template, a data
/// file, a snapshot) is shown at once, and no build follows: it would stop at the same error. A build
/// behind that fails (the checker) shows its error over the pages shown.
package final class LivePreview: Sendable {
    /// What the last build came to: its error text when it failed, and the output folder to serve.
    package struct Built: Sendable {
        package var failure: String?
        package var output: String

        /// What a build came to.
        package init(failure: String?, output: String) {
            self.failure = failure
            self.output = output
        }
    }

    private struct State {
        /// The pages as of the last change (or build); nil when the summaries could not follow it.
        var pages: PreviewPages?
        /// Counts the changes: a build started before the last one does not replace its pages.
        var changes = 0
        /// Whether the pages were told to reload for the last change (the build then need not).
        var reloaded = true
        var building = false
        var buildAgain = false
        /// The stop of the build behind that runs, or is about to (or ran last).
        var running: BuildStop?
        /// The paths changed since `pages` were made (changes they did not follow); nil: any may have.
        var unseen: Set<String>? = []
        /// The error of the last build behind when it failed (the checker): it stays over the pages until a build passes.
        var failedBuild: String?
    }

    private let server: PreviewServer
    private let load: @Sendable () -> PreviewPages?
    private let build: @Sendable (BuildStop, DecodedSiteConfig?) -> Built?
    private let report: @Sendable (any Error) -> String
    private let served: @Sendable (String) -> Void
    private let state: Mutex<State>

    /// A live preview through `server`: `load` reads the pages of the last build (`PreviewPages.load`),
    /// `build` runs a build, given site.yml as the pages decoded it (it returns nil when its stop was raised: it stopped, having written nothing), `report`
    /// reports an input's error and returns it as the page's overlay shows it, `served` is told of a new
    /// output folder served.
    package init(server: PreviewServer, load: @escaping @Sendable () -> PreviewPages?, build: @escaping @Sendable (BuildStop, DecodedSiteConfig?) -> Built?,
                 report: @escaping @Sendable (any Error) -> String, served: @escaping @Sendable (String) -> Void) {
        self.server = server
        self.load = load
        self.build = build
        self.report = report
        self.served = served
        state = Mutex(State(pages: load()))
    }
}

extension LivePreview {
    /// A change was noticed: shows the new pages and tells the open pages to reload (or shows the error)
    /// as soon as the inputs are read, then starts the build behind (or has it run again after the one running).
    /// Before any build starts, `named` is given the folders the site.yml just read names, or nil when
    /// it was not decoded (no pages from memory, or an error). `paths` are those the watcher says changed,
    /// nil when any may have. Returns whether the pages reloaded before the build.
    @discardableResult
    package func changed(paths: Set<String>? = nil, named: (SiteFolders?) -> Void = { _ in }) -> Bool {
        // The build behind is paused while the change is read, then stopped when a build follows: its output would not be
        // shown, and it took the cores this change's reload needs (Benchmarks/live_reload.py 10000, with the watcher's paths,
        // loaded machine, A/B alternated: site.yml 490-1492 -> 284-803 ms, an account 505-1564 -> 357-761 ms, medians of 5).
        let (pages, unseen, running) = state.withLock { state in
            state.running?.pause()
            return (state.pages, Self.union(state.unseen, paths), state.running)
        }
        var updated: PreviewPages?
        var folders: SiteFolders?
        var failure: String?
        do {
            (updated, folders) = try pages?.update(changed: unseen) ?? (nil, nil)
        } catch {
            failure = report(error)
        }
        named(folders)
        // A change that does not load starts no build: the one behind goes on with the last change that loaded.
        if failure == nil { running?.raise() } else { running?.resume() }
        // Under the lock with the count: a build that ends now never hides these pages behind its older output.
        let failedBuild = state.withLock { state in
            state.changes += 1
            // A change the pages cannot follow leaves those shown as they are until its build ends: output/ may be older
            // than them. They stay the base of the next change, which compares its inputs with theirs.
            if let updated {
                state.pages = updated
                server.show(updated)
                state.unseen = []
            } else {
                // The pages kept (also those a build loaded meanwhile) have not seen this change.
                state.unseen = Self.union(state.unseen, paths)
            }
            state.reloaded = updated != nil
            return state.failedBuild
        }
        if let failure {
            server.buildFailed(failure)
            return false
        }
        // A change after a build whose check failed may not fix it: the error stays shown until a build passes.
        if updated != nil { server.reload(showing: failedBuild) }
        // The pages before the change are freed only now, after the event (perf, Benchmarks/live_reload.py 10000:
        // freeing 10,000 accounts' page contexts was about a fifth of a snapshot's update).
        withExtendedLifetime(pages) {}
        startBuild()
        return updated != nil
    }
}

extension LivePreview {
    /// How much nicer than serve the build behind runs (`nice(2)`): a change, and the page it reloads, come first.
    static let buildNiceness: Int32 = 10
}

private extension LivePreview {
    /// The paths in `first` or `second`; nil (any) when either is.
    static func union(_ first: Set<String>?, _ second: Set<String>?) -> Set<String>? {
        guard let first, let second else { return nil }
        return first.union(second)
    }

    func startBuild() {
        let starts = state.withLock { state in
            if state.building {
                state.buildAgain = true
                return false
            }
            state.building = true
            // Made with the build, not once its thread runs: a change before then stops it too.
            state.running = BuildStop()
            return true
        }
        guard starts else { return }
        let thread = Thread { [self] in
            // The build behind yields the cores to the next change's reading, its reload and the pages it serves: the
            // threads it starts inherit the niceness.
            _ = nice(Self.buildNiceness)
            repeat { buildOnce() } while state.withLock { state in
                state.building = state.buildAgain
                state.buildAgain = false
                if state.building { state.running = BuildStop() }
                return state.building
            }
        }
        thread.start()
    }

    /// One build behind the pages; what it came to is shown unless a change came while it ran (another build follows).
    func buildOnce() {
        let (changes, stop, decoded) = state.withLock { ($0.changes, $0.running ?? BuildStop(), $0.pages?.decoded) }
        // Stopped for a change since, which builds again.
        guard let built = build(stop, decoded) else { return }
        // Not loaded for a build a change came after: its pages are not taken.
        let pages = built.failure == nil && state.withLock({ $0.changes == changes }) ? load() : nil
        let reload: Bool? = state.withLock { state in
            guard state.changes == changes else { return nil }
            // A failed build leaves the pages of the last change that loaded shown, under the error: output/ may be
            // older than them, and the build may have read a newer change, broken, that the watcher has not told yet.
            let failedBefore = state.failedBuild != nil
            state.failedBuild = built.failure
            if built.failure != nil { return false }
            server.show(nil)
            if server.serve(folder: built.output) { served(built.output) }
            // Loaded after the build: its summaries are those the build wrote (the pool whole again).
            if let pages {
                state.pages = pages
                state.unseen = []
            }
            defer { state.reloaded = true }
            // Reloaded also when a failed build's error is shown: it goes with this build.
            return !state.reloaded || failedBefore
        }
        guard let reload else { return }
        if let failure = built.failure {
            server.buildFailed(failure)
        } else if reload {
            server.reload()
        }
    }
}
