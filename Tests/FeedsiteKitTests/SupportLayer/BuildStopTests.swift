import Foundation
import Synchronization
import Testing
@testable import FeedsiteKit

/// `BuildStop`: raised, or paused until serve decides.
@Suite struct BuildStopTests {
    /// Asks `stop` from another thread while it is paused, then decides with `decide`; returns the thread's answer.
    static func answerWhilePaused(_ decide: (BuildStop) -> Void) -> Bool {
        let stop = BuildStop()
        stop.pause()
        let answer = Mutex<Bool?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            let raised = stop.isRaised
            answer.withLock { $0 = raised }
            done.signal()
        }.start()
        decide(stop)
        done.wait()
        return answer.withLock { $0 } == true
    }

    @Test("a stop not raised says so, a raised one says so, and a pause after the raise does not undo it")
    func raised() {
        let stop = BuildStop()
        #expect(!stop.isRaised)
        stop.raise()
        #expect(stop.isRaised)
        stop.pause()
        #expect(stop.isRaised)
    }

    @Test("a paused stop answers only once decided: raised when stopped, not raised when let go on")
    func paused() {
        // Were the pause not kept, the thread would answer 'not raised' before the raise.
        #expect(Self.answerWhilePaused { $0.raise() })
        #expect(!Self.answerWhilePaused { $0.resume() })
    }
}
