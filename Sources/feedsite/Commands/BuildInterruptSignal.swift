#if canImport(Glibc)
import Glibc
#endif
import FeedsiteKit

/// Ctrl-C (or SIGTERM) during `build`: the build is asked to stop (`BuildInterruption`), removes what it
/// wrote and ends with exit 130. A second Ctrl-C ends the process at once, as without feedsite's handler.
enum BuildInterruptSignal {
    /// Installs the handler for SIGINT and SIGTERM.
    static func install() {
        for number in [SIGINT, SIGTERM] {
            signal(number) { number in
                BuildInterruption.raise()
                signal(number, SIG_DFL)
            }
        }
        // A parent (a test runner's thread) may have started us with these signals blocked: they would wait
        // until the build ended. Threads started from here on (the build's) inherit the unblocked mask.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}
