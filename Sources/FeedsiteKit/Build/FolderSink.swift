import Synchronization

/// Pages of a build into an output folder that exists: a page already on disk is compared with its
/// file as soon as it is rendered and, when identical, dropped; every other page stays in memory
/// until the whole site has passed the check, then all are written at once. A different file that
/// the manifest does not list is the user's own: it is noted, for the build to refuse or (`--force`) replace.
final class FolderSink: PageSink {
    let writer: OutputWriter
    /// The manifest as the build found it.
    let previous: BuildManifest

    private let pending = Mutex<(files: [SiteFile], unchanged: [String: BuildManifest.Stamp], foreign: [String])>(([], [:], []))

    /// A sink for the output folder `writer` writes, whose manifest is `previous`.
    init(writer: OutputWriter, previous: BuildManifest) {
        self.writer = writer
        self.previous = previous
    }

    /// Whether the build writes `path` where the folder holds a file that the manifest does not list.
    func isUnlisted(_ path: String) -> Bool {
        previous.files[path] == nil && writer.exists(path)
    }

    func accept(_ file: SiteFile) throws(InputError) {
        try writer.refuseLinkedFolder(above: file.path)
        let known = previous.files[file.path] != nil
        let unlisted = !known && writer.exists(file.path)
        if known || unlisted, let stamp = writer.unchangedStamp(of: file) {
            pending.withLock { $0.unchanged[file.path] = stamp }
        } else {
            pending.withLock {
                $0.files.append(file)
                if unlisted { $0.foreign.append(file.path) }
            }
        }
    }

    /// Takes files the build makes that are in the folder already as the manifest records them (an
    /// incremental build's unchanged account pages and feeds), without rendering or comparing them.
    func keep(_ files: [String: BuildManifest.Stamp]) {
        pending.withLock { $0.unchanged.merge(files) { _, kept in kept } }
    }

    func foreignFiles(among files: [SiteFile]) -> [String] {
        let pages = pending.withLock { $0.foreign }
        return (pages + files.filter { isUnlisted($0.path) && writer.unchangedStamp(of: $0) == nil }.map(\.path)).sorted()
    }

    func publish(_ files: [SiteFile], record: BuildManifest.Record?) throws(InputError) -> OutputWriter.Counts {
        let pages = pending.withLock { $0 }
        // The pages were compared with their files when accepted: only the other files are compared now.
        return try writer.write(pages.files + files, unchanged: pages.unchanged, changed: Set(pages.files.lazy.map(\.path)),
                                previous: previous, record: record)
    }

    /// Nothing was written before publishing.
    func discard() {}
}
