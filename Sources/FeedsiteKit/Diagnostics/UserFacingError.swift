/// An error the user can act on: what to show them and the exit status it ends the command with.
///
/// `diagnostics` (problems at places in files) or `problem` (one without a place) say what went
/// wrong; `DiagnosticRenderer` shows both the same way on a terminal, in the serve overlay and as JSON.
package protocol UserFacingError: Error, Sendable {
    /// `.findings` (1) when the checker found errors, `.invalid` (2) for invalid input, usage or I/O.
    var exitCode: ExitCode { get }
    /// The problems found at places in files, sorted; empty when the error has no place.
    var diagnostics: [Diagnostic] { get }
    /// What went wrong, and a likely fix, when there is no place in a file to point at.
    var problem: (message: String, hint: String?)? { get }
    /// How many more problems were found than `diagnostics` holds (beyond the collector's cap).
    var dropped: Int { get }
    /// A closing line after the problems (a count, what the command did not do), or nil.
    var summary: String? { get }
}

package extension UserFacingError {
    /// No diagnostics by default.
    var diagnostics: [Diagnostic] { [] }
    /// No positionless problem by default.
    var problem: (message: String, hint: String?)? { nil }
    /// Nothing dropped by default.
    var dropped: Int { 0 }
    /// No closing line by default.
    var summary: String? { nil }
}
