/// Where the render phase puts each page as soon as it is rendered and checked, and what the
/// publish phase completes once the whole site has passed the check.
protocol PageSink: Sendable {
    /// Takes one rendered, checked page; called from every worker thread.
    func accept(_ file: SiteFile) throws(InputError)
    /// Adds the plan's other files and makes the output folder the new site; `record` is kept in the
    /// manifest when the build was clean, so that an unchanged rebuild can be skipped.
    func publish(_ files: [SiteFile], record: BuildManifest.Record?) throws(InputError) -> OutputWriter.Counts
    /// Undoes whatever `accept` wrote, after a failed build.
    func discard()
}
