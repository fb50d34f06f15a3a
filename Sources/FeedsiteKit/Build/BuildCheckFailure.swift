/// A build stopped by the in-memory check: nothing was written.
package struct BuildCheckFailure: UserFacingError {
    /// The findings (with at least one error).
    package var report: CheckReport

    /// The checker found errors: exit 1.
    package var exitCode: ExitCode { .findings }

    /// Every finding, on the lines `report.textLines()` prints.
    package var diagnostics: [Diagnostic] { report.findings.map(\.diagnostic) }

    /// `build stopped: 2 errors, … ; nothing was written`.
    package var summary: String? { "build stopped: \(report.summary); nothing was written" }
}
