import Synchronization

/// Pages of a first build (no output folder yet, or an empty one): each is written at once into a
/// staging folder beside the output folder, and dropped from memory; publishing renames the
/// staging folder into place, so nobody ever sees part of a site.
final class StagingSink: PageSink {
    let staging: StagingFolder
    /// Every path the build may write, as far as known before the first write (recorded in the
    /// staging folder's manifest; `publish` records the others before it writes them).
    let paths: Set<String>
    /// The output folder, written file by file if it appears while the build runs.
    let writer: OutputWriter
    private let stamps = Mutex<[String: BuildManifest.Stamp?]>([:])

    /// A sink for a build that may write `paths` (and files it names to `publish`), or nil when the
    /// output folder holds something (or no staging folder can be made).
    init?(output: String, paths: @autoclosure () -> [String]) {
        // The paths (sorted: 10,000 of them at 10,000 accounts) are made only for a folder that is staged (perf,
        // Benchmarks/one_change.py 10000, with isFreshOutput's first entry: 0.76% -> 0.02% of the CPU, 5.5 ms a build).
        guard StagingFolder.isFreshOutput(output) else { return nil }
        let paths = paths()
        guard let staging = StagingFolder.begin(output: output, paths: paths) else { return nil }
        self.staging = staging
        self.paths = Set(paths)
        writer = OutputWriter(folder: output)
    }

    func accept(_ file: SiteFile) throws(InputError) {
        let stamp = try staging.write(file)
        stamps.withLock { $0[file.path] = stamp }
    }

    func publish(_ files: [SiteFile], record: BuildManifest.Record?) throws(InputError) -> OutputWriter.Counts {
        let unrecorded = files.map(\.path).filter { !paths.contains($0) }
        if !unrecorded.isEmpty {
            // Recorded before they are written, so that a build interrupted now leaves nothing unlisted.
            var intent = BuildManifest(complete: false, record: nil, files: [:])
            for path in Array(paths) + unrecorded { intent.files[path] = .some(nil) }
            try staging.writeManifest(intent)
        }
        for file in files { try accept(file) }
        let written = stamps.withLock { $0 }
        let writtenPaths = written.keys.sorted()
        let manifest = BuildManifest(complete: true, record: record, files: written)
        if try staging.publish(manifest) { return OutputWriter.Counts(written: writtenPaths.count, writtenPaths: writtenPaths) }
        // Something appeared at the output path meanwhile: move the staged site into it file by file (copied in chunks).
        var staged: [SiteFile] = []
        staged.reserveCapacity(writtenPaths.count)
        for path in writtenPaths {
            let shown = staging.path + "/" + path
            guard let file = try? DiskFile(path: shown, shown: shown) else {
                throw InputError("\(shown): cannot be read back from the staging folder")
            }
            staged.append(SiteFile(path: path, copying: file))
        }
        // The copies are read while written: the staging folder goes once they are (or, on failure, with `discard`).
        let counts = try writer.write(staged, record: record)
        staging.discard(paths: writtenPaths)
        return counts
    }

    /// A staging folder starts empty: nothing in it is anyone else's.
    func foreignFiles(among files: [SiteFile]) -> [String] { [] }

    func discard() {
        staging.discard(paths: Array(paths.union(stamps.withLock { $0.keys })))
    }
}
