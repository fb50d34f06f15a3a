import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
@testable import FeedsiteKit

/// Work handed to a thread of its own: a value made beside the caller's work, and values freed off the caller's thread.
@Suite struct BackgroundThreadsTests {
    /// Says on which thread it was freed.
    final class Tracked: Sendable {
        let freed: @Sendable () -> Void

        init(freed: @escaping @Sendable () -> Void) {
            self.freed = freed
        }

        deinit { freed() }
    }

    @Test("a background value is made once, on another thread, and read as often as asked")
    func value() {
        let runs = Atomic<Int>(0)
        let caller = pthread_self()
        let made = BackgroundValue { () -> [UInt8] in
            runs.wrappingAdd(1, ordering: .relaxed)
            return pthread_equal(pthread_self(), caller) != 0 ? [] : Array(0..<200)
        }
        #expect(made.value == Array(0..<200))
        #expect(made.value == Array(0..<200))
        #expect(runs.load(ordering: .relaxed) == 1)
    }

    @Test("a value handed to BackgroundRelease is freed, and not on the thread that handed it over")
    func release() {
        let caller = pthread_self()
        let freedOn = Mutex<[pthread_t]>([])
        let done = DispatchSemaphore(value: 0)
        do {
            let values = (0..<3).map { _ in Tracked { freedOn.withLock { $0.append(pthread_self()) }; done.signal() } }
            // Consumed: a copy kept to the end of the scope (as a debug build keeps it) could be the last reference, freed here.
            BackgroundRelease.drop(consume values)
        }
        for _ in 0..<3 { #expect(done.wait(timeout: .now() + 60) == .success) }
        #expect(freedOn.withLock { $0.count } == 3)
        #expect(freedOn.withLock { $0 }.allSatisfy { pthread_equal($0, caller) == 0 })
    }
}
