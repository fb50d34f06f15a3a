/// What one `feedsite fetch` did.
package struct FetchSummary: Sendable, Equatable {
    /// Feeds whose posts changed.
    package var updated = 0
    /// Feeds read without new posts (including 304 Not Modified).
    package var unchanged = 0
    /// Feeds that failed; their snapshots keep their posts and record the error.
    package var failed = 0
    /// Of the failed feeds, those whose snapshot could not be written (a full disk): an I/O error.
    package var unwritten = 0
    /// Images of `media: copy` accounts that were not copied (their posts show them as links).
    package var imagesNotCopied = 0
    /// Wall time in seconds.
    package var seconds = 0.0

    /// An empty summary.
    package init() {}
}

extension FetchSummary {
    /// Every feed tried.
    package var total: Int { updated + unchanged + failed }

    /// `fetched 3,500 feeds in 4.1 s: 12 updated, 3,486 unchanged, 2 failed`, and `; 3 images not copied` when some were not.
    package var text: String {
        let tenths = (seconds * 10).rounded() / 10
        return "fetched \(DiagnosticRenderer.grouped(total)) feed\(total == 1 ? "" : "s") in \(tenths) s: "
            + "\(DiagnosticRenderer.grouped(updated)) updated, \(DiagnosticRenderer.grouped(unchanged)) unchanged, "
            + "\(DiagnosticRenderer.grouped(failed)) failed"
            + (unwritten == 0 ? "" : " (\(DiagnosticRenderer.grouped(unwritten)) snapshot\(unwritten == 1 ? "" : "s") not written)")
            + (imagesNotCopied == 0 ? "" : "; \(DiagnosticRenderer.grouped(imagesNotCopied)) image\(imagesNotCopied == 1 ? "" : "s") not copied")
    }

    /// A feed counted with `outcome` whose snapshot could not be written: it failed after all.
    mutating func unwritten(_ outcome: FeedUpdate.Result.Outcome) {
        switch outcome {
        case .updated: updated -= 1
        case .unchanged: unchanged -= 1
        case .failed: failed -= 1
        }
        failed += 1
        unwritten += 1
    }
}
