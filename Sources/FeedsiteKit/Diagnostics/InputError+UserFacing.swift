extension InputError: UserFacingError, CustomStringConvertible {
    /// Invalid input or I/O: exit 2.
    package var exitCode: ExitCode { .invalid }

    /// The message and hint, shown without a place.
    package var problem: (message: String, hint: String?)? { (message, hint) }

    /// `error: message`, and the hint on the next line.
    package var description: String {
        DiagnosticRenderer().text(self)
    }
}
