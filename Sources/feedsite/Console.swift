import FeedsiteKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where the command line writes: results to `out`, diagnostics, logs and progress to `err`.
///
/// Text goes out with its control characters escaped (`TerminalText`; newlines kept), so nothing a
/// message quotes can act on the terminal; only documents (`out(document:)`, `out(bytes:)`) and
/// the renderer's already escaped, possibly coloured text (`err(rendered:)`) go out as they are.
final class Console: @unchecked Sendable {
    private(set) var outText = ""
    private(set) var errText = ""
    private var firstWriteFailure: (stream: String, error: SystemError)?
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
        return Console(capture: false, colors: colors(terminal: terminal, environment: ProcessInfo.processInfo.environment),
                       terminal: terminal)
    }

    /// Whether to colour: only on a terminal, only when `NO_COLOR` is unset (or empty) and only when
    /// `TERM` is not `dumb`.
    static func colors(terminal: Bool, environment: [String: String]) -> Bool {
        terminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
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

    /// Writes `text` to stdout, control characters other than newlines escaped.
    func out(_ text: String) {
        out(document: TerminalText.escaped(text, keepingNewlines: true))
    }

    /// Writes a document (JSON, whose strings escape control characters themselves) to stdout as is.
    func out(document text: String) {
        lock.withLock { if capture { outText += text } else { write(STDOUT_FILENO, text) } }
    }

    /// Writes raw bytes to stdout.
    func out(bytes: [UInt8]) {
        lock.withLock { if capture { outText += String(decoding: bytes, as: UTF8.self) } else { write(STDOUT_FILENO, bytes) } }
    }

    /// Writes `text` and a newline to stderr, control characters other than newlines escaped.
    func err(_ text: String) {
        err(rendered: TerminalText.escaped(text, keepingNewlines: true))
    }

    /// Writes text that `DiagnosticRenderer` escaped (and may have coloured) and a newline to stderr.
    func err(rendered text: String) {
        lock.withLock { if capture { errText += text + "\n" } else { write(STDERR_FILENO, text + "\n") } }
    }

    /// The first write to stdout or stderr that failed (a full disk, a closed pipe), and on which stream.
    var writeFailure: (stream: String, error: SystemError)? {
        lock.withLock { firstWriteFailure }
    }

    /// Rewrites the progress line on a terminal; nil clears it.
    func progress(_ text: String?) {
        guard errIsTerminal, !capture else { return }
        lock.withLock { write(STDERR_FILENO, "\r\u{1B}[K" + (text ?? "")) }
    }

    private func write(_ descriptor: Int32, _ text: String) {
        write(descriptor, Array(text.utf8))
    }

    /// Writes `bytes`; the first failure is kept for `finish(_:)`, which reports it and exits 2.
    private func write(_ descriptor: Int32, _ bytes: [UInt8]) {
        do {
            try DescriptorWriter.write(bytes, to: descriptor)
        } catch {
            if firstWriteFailure == nil { firstWriteFailure = (descriptor == STDOUT_FILENO ? "standard output" : "standard error", error) }
        }
    }
}
