/// Thrown when user input has problems: every diagnostic found, sorted by file, line and column.
package struct DiagnosticError: UserFacingError, CustomStringConvertible {
    /// The problems, sorted; at least one is an error.
    package var diagnostics: [Diagnostic]
    /// How many more problems were found but not kept (a collector keeps at most its limit).
    package var dropped: Int

    /// Creates the error from unsorted diagnostics and the count of those that were dropped.
    package init(_ diagnostics: [Diagnostic], dropped: Int = 0) {
        self.diagnostics = diagnostics.sorted()
        self.dropped = dropped
    }

    /// Everything a collector gathered, with its count of dropped diagnostics.
    package init(_ collector: DiagnosticCollector) {
        self.init(collector.diagnostics, dropped: collector.dropped)
    }

    /// Invalid input: exit 2.
    package var exitCode: ExitCode { .invalid }

    /// `3 errors` when more than one error was kept and none was dropped (then the renderer counts
    /// the rest instead).
    package var summary: String? {
        let errors = diagnostics.filter { $0.severity == .error }.count
        return errors > 1 && dropped == 0 ? "\(errors) errors" : nil
    }

    /// Every diagnostic, one per line (hints on their own lines).
    package var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
