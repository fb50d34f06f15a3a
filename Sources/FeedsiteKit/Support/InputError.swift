/// A problem with input that has no position in a file: a missing file, an unreadable folder, a bad argument.
package struct InputError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    package var message: String
    /// A likely fix.
    package var hint: String?

    /// Creates the error.
    package init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }

    /// `error: message`, and the hint on the next line.
    package var description: String {
        "error: \(message)" + (hint.map { "\n  hint: \($0)" } ?? "")
    }
}
