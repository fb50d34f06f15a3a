/// Thrown when user input has problems: every diagnostic found, sorted by file, line and column.
package struct DiagnosticError: Error, Sendable, CustomStringConvertible {
    /// The problems, sorted; at least one is an error.
    package var diagnostics: [Diagnostic]

    /// Creates the error from unsorted diagnostics.
    package init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics.sorted()
    }

    /// Every diagnostic, one per line (hints on their own lines).
    package var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
