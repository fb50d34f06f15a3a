import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The snapshots folder: one `<slug>.json` per account, read by builds and written by `feedsite fetch`.
/// Every write is atomic (a temporary file, fsync, rename, fsync of the folder): a reader, or a fetch
/// killed at any moment, sees each snapshot either as it was or as it is now.
package struct SnapshotStore: Sendable {
    /// The most bytes a snapshot may have (200 posts of generous size).
    package static let maximumBytes = 64 << 20

    /// The folder (absolute).
    package let folder: String
    /// How paths are shown in messages (relative to the working folder when possible).
    package let displayPath: @Sendable (String) -> String

    /// The store in `folder`.
    package init(folder: String, displayPath: @escaping @Sendable (String) -> String = { $0 }) {
        self.folder = folder
        self.displayPath = displayPath
    }
}

extension SnapshotStore {
    /// The file of the account whose page folder is `slug`.
    package func path(of slug: String) -> String {
        folder + "/" + slug + ".json"
    }

    /// The account's snapshot; nil when there is none yet. Throws `DiagnosticError` at the file's
    /// `line:col` when it is not a snapshot (or another account's), `InputError` when it cannot be
    /// read or is a folder.
    package func read(_ slug: String) throws -> Snapshot? {
        let path = path(of: slug)
        // One stat before opening, so that nothing but a file is ever opened (opening a device can act: a terminal, a tape),
        // and each kind of thing there gets its own message; then one fstat of what was opened, in case it was swapped.
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        try requireSnapshotFile(status, path: path)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileInput.unreadable(path) }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0 else { throw FileInput.unreadable(path) }
        try requireSnapshotFile(status, path: path)
        let bytes = try FileInput.read(open: descriptor, path: path, size: Int(status.st_size), purpose: "a snapshot", limit: Self.maximumBytes)
        // The path shown in messages (a getcwd) is made only for a snapshot the stream decoder gives up on
        // (clean build of Benchmarks/posts.py 10000: getcwd calls 10,014 -> 14; callgrind at 1000: reading them 449 M -> 440 M).
        var stream = SnapshotStreamDecoder(bytes, slug: slug)
        if let snapshot = stream.decode() { return snapshot }
        var decoder = SnapshotDecoder(bytes, file: displayPath(path), slug: slug)
        guard let snapshot = decoder.decodeTree() else { throw DiagnosticError(decoder.diagnostics) }
        return snapshot
    }

    /// Throws unless `status` is a regular file's: a folder and anything else each with its own message.
    private func requireSnapshotFile(_ status: stat, path: String) throws(InputError) {
        switch status.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR:
            throw InputError("\(displayPath(path)): is a folder; expected the account's snapshot, a file",
                             hint: "move the folder away or delete it: the next 'feedsite fetch' writes the snapshot there")
        default: throw InputError("\(path): is not a regular file (expected a snapshot)", hint: "point it at a file")
        }
    }

    /// The names of the snapshots in the folder (`*.json`, not the temporary dot files), sorted; none
    /// when the folder does not exist. A folder with such a name is listed too, so that `read`
    /// reports it instead of the build passing over it.
    package var files: [String] {
        guard let entries = try? FolderListing.entries(of: folder) else { return [] }
        return entries.filter { $0.name.hasSuffix(".json") && !$0.name.hasPrefix(".") }.map(\.name).sorted()
    }

    /// Replaces the account's snapshot with `snapshot`, atomically and durably.
    package func write(_ snapshot: Snapshot, slug: String) throws(InputError) {
        try stage(snapshot, slug: slug)
        if let failure = commit([slug]).first { throw failure.error }
    }

    /// Writes `snapshot` to the account's temporary file, to be put in place by `commit`. Until
    /// then the old snapshot stays as it is.
    package func stage(_ snapshot: Snapshot, slug: String) throws(InputError) {
        let temporary = temporaryPath(of: slug)
        do throws(SystemError) {
            try Self.createFolder(folder)
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw SystemError(errno) }
            defer { close(descriptor) }
            try DescriptorWriter.write(snapshot.json, to: descriptor)
        } catch {
            unlink(temporary)
            throw cannotWrite(slug, error)
        }
    }

    /// Puts the staged snapshots of `slugs` in place: each temporary file made durable (fsync, all
    /// at once: the file system commits them together), then renamed over the old snapshot, then
    /// the folder made durable. Killed at any moment, each snapshot is the old one or the new. One
    /// that cannot be made durable or renamed (a full disk) keeps its old snapshot, loses its
    /// temporary file and is returned with why; the others are still put in place.
    package func commit(_ slugs: [String]) -> [(slug: String, error: InputError)] {
        guard !slugs.isEmpty else { return [] }
        let failures = Mutex<[(String, SystemError)]>([])
        // Blocking I/O, not computation: more threads than cores (ParallelLoop's one per core) let
        // the file system gather the fsyncs into few journal commits.
        DispatchQueue.concurrentPerform(iterations: slugs.count) { index in
            let descriptor = open(temporaryPath(of: slugs[index]), O_RDONLY | O_CLOEXEC)
            if descriptor < 0 || fsync(descriptor) != 0 {
                let error = SystemError(errno)
                failures.withLock { $0.append((slugs[index], error)) }
            }
            if descriptor >= 0 { close(descriptor) }
        }
        var failed = failures.withLock { $0 }
        let unsynced = Set(failed.map(\.0))
        for slug in slugs where unsynced.contains(slug) || rename(temporaryPath(of: slug), path(of: slug)) != 0 {
            if !unsynced.contains(slug) { failed.append((slug, SystemError(errno))) }
            unlink(temporaryPath(of: slug))
        }
        Self.syncFolder(folder)
        return failed.sorted { $0.0 < $1.0 }.map { ($0.0, cannotWrite($0.0, $0.1)) }
    }

    /// Removes the temporary files of writers that were killed before their rename. Only call it
    /// while holding the fetch lock: then no other writer is at work.
    package func removeLeftovers() {
        guard let entries = try? FolderListing.entries(of: folder) else { return }
        for entry in entries where !entry.isFolder && entry.name.hasPrefix(".") && entry.name.hasSuffix(".tmp") {
            unlink(folder + "/" + entry.name)
        }
    }

    /// A dot file with the process id: builds read only `*.json`, and two writers never share it.
    func temporaryPath(of slug: String) -> String {
        folder + "/." + slug + ".json.\(getpid()).tmp"
    }

    func cannotWrite(_ slug: String, _ error: SystemError) -> InputError {
        InputError("\(displayPath(path(of: slug))): cannot write the snapshot: \(error.message)",
                   hint: "check that the snapshots folder is writable and the disk has space")
    }

    /// Creates `folder` and its parents when missing.
    static func createFolder(_ folder: String) throws(SystemError) {
        var status = stat()
        if stat(folder, &status) == 0 { return }
        let parent = folder.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !parent.isEmpty { try createFolder(parent) }
        guard mkdir(folder, 0o755) == 0 || errno == EEXIST else { throw SystemError(errno) }
    }

    /// Makes the rename itself durable.
    static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
