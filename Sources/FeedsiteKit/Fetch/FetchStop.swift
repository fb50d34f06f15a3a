import Synchronization

/// Stops a running `FeedFetcher` between two snapshot writes, for the command's SIGINT and SIGTERM
/// handling: `stop()` waits for the write in progress, keeps every later one from starting and
/// removes the temporary files already written, so an interrupted fetch leaves no `*.tmp` behind.
package final class FetchStop: Sendable {
    private let state = Mutex<(stopped: Bool, folder: String?)>((false, nil))

    /// A fetch not stopped yet.
    package init() {}
}

extension FetchStop {
    /// Waits for the snapshot write in progress, then removes the fetch's temporary files; no
    /// snapshot write starts afterwards. Safe to call from any thread, any number of times.
    package func stop() {
        state.withLock { state in
            state.stopped = true
            if let folder = state.folder { SnapshotStore(folder: folder).removeLeftovers() }
        }
    }

    /// The snapshots folder the fetch writes into, once it holds the fetch lock there.
    func writing(into folder: String) {
        state.withLock { $0.folder = folder }
    }

    /// Runs `write` unless the fetch was stopped (then nil); a `stop()` waits until it is done.
    func unlessStopped<T: Sendable, E: Error>(_ write: () throws(E) -> T) throws(E) -> T? {
        try state.withLock { (state) throws(E) -> T? in state.stopped ? nil : try write() }
    }
}
