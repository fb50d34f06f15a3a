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

    /// Prints diagnostics to stderr, coloured on a terminal.
    func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            var head = "\(diagnostic.location): \(paint(diagnostic.severity)): \(diagnostic.message)"
            if let hint = diagnostic.hint {
                head += "\n" + hint.split(separator: "\n", omittingEmptySubsequences: false)
                    .enumerated().map { $0.offset == 0 ? "  hint: \($0.element)" : "        \($0.element)" }
                    .joined(separator: "\n")
            }
            err(head)
        }
    }

    /// Prints an error that has no position.
    func report(_ error: InputError) {
        err("\(paint(.error)): \(error.message)" + (error.hint.map { "\n  hint: \($0)" } ?? ""))
    }

    private func paint(_ severity: Diagnostic.Severity) -> String {
        guard colorsErrors else { return severity.rawValue }
        let code = severity == .error ? "31" : "33"
        return "\u{1B}[1;\(code)m\(severity.rawValue)\u{1B}[0m"
    }

    private func write(_ descriptor: Int32, _ text: String) {
        write(descriptor, Array(text.utf8))
    }

    private func write(_ descriptor: Int32, _ bytes: [UInt8]) {
        // Nothing sensible is left to do when stdout or stderr cannot be written.
        try? DescriptorWriter.write(bytes, to: descriptor)
    }
}
