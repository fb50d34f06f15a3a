import Dispatch
import Synchronization

/// A first-in, first-out queue between the threads of one fetch: `take` waits for an item, and
/// returns nil once the queue is closed and empty.
final class WorkQueue<Item: Sendable>: Sendable {
    private let state = Mutex<(items: [Item?], head: Int, closed: Bool)>(([], 0, false))
    /// Signalled once per item put, and once per consumer when the queue is closed.
    private let available = DispatchSemaphore(value: 0)
}

extension WorkQueue {
    /// Adds `item` at the end.
    func put(_ item: Item) {
        state.withLock { $0.items.append(item) }
        available.signal()
    }

    /// No item comes after this; each of `consumers` threads waiting in `take` gets nil once the items are gone.
    func close(consumers: Int) {
        state.withLock { $0.closed = true }
        for _ in 0..<consumers { available.signal() }
    }

    /// The first item, waiting for one unless `waiting` is false; nil when there is none (closed, or not waiting).
    func take(waiting: Bool = true) -> Item? {
        guard available.wait(timeout: waiting ? .distantFuture : .now()) == .success else { return nil }
        return state.withLock { state -> Item? in
            guard state.head < state.items.count else { return nil }
            let item = state.items[state.head]
            // Not kept once taken (a response's body may be large); the emptied places are dropped now and then.
            state.items[state.head] = nil
            state.head += 1
            if state.head >= 64, state.head * 2 >= state.items.count {
                state.items.removeFirst(state.head)
                state.head = 0
            }
            return item
        }
    }
}
