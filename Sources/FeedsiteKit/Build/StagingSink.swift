import Synchronization

/// Pages of a first build (no output folder yet, or an empty one): each is written at once into a
/// staging folder beside the output folder, and dropped from memory; publishing renames the
/// staging folder into place, so nobody ever sees part of a site.
final class StagingSink: PageSink {
    let staging: StagingFolder
    /// Every path the build may write (recorded in the staging folder's manifest before any write).
    let paths: [String]
    /// The output folder, written file by file if it appears while the build runs.
    let writer: OutputWriter
    private let stamps = Mutex<[String: BuildManifest.Stamp?]>([:])

    /// A sink for `plan`, or nil when the output folder holds something (or no staging folder can be made).
    init?(output: String, plan: BuildPlan) {
        let paths = plan.paths
        guard let staging = StagingFolder.begin(output: output, paths: paths) else { return nil }
        self.staging = staging
        self.paths = paths
        writer = OutputWriter(folder: output)
    }

    func accept(_ file: SiteFile) throws(InputError) {
        let stamp = try staging.write(file)
        stamps.withLock { $0[file.path] = stamp }
    }

    func publish(_ files: [SiteFile], record: BuildManifest.Record?) throws(InputError) -> OutputWriter.Counts {
        for file in files { try accept(file) }
        let manifest = BuildManifest(complete: true, record: record, files: stamps.withLock { $0 })
        if try staging.publish(manifest) { return OutputWriter.Counts(written: paths.count, writtenPaths: paths.sorted()) }
        // Something appeared at the output path meanwhile: move the staged site into it file by file (copied in chunks).
        var staged: [SiteFile] = []
        staged.reserveCapacity(paths.count)
        for path in paths {
            let shown = staging.path + "/" + path
            guard let file = try? DiskFile(path: shown, shown: shown) else {
                throw InputError("\(shown): cannot be read back from the staging folder")
            }
            staged.append(SiteFile(path: path, copying: file))
        }
        // The copies are read while written: the staging folder goes once they are (or, on failure, with `discard`).
        let counts = try writer.write(staged, record: record)
        staging.discard(paths: paths)
        return counts
    }

    /// A staging folder starts empty: nothing in it is anyone else's.
    func foreignFiles(among files: [SiteFile]) -> [String] { [] }

    func discard() {
        staging.discard(paths: paths)
    }
}
