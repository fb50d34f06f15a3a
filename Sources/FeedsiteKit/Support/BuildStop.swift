import Foundation
import Synchronization

/// A request that one build stop, as Ctrl-C stops any build (`BuildInterruption`): serve raises it for
/// the build behind the pages when a newer change comes, whose own build replaces it. The build looks at
/// it where it looks for Ctrl-C and stops the same way, by throwing, so nothing it wrote is left.
/// While serve reads a change the build is paused (it waits where it would look), and then either stopped
/// or let go on, when the change does not load and no build would replace it.
package final class BuildStop: Sendable {
    private struct State {
        var raised = false
        var paused = false
        /// Threads of the build waiting while it is paused.
        var waiting = 0
    }

    private let state = Mutex(State())
    private let released = DispatchSemaphore(value: 0)

    /// A stop not asked for yet.
    package init() {}
}

extension BuildStop {
    /// Asks the build to stop; the build that has ended is not affected.
    package func raise() {
        decide { $0.raised = true }
    }

    /// Has the build wait where it looks for a stop, until `raise()` or `resume()`.
    package func pause() {
        state.withLock { state in
            if !state.raised { state.paused = true }
        }
    }

    /// Lets a paused build go on.
    package func resume() {
        decide { _ in }
    }

    /// Whether a stop was asked for; while paused, waits until that is decided.
    package var isRaised: Bool {
        while true {
            let decided: Bool? = state.withLock { state in
                guard state.paused else { return state.raised }
                state.waiting += 1
                return nil
            }
            if let decided { return decided }
            released.wait()
        }
    }

    /// Ends a pause with `change`, releasing the threads that wait.
    private func decide(_ change: (inout State) -> Void) {
        let waiting = state.withLock { state in
            change(&state)
            state.paused = false
            defer { state.waiting = 0 }
            return state.waiting
        }
        for _ in 0..<waiting { released.signal() }
    }
}
