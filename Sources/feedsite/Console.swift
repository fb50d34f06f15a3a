import FeedsiteKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where the command line writes: results to `out`, diagnostics, logs and progress to `err`.
final class Console: @unchecked Sendable {
    private(set) var outText = ""
    private(set) var errText = ""
    /// Progress comes from worker threads; one lock keeps lines whole.
    private let lock = NSLock()
    private let capture: Bool
    /// Whether `err` is a terminal that may show colour.
    let colorsErrors: Bool
    /// Whether `err` is a terminal (progress lines only go there).
    let errIsTerminal: Bool

    /// A console writing to the process's stdout and stderr.
    static func standard() -> Console {
        let terminal = isatty(STDERR_FILENO) == 1
        let noColor = getenv("NO_COLOR").map { String(cString: $0).isEmpty == false } ?? false
        return Console(capture: false, colors: terminal && !noColor, terminal: terminal)
    }

    /// A console that keeps everything in memory, for tests.
    static func capturing() -> Console {
        Console(capture: true, colors: false, terminal: false)
    }

    private init(capture: Bool, colors: Bool, terminal: Bool) {
        self.capture = capture
        self.colorsErrors = colors
        self.errIsTerminal = terminal
    }

    /// Writes `text` to stdout as is.
    func out(_ text: String) {
        lock.withLock { if capture { outText += text } else { write(STDOUT_FILENO, text) } }
    }

    /// Writes raw bytes to stdout.
    func out(bytes: [UInt8]) {
        lock.withLock { if capture { outText += String(decoding: bytes, as: UTF8.self) } else { write(STDOUT_FILENO, bytes) } }
    }

    /// Writes `text` and a newline to stderr.
    func err(_ text: String) {
        lock.withLock { if capture { errText += text + "\n" } else { write(STDERR_FILENO, text + "\n") } }
    }

    /// Rewrites the progress line on a terminal; nil clears it.
    func progress(_ text: String?) {
        guard errIsTerminal, !capture else { return }
        lock.withLock { write(STDERR_FILENO, "\r\u{1B}[K" + (text ?? "")) }
    }

    private func write(_ descriptor: Int32, _ text: String) {
        write(descriptor, Array(text.utf8))
    }

    private func write(_ descriptor: Int32, _ bytes: [UInt8]) {
        // Nothing sensible is left to do when stdout or stderr cannot be written.
        try? DescriptorWriter.write(bytes, to: descriptor)
    }
}
