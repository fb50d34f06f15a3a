import Synchronization

/// The responses handed over by `CurlTransfers.run` and not yet taken by a reader: a transfer starts
/// only while those and the running transfers are fewer than `limit`, so a network faster than the
/// readers does not pile every feed up in memory (Benchmarks/fetch.py 1000, 200 round, 4 runs each:
/// peak RSS 83-134 MB -> 52-82 MB at load 8-10, 86-122 MB -> 37-103 MB at load 3). A reader that
/// takes one wakes the transfers up.
package final class ResponseBacklog: Sendable {
    /// The most responses waiting and transfers running together.
    package let limit: Int
    private let waiting = Atomic<Int>(0)
    /// Whether the transfers found no room and wait to be woken.
    private let starved = Atomic<Bool>(false)
    /// Wakes the running transfers when room comes free; nil when none run.
    private let wake = Mutex<(@Sendable () -> Void)?>(nil)

    /// A backlog of at most `limit` (at least 1) responses waiting and transfers running.
    package init(limit: Int) {
        self.limit = max(1, limit)
    }
}

extension ResponseBacklog {
    /// How many more transfers may start now, with `running` ones.
    package func room(running: Int) -> Int {
        // Marked starved before `waiting` is read, and `taken` lowers `waiting` before it looks at the
        // mark: either this sees the room a reader made or that reader sees the mark and wakes the transfers.
        starved.store(true, ordering: .sequentiallyConsistent)
        let room = max(0, limit - running - waiting.load(ordering: .sequentiallyConsistent))
        if room > 0 { starved.store(false, ordering: .sequentiallyConsistent) }
        return room
    }

    /// A response was handed over to be read.
    package func queued() {
        waiting.wrappingAdd(1, ordering: .sequentiallyConsistent)
    }

    /// A reader took a response: transfers that found no room hear of it at once.
    package func taken() {
        waiting.wrappingSubtract(1, ordering: .sequentiallyConsistent)
        guard starved.exchange(false, ordering: .sequentiallyConsistent) else { return }
        wake.withLock { $0?() }
    }

    /// Transfers run until `detach`: `wake` interrupts their wait.
    package func attach(_ wake: @escaping @Sendable () -> Void) {
        self.wake.withLock { $0 = wake }
    }

    /// The transfers are over: `wake` is never called again once this returns.
    package func detach() {
        wake.withLock { $0 = nil }
    }
}
