import Foundation

/// Runs work on one thread per core, with stacks large enough for deeply nested templates
/// (Dispatch's worker threads have small stacks), and waits for all of them.
enum WorkerThreads {
    /// The stack size of each worker.
    static let stackSize = 64 << 20

    /// Calls `body(worker)` for `worker` in `0..<count` on `count` threads; returns when all are done.
    static func run(count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let done = DispatchSemaphore(value: 0)
        for worker in 0..<count {
            let thread = Thread {
                body(worker)
                done.signal()
            }
            thread.stackSize = stackSize
            thread.start()
        }
        for _ in 0..<count { done.wait() }
    }
}
