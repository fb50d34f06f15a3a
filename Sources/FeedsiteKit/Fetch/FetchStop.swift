import Dispatch
import Synchronization

/// Stops a running `FeedFetcher` between two snapshot writes, for the command's SIGINT and SIGTERM
/// handling: `stop()` waits for the writes in progress (the reading threads stage snapshots while
/// the fetch commits others), keeps every later one from starting and removes the temporary files
/// already written, so an interrupted fetch leaves no `*.tmp` behind.
package final class FetchStop: Sendable {
    private let state = Mutex<(stopped: Bool, folder: String?)>((false, nil))
    /// Entered by each write that started before the stop, left when it ends.
    private let writes = DispatchGroup()

    /// A fetch not stopped yet.
    package init() {}
}

extension FetchStop {
    /// Waits for the snapshot writes in progress, then removes the fetch's temporary files; no
    /// snapshot write starts afterwards. Safe to call from any thread, any number of times.
    package func stop() {
        let folder = state.withLock { state in
            state.stopped = true
            return state.folder
        }
        writes.wait()
        if let folder { SnapshotStore(folder: folder).removeLeftovers() }
    }

    /// The snapshots folder the fetch writes into, once it holds the fetch lock there.
    func writing(into folder: String) {
        state.withLock { $0.folder = folder }
    }

    /// Runs `write` unless the fetch was stopped (then nil); a `stop()` waits until it is done.
    /// Writes on several threads run at the same time.
    func unlessStopped<T: Sendable, E: Error>(_ write: () throws(E) -> T) throws(E) -> T? {
        // Entered under the lock that `stop` sets `stopped` under: a write either is waited for or does not start.
        let started = state.withLock { state in
            if !state.stopped { writes.enter() }
            return !state.stopped
        }
        guard started else { return nil }
        defer { writes.leave() }
        return try write()
    }
}
