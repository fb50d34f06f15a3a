import Foundation
import Synchronization

/// Watches files and folders by polling their modification times; calls back once a change has settled.
package final class FileWatcher: Sendable {
    /// What is watched and the state last seen; `generation` counts the switches of `paths`, so a
    /// poll that started before a switch never compares the old paths' state with the new one's.
    private struct Watched {
        var paths: [String]
        var last: [String: Double]
        var generation = 0
    }

    private let watched: Mutex<Watched>
    private let interval: Double
    private let running = Atomic<Bool>(true)

    /// Watches `paths` (files, or folders recursively) every `interval` seconds.
    package init(paths: [String], interval: Double = 0.25) {
        self.watched = Mutex(Watched(paths: paths, last: [:]))
        self.interval = interval
    }

    /// The paths watched now.
    package var paths: [String] {
        watched.withLock { $0.paths }
    }

    /// Starts polling on a thread of its own; `changed` runs on that thread. The state to compare
    /// with is taken before this returns, so a change made right after it is never missed.
    package func start(_ changed: @escaping @Sendable () -> Void) {
        let paths = self.paths
        let initial = Self.snapshot(paths)
        watched.withLock { if $0.paths == paths { $0.last = initial } }
        let thread = Thread { [self] in
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
                    changed()
                }
            }
        }
        thread.start()
    }

    /// Watches `paths` from now on instead (a site.yml that moved its templates folder); their state
    /// is taken before this returns, so a change made right after it is never missed. Returns whether
    /// the paths differ from those watched before.
    @discardableResult
    package func watch(_ paths: [String]) -> Bool {
        guard paths != self.paths else { return false }
        let state = Self.snapshot(paths)
        watched.withLock { watched in
            watched.paths = paths
            watched.last = state
            watched.generation += 1
        }
        return true
    }

    /// Stops polling.
    package func stop() {
        running.store(false, ordering: .relaxed)
    }
}

private extension FileWatcher {
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
