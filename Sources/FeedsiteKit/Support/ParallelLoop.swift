import Foundation
import Synchronization

/// The one parallel-for: runs the items `0..<count` on one thread per active core, each thread
/// taking the next chunk of items from a shared atomic index until none are left, and waits for all.
/// The threads get 64 MB stacks, large enough for the deepest nesting the template renderer allows
/// (Dispatch's worker threads have small ones).
///
/// `body` runs once on each thread with that thread's `Chunks`; it keeps whatever it collects in its own
/// local variables and merges them (under a lock) when the chunks run out, so the loop itself takes no
/// lock per item. When `body` throws, no thread takes another chunk and `run` rethrows the first error:
///
///     let found = Mutex<[Page]>([])
///     try ParallelLoop.run(count: paths.count, chunk: 64) { chunks throws(InputError) in
///         var mine: [Page] = []
///         for range in chunks {
///             for index in range { mine.append(try read(paths[index])) }
///         }
///         found.withLock { $0 += mine }
///     }
package enum ParallelLoop {
    /// The stack size of each thread.
    static let stackSize = 64 << 20

    /// The chunks of items one thread does: each step takes the next unclaimed range of indices.
    package struct Chunks: Sequence, IteratorProtocol {
        let shared: Shared
        let count: Int
        let size: Int

        /// The next range of at most `size` indices nobody has taken yet; nil when all are taken or
        /// another thread failed.
        package mutating func next() -> Range<Int>? {
            guard !shared.stopped.load(ordering: .relaxed) else { return nil }
            let first = shared.next.wrappingAdd(size, ordering: .relaxed).oldValue
            guard first < count else { return nil }
            return first..<Swift.min(first + size, count)
        }
    }

    /// What the threads of one loop share: the next unclaimed index and whether to stop.
    final class Shared: Sendable {
        let next = Atomic<Int>(0)
        let stopped = Atomic<Bool>(false)
    }

    /// How many threads `run` starts for `count` items in chunks of `chunk`: one per active core, but no
    /// more than there are chunks.
    package static func threads(count: Int, chunk: Int = 1) -> Int {
        let chunks = (count + max(1, chunk) - 1) / max(1, chunk)
        return min(max(1, ProcessInfo.processInfo.activeProcessorCount), chunks)
    }

    /// Runs `body` on `threads(count:chunk:)` threads (none when `count` is 0), each with the `Chunks`
    /// it draws from, and returns when all have finished; rethrows the first error `body` threw.
    package static func run<Failure: Error>(count: Int, chunk: Int = 1,
                                            _ body: @escaping @Sendable (Chunks) throws(Failure) -> Void) throws(Failure) {
        let threads = threads(count: count, chunk: chunk)
        guard threads > 0 else { return }
        let shared = Shared()
        let failure = Mutex<Failure?>(nil)
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<threads {
            let thread = Thread {
                do throws(Failure) {
                    try body(Chunks(shared: shared, count: count, size: max(1, chunk)))
                } catch {
                    shared.stopped.store(true, ordering: .relaxed)
                    failure.withLock { if $0 == nil { $0 = error } }
                }
                done.signal()
            }
            thread.stackSize = stackSize
            thread.start()
        }
        for _ in 0..<threads { done.wait() }
        if let error = failure.withLock({ $0 }) { throw error }
    }
}
