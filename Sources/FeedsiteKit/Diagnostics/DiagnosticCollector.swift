/// Gathers diagnostics across a whole input so that all problems are reported at once.
package struct DiagnosticCollector: Sendable {
    /// How many diagnostics are kept before the rest are counted but dropped.
    package let limit: Int
    /// The diagnostics kept so far.
    package private(set) var diagnostics: [Diagnostic] = []
    /// How many were dropped because the limit was reached.
    package private(set) var dropped = 0

    /// Creates an empty collector.
    package init(limit: Int = 200) {
        self.limit = limit
    }

    /// Whether any error (not only warnings) was recorded.
    package var hasErrors: Bool {
        dropped > 0 || diagnostics.contains { $0.severity == .error }
    }

    /// Records a diagnostic.
    package mutating func add(_ diagnostic: Diagnostic) {
        if diagnostics.count < limit {
            diagnostics.append(diagnostic)
        } else {
            dropped += 1
        }
    }

    /// Records an error.
    package mutating func error(_ location: SourceLocation, _ message: String, hint: String? = nil) {
        add(Diagnostic(.error, at: location, message, hint: hint))
    }

    /// Records what `other` collected, after what this one holds.
    package mutating func merge(_ other: DiagnosticCollector) {
        for diagnostic in other.diagnostics { add(diagnostic) }
        dropped += other.dropped
    }

    /// Throws a `DiagnosticError` with everything collected when any error was recorded.
    package func throwIfErrors() throws(DiagnosticError) {
        if hasErrors { throw DiagnosticError(self) }
    }
}
