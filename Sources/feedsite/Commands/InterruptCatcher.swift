import FeedsiteKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The pipe's write end, for the signal handler (which can capture nothing); set once, before any
/// handler is installed.
nonisolated(unsafe) private var interruptPipeWriteEnd: Int32 = -1

/// Catches SIGINT and SIGTERM from the moment it is made, for a command that later waits for them
/// (`serve`, `build --watch`): a signal sent before the command waits is kept, neither lost nor fatal.
/// The handler is installed at once (a dispatch signal source registers later, on another thread,
/// and lost a Ctrl-C sent in between: found by ServeCommandTests) and only writes a byte into a
/// pipe, which `wait` reads.
struct InterruptCatcher {
    private let readEnd: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            // Without a pipe the signals keep their default action: Ctrl-C still ends the command.
            readEnd = -1
            return
        }
        readEnd = ends[0]
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        interruptPipeWriteEnd = ends[1]
        for number in [SIGINT, SIGTERM] {
            signal(number) { number in
                // A build running meanwhile (a rebuild of `build --watch` or `serve`) stops and cleans up.
                BuildInterruption.raise()
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(interruptPipeWriteEnd, &byte, 1)
            }
        }
        // A parent (a test runner's thread) may have started us with these signals blocked; one
        // pending is handled now.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Blocks until SIGINT or SIGTERM (also one caught before this call), then runs `stop` and
    /// exits with 0.
    func wait(_ stop: () -> Void) -> Never {
        if next() == nil { while true { pause() } }
        stop()
        exit(0)
    }

    /// Blocks until SIGINT or SIGTERM (also one caught before this call) and returns its number;
    /// nil when no pipe could be made (then the signals keep their default action).
    func next() -> Int32? {
        guard readEnd >= 0 else { return nil }
        var byte: UInt8 = 0
        var count = read(readEnd, &byte, 1)
        while count < 0 && errno == EINTR { count = read(readEnd, &byte, 1) }
        return count == 1 ? Int32(byte) : nil
    }
}
