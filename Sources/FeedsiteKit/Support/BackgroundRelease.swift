import Foundation
import Synchronization

/// Frees large values on a thread of its own: the caller hands over its last references and goes on
/// (a build's summaries, pages and manifest at 10,000 accounts take milliseconds to free; a process
/// that exits meanwhile does not wait for it).
enum BackgroundRelease {
    /// Takes `value`, the caller's last reference to it, and lets it go on another thread.
    static func drop<Value: Sendable>(_ value: consuming Value) {
        let held = Held(value)
        Thread.detachNewThread { held.release() }
    }
}

/// One value until `release` lets it go.
private final class Held<Value: Sendable>: Sendable {
    private let value: Mutex<Value?>

    init(_ value: consuming Value) {
        self.value = Mutex(value)
    }

    func release() {
        value.withLock { $0 = nil }
    }
}
