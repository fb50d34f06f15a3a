import Synchronization

/// Pages of a build into an output folder that exists: a page the last build wrote is compared with
/// its file as soon as it is rendered and, when identical, dropped; every other page stays in memory
/// until the whole site has passed the check, then all are written at once.
final class FolderSink: PageSink {
    let writer: OutputWriter
    /// The manifest as the build found it.
    let previous: BuildManifest
    private let pending = Mutex<(files: [SiteFile], unchanged: [String: BuildManifest.Stamp])>(([], [:]))

    /// A sink for the output folder `writer` writes, whose manifest is `previous`.
    init(writer: OutputWriter, previous: BuildManifest) {
        self.writer = writer
        self.previous = previous
    }

    func accept(_ file: SiteFile) throws(InputError) {
        try writer.refuseLinkedFolder(above: file.path)
        if previous.files[file.path] != nil, let stamp = writer.unchangedStamp(of: file) {
            pending.withLock { $0.unchanged[file.path] = stamp }
        } else {
            pending.withLock { $0.files.append(file) }
        }
    }

    func publish(_ files: [SiteFile], record: BuildManifest.Record?) throws(InputError) -> OutputWriter.Counts {
        let pages = pending.withLock { $0 }
        return try writer.write(pages.files + files, unchanged: pages.unchanged, previous: previous, record: record)
    }

    /// Nothing was written before publishing.
    func discard() {}
}
