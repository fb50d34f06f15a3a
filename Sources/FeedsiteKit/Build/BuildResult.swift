/// What a build did, for the summary line.
package struct BuildResult: Sendable {
    /// HTML pages rendered (index, account pages, 404).
    package var pages: Int
    /// Accounts in the site.
    package var accounts: Int
    /// Files written, left as they were, and removed.
    package var written: Int
    package var unchanged: Int
    package var removed: Int
    /// The paths written, relative to the output folder, sorted (`build --verbose` lists them).
    package var writtenPaths: [String] = []
    /// The paths removed (relative to the output folder), sorted: `build --verbose` lists them.
    package var removedPaths: [String] = []
    /// What the in-memory check found (warnings only, or the build would have failed).
    package var check: CheckReport
    /// Warnings: template names that never resolve, media copies refused, files of the output that were
    /// changed since feedsite wrote them and that the build replaced or removed, files feedsite did not
    /// write that `--force` overwrote.
    package var warnings: [Diagnostic]
    /// Wall time in milliseconds.
    package var milliseconds: Int
    /// The output folder (absolute).
    package var outputFolder: String
    /// Whether the output was already up to date, so nothing was rendered.
    package var upToDate: Bool
    /// How many of `warnings` (the last ones) are about the user's own files in the output: files someone
    /// edited since feedsite wrote them, and files feedsite did not write that `--force` overwrote. They
    /// are about the user's data, so they are shown even with `--quiet`.
    package var userFileWarningCount: Int = 0
    /// For an incremental build, how many snapshots it read (the other accounts came from the summary
    /// cache, their files left as they were); nil for a full build.
    package var snapshotsRead: Int? = nil

    /// The summary cache of the output folder `output` (see `snapshotsRead`).
    package static func summaryCachePath(forOutput output: String) -> String { SummaryCache.path(forOutput: output) }

    /// The warnings about the user's own files in the output (see `userFileWarningCount`).
    package var userFileWarnings: ArraySlice<Diagnostic> { warnings.suffix(userFileWarningCount) }

    /// `built 12 pages for 10 accounts in 41 ms (3 written, 9 unchanged, 1 removed); 10 intent URLs checked, no problems`.
    /// The warnings count the check's and the build's own (`warnings`), as the JSON totals do.
    package var summary: String {
        let count = check.warningCount + warnings.count
        let problems = count == 0 ? "no problems" : "\(count) warning\(count == 1 ? "" : "s")"
        return "built \(pages) page\(pages == 1 ? "" : "s") for \(accounts) account\(accounts == 1 ? "" : "s") in \(milliseconds) ms "
            + "(\(written) written, \(unchanged) unchanged, \(removed) removed); "
            + "\(check.intentURLs) intent URL\(check.intentURLs == 1 ? "" : "s") checked, \(problems)"
    }

    /// Whole milliseconds since `start`.
    static func milliseconds(since start: ContinuousClock.Instant) -> Int {
        let elapsed = ContinuousClock.now - start
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}
