import Foundation
import Synchronization

/// A value made on a thread of its own while the caller goes on with other work; `value` waits for it.
final class BackgroundValue<Value: Sendable>: Sendable {
    private let made = Mutex<Value?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Starts making the value with `make`, at once.
    init(_ make: @escaping @Sendable () -> Value) {
        let thread = Thread { [self] in
            let value = make()
            made.withLock { $0 = value }
            done.signal()
        }
        thread.stackSize = ParallelLoop.stackSize
        thread.start()
    }
}

extension BackgroundValue {
    /// The value, once made (waiting for it the first time).
    var value: Value {
        if let value = made.withLock({ $0 }) { return value }
        done.wait()
        return made.withLock { $0! }
    }
}
