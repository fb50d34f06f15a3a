/// The build's first phase: whether the output folder already holds exactly what this build would
/// write. It compares a fingerprint of everything a build is made from (the binary, site.yml, the
/// templates) with the one the last clean build recorded, and every file's size, time and inode
/// with the manifest.
struct UpToDateCheck {
    /// This build's inputs; nil when one cannot be read (then no build is skipped).
    let inputs: BuildInputs?
    /// What the last build recorded, when it is up to date.
    let previous: (record: BuildManifest.Record, files: Int)?
}

extension UpToDateCheck {
    /// Checks the site whose site.yml at `configPath` holds `configBytes`, with folders `folders`.
    init(configPath: String, configBytes: [UInt8], folders: SiteFolders, manifest: BuildManifest? = nil) {
        let inputs = BuildFingerprint.inputs(configPath: configPath, configBytes: configBytes, folders: folders)
        var previous: (record: BuildManifest.Record, files: Int)?
        if let fingerprint = inputs?.fingerprint, (try? OutputFolderGuard.check(folders, configPath: configPath)) != nil {
            let writer = OutputWriter(folder: folders.output)
            // A manifest that records another fingerprint is not parsed here: the build parses it once, after taking the
            // output lock (perf, Benchmarks/posts.py 10000, one snapshot changed: reading the manifest 3.1% -> 2.1% of the CPU).
            previous = writer.upToDate(fingerprint: fingerprint, manifest: manifest ?? writer.readManifest(ifRecording: fingerprint))
        }
        self.init(inputs: inputs, previous: previous)
    }

    /// The fingerprint of this build's inputs; nil when an input cannot be read.
    var fingerprint: UInt64? { inputs?.fingerprint }

    /// The result of a build that had nothing to do.
    func result(since start: ContinuousClock.Instant, outputFolder: String) -> BuildResult? {
        guard let previous else { return nil }
        return BuildResult(pages: previous.record.pages, accounts: previous.record.accounts, written: 0, unchanged: previous.files,
                           removed: 0,
                           check: CheckReport(findings: [], filesChecked: previous.record.pages, intentURLs: previous.record.intentURLs,
                                              links: previous.record.links),
                           warnings: [], milliseconds: BuildResult.milliseconds(since: start), outputFolder: outputFolder,
                           upToDate: true)
    }
}
