/// A problem with input that has no position in a file: a missing file, an unreadable folder, a bad argument.
/// (It is shown and mapped to an exit code as a `UserFacingError`, in `Diagnostics/InputError+UserFacing.swift`.)
package struct InputError: Error, Sendable {
    /// What went wrong.
    package var message: String
    /// A likely fix.
    package var hint: String?

    /// Creates the error.
    package init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }
}
