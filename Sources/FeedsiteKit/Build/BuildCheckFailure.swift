/// A build stopped by the in-memory check: nothing was written.
package struct BuildCheckFailure: Error, Sendable {
    /// The findings (with at least one error).
    package var report: CheckReport
}
