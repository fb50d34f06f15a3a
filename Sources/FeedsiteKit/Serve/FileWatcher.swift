import Foundation
import Synchronization

/// Watches files and folders (folders with everything below them) and calls back once a burst of
/// changes has settled: with inotify on Linux, else, or when inotify fails (no instance or watch left
/// under the system's limits), by polling modification times.
package final class FileWatcher: Sendable {
    /// How changes are noticed.
    package enum Method: Sendable, Equatable {
        /// inotify events, read as they come (Linux).
        case inotify
        /// Modification times compared every `interval` seconds.
        case polling
    }

    /// What is watched and the state last seen; `generation` counts the switches of `paths`, so a
    /// poll that started before a switch never compares the old paths' state with the new one's.
    private struct Watched {
        var paths: [String]
        var last: [String: Double]
        var generation = 0
        var method: Method
    }

    private let watched: Mutex<Watched>
    private let interval: Double
    private let running = Atomic<Bool>(true)
    private let inotify: InotifyWatch?

    /// Watches `paths` (files, or folders recursively) with `method`: inotify falls back to polling
    /// every `interval` seconds where it is not available.
    package init(paths: [String], interval: Double = 0.25, method: Method = .inotify) {
        inotify = method == .inotify ? InotifyWatch() : nil
        self.watched = Mutex(Watched(paths: paths, last: [:], method: inotify == nil ? .polling : .inotify))
        self.interval = interval
    }

    /// The paths watched now.
    package var paths: [String] {
        watched.withLock { $0.paths }
    }

    /// How changes are noticed now: `.polling` after inotify failed.
    package var method: Method {
        watched.withLock { $0.method }
    }

    /// Starts watching on a thread of its own; `changed` runs on that thread, given the paths that changed
    /// (files, and folders made, moved or deleted) with inotify, or nil when any may have (polling, events
    /// lost). The state to compare with is taken (or the watches added) before this returns, so a change made
    /// right after it is never missed.
    package func start(_ changed: @escaping @Sendable (Set<String>?) -> Void) {
        let paths = self.paths
        if let inotify, method == .inotify, !inotify.watch(paths) { fallBack() }
        if method == .polling {
            let initial = Self.snapshot(paths)
            watched.withLock { if $0.paths == paths { $0.last = initial } }
        }
        let thread = Thread { [self] in
            if let inotify { waitForEvents(inotify, changed) }
            pollModificationTimes(changed)
        }
        thread.start()
    }

    /// Watches `paths` from now on instead (a site.yml that moved its templates folder); their state
    /// is taken before this returns, so a change made right after it is never missed. Returns whether
    /// the paths differ from those watched before.
    @discardableResult
    package func watch(_ paths: [String]) -> Bool {
        guard paths != self.paths else { return false }
        if let inotify, method == .inotify, !inotify.watch(paths) { fallBack() }
        let state = method == .polling ? Self.snapshot(paths) : [:]
        watched.withLock { watched in
            watched.paths = paths
            watched.last = state
            watched.generation += 1
        }
        return true
    }

    /// Stops watching.
    package func stop() {
        running.store(false, ordering: .relaxed)
    }
}

private extension FileWatcher {
    /// How long a burst of events must have been quiet before `changed` runs: an editor's save (write,
    /// rename, chmod) or a fetch's many snapshots make one rebuild. Live preview benchmark
    /// (Benchmarks/live_reload.py): with polling, a change reached the page after 250-500 ms of waiting alone.
    static let settleMilliseconds: Int32 = 30
    /// How often the thread looks at `running` while nothing happens.
    static let idleMilliseconds: Int32 = 200

    func waitForEvents(_ inotify: InotifyWatch, _ changed: @Sendable (Set<String>?) -> Void) {
        var pending = false
        var paths: Set<String>? = []
        while running.load(ordering: .relaxed), method == .inotify {
            switch inotify.wait(milliseconds: pending ? Self.settleMilliseconds : Self.idleMilliseconds, paths: &paths) {
            case true?:
                pending = true
            case false?:
                if pending {
                    pending = false
                    changed(paths)
                    paths = []
                }
            case nil:
                // The watches could not follow a new folder: poll from a fresh state, and rebuild once for what was missed.
                fallBack()
                let paths = self.paths
                let initial = Self.snapshot(paths)
                watched.withLock { if $0.paths == paths { $0.last = initial } }
                changed(nil)
                return
            }
        }
    }

    /// Polls while running; returns at once while inotify is in use (it returns only once stopped).
    func pollModificationTimes(_ changed: @Sendable (Set<String>?) -> Void) {
        guard method == .polling else { return }
        var pending = false
        while running.load(ordering: .relaxed) {
            Thread.sleep(forTimeInterval: interval)
            let (paths, generation) = watched.withLock { ($0.paths, $0.generation) }
            let current = Self.snapshot(paths)
            let differs = watched.withLock { state in
                guard state.generation == generation, state.last != current else { return false }
                state.last = current
                return true
            }
            if differs {
                pending = true // wait one more interval so that an editor's several writes settle
            } else if pending {
                pending = false
                changed(nil)
            }
        }
    }

    func fallBack() {
        watched.withLock { $0.method = .polling }
    }

    static func snapshot(_ paths: [String]) -> [String: Double] {
        var result: [String: Double] = [:]
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            let files = isFolder.boolValue ? ((try? FolderListing.files(under: path)) ?? []).map { path + "/" + $0 } : [path]
            for file in files {
                if let attributes = try? FileManager.default.attributesOfItem(atPath: file),
                   let date = attributes[.modificationDate] as? Date {
                    result[file] = date.timeIntervalSince1970 + Double((attributes[.size] as? Int) ?? 0) * 1e-12
                }
            }
        }
        return result
    }
}
