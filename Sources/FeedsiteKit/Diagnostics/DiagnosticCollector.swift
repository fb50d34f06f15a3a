/// Gathers diagnostics across a whole input so that all problems are reported at once.
package struct DiagnosticCollector: Sendable {
    /// How many diagnostics are kept: the first ones by position, whatever order they were found in.
    package let limit: Int
    /// What was recorded and not yet dropped: at most twice `limit`, in the order found.
    private var kept: [Diagnostic] = []
    /// How many were dropped so far, being later in their files than `limit` others.
    private var overflow = 0

    /// Creates an empty collector.
    package init(limit: Int = 200) {
        self.limit = limit
    }

    /// The first `limit` diagnostics by file, line and column.
    package var diagnostics: [Diagnostic] {
        kept.count <= limit ? kept : Array(kept.sorted().prefix(limit))
    }

    /// How many were recorded beyond `diagnostics`.
    package var dropped: Int {
        overflow + max(0, kept.count - limit)
    }

    /// Whether any error (not only warnings) was recorded.
    package var hasErrors: Bool {
        overflow > 0 || kept.contains { $0.severity == .error }
    }

    /// Records a diagnostic.
    package mutating func add(_ diagnostic: Diagnostic) {
        kept.append(diagnostic)
        // Sorting once twice the limit is reached keeps the earliest by position in amortised
        // constant time per diagnostic (accounts are decoded in chunks, top-level keys first).
        if kept.count >= 2 * limit {
            kept.sort()
            overflow += kept.count - limit
            kept.removeLast(kept.count - limit)
        }
    }

    /// Records an error.
    package mutating func error(_ location: SourceLocation, _ message: String, hint: String? = nil) {
        add(Diagnostic(.error, at: location, message, hint: hint))
    }

    /// Records what `other` collected.
    package mutating func merge(_ other: DiagnosticCollector) {
        for diagnostic in other.kept { add(diagnostic) }
        overflow += other.overflow
    }

    /// Throws a `DiagnosticError` with everything collected when any error was recorded.
    package func throwIfErrors() throws(DiagnosticError) {
        if hasErrors { throw DiagnosticError(self) }
    }
}
