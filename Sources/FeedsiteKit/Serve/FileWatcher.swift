import Foundation
import Synchronization

/// Watches files and folders by polling their modification times; calls back once a change has settled.
package final class FileWatcher: Sendable {
    private let paths: [String]
    private let interval: Double
    private let running = Atomic<Bool>(true)

    /// Watches `paths` (files, or folders recursively) every `interval` seconds.
    package init(paths: [String], interval: Double = 0.25) {
        self.paths = paths
        self.interval = interval
    }

    /// Starts polling on a thread of its own; `changed` runs on that thread. The state to compare
    /// with is taken before this returns, so a change made right after it is never missed.
    package func start(_ changed: @escaping @Sendable () -> Void) {
        let initial = snapshot()
        let thread = Thread { [self] in
            var last = initial
            var pending = false
            while running.load(ordering: .relaxed) {
                Thread.sleep(forTimeInterval: interval)
                let current = snapshot()
                if current != last {
                    last = current
                    pending = true // wait one more interval so that an editor's several writes settle
                } else if pending {
                    pending = false
                    changed()
                }
            }
        }
        thread.start()
    }

    /// Stops polling.
    package func stop() {
        running.store(false, ordering: .relaxed)
    }

    private func snapshot() -> [String: Double] {
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
