/// Where the render phase puts each page as soon as it is rendered and checked, and what the
/// publish phase completes once the whole site has passed the check.
protocol PageSink: Sendable {
    /// Takes one rendered, checked page; called from every worker thread.
    func accept(_ file: SiteFile) throws(InputError)
    /// Adds the plan's other files and makes the output folder the new site; `record` is kept in the
    /// manifest when the build was clean, so that an unchanged rebuild can be skipped.
    func publish(_ files: [SiteFile], record: BuildManifest.Record?) throws(InputError) -> OutputWriter.Counts
    /// The paths, sorted, of files in the output folder that the build would replace although feedsite
    /// did not write them and they differ: the pages accepted so far and those of `files`.
    func foreignFiles(among files: [SiteFile]) -> [String]
    /// Undoes whatever `accept` wrote, after a failed build.
    func discard()
}
