/// A problem a user can fix: where it is, what is wrong and, when likely, how to fix it.
package struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious the problem is.
    package enum Severity: String, Sendable, Hashable, Comparable {
        case warning
        case error

        package static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .warning && rhs == .error
        }
    }

    /// Whether this stops the command.
    package var severity: Severity
    /// Where the problem is.
    package var location: SourceLocation
    /// What is wrong, in plain words.
    package var message: String
    /// A likely fix, shown on the line after the message.
    package var hint: String?

    /// Creates a diagnostic.
    package init(_ severity: Severity = .error, at location: SourceLocation, _ message: String, hint: String? = nil) {
        self.severity = severity
        self.location = location
        self.message = message
        self.hint = hint
    }

    /// `path:line:col: error: message`, and the hint indented on the lines after.
    package var description: String {
        DiagnosticRenderer().text(self)
    }
}

extension Diagnostic: Comparable {
    package static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.severity != rhs.severity { return lhs.severity > rhs.severity }
        return lhs.message < rhs.message
    }
}
