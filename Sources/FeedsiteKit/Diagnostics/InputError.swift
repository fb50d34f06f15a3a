/// A problem with input that has no position in a file: a missing file, an unreadable folder, a bad argument.
package struct InputError: UserFacingError, CustomStringConvertible {
    /// What went wrong.
    package var message: String
    /// A likely fix.
    package var hint: String?

    /// Creates the error.
    package init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }

    /// Invalid input or I/O: exit 2.
    package var exitCode: ExitCode { .invalid }

    /// The message and hint, shown without a place.
    package var problem: (message: String, hint: String?)? { (message, hint) }

    /// `error: message`, and the hint on the next line.
    package var description: String {
        DiagnosticRenderer().text(self)
    }
}
