import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes the output folder: each file atomically and only when its bytes changed, and removes
/// what an earlier build wrote that this one no longer produces, using a manifest in the folder.
struct OutputWriter {
    /// The manifest's name inside the output folder.
    static let manifestName = ".feedsite-manifest"
    /// The prefix of temporary files, removed by the next build if a build was interrupted.
    static let temporaryPrefix = ".feedsite-tmp-"

    let folder: String

    /// How many files were written, left unchanged and removed, and which were written.
    struct Counts: Equatable {
        var written = 0
        var unchanged = 0
        var removed = 0
        /// The paths written, sorted.
        var writtenPaths: [String] = []
        /// The paths removed (files an earlier build wrote and this one no longer makes), sorted.
        var removedPaths: [String] = []
        /// The files feedsite wrote that someone changed since (their stamps differ from the manifest's),
        /// which this build replaced or (no longer making them) kept, sorted by path.
        var editedFiles: [EditedFile] = []
    }

    /// A file feedsite wrote and someone changed since, which a build replaced, or kept although it makes it no more.
    struct EditedFile: Equatable, Sendable {
        let path: String
        /// Whether the build no longer makes the file (and so kept it) rather than replaced it.
        let removed: Bool
    }

    /// What the previous build recorded, if it finished without warnings and nobody has touched
    /// its files since: then a build from the same `fingerprint` has nothing to do.
    func upToDate(fingerprint: UInt64) -> (record: BuildManifest.Record, files: Int)? {
        upToDate(fingerprint: fingerprint, manifest: readManifest())
    }

    /// `upToDate(fingerprint:)` with the manifest already read.
    func upToDate(fingerprint: UInt64, manifest: BuildManifest) -> (record: BuildManifest.Record, files: Int)? {
        guard manifest.complete, let record = manifest.record, record.fingerprint == fingerprint,
              matches(Array(manifest.files.keys), manifest: manifest) else { return nil }
        return (record, manifest.files.count)
    }

    /// Whether each of `paths` is on disk with the stamp `manifest` records for it.
    func matches(_ paths: [String], manifest: BuildManifest) -> Bool {
        guard let stamps = StampBatch.stamps(of: paths, in: folder) else { return false }
        for (path, stamp) in zip(paths, stamps) {
            guard case let recorded?? = manifest.files[path], stamp == recorded else { return false }
        }
        return true
    }

    /// The stamp of the file `file` would be written to, when that file already holds exactly its
    /// bytes (then there is nothing to write); nil when it differs, is missing or cannot be read.
    func unchangedStamp(of file: SiteFile) -> BuildManifest.Stamp? {
        let descriptor = open(folder + "/" + file.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        // A different size settles it without reading.
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) == file.size else { return nil }
        switch file.content {
        case .bytes(let bytes):
            guard let existing = try? FileInput.readToEnd(descriptor, expectedSize: bytes.count, limit: bytes.count),
                  existing == bytes else { return nil }
        case .copy(let source):
            guard source.hasSameBytes(as: descriptor) else { return nil }
        }
        return BuildManifest.Stamp(status)
    }

    /// Writes `files` (on all cores); returns what it did. `unchanged` are files this build produces
    /// that were found identical on disk already (with their stamps): they count and stay in the
    /// manifest but are not touched. `previous` is the manifest as the build found it. `record` is kept
    /// in the manifest when the build had no warnings, so that an unchanged rebuild can be skipped.
    func write(_ files: [SiteFile], unchanged: [String: BuildManifest.Stamp] = [:], changed: Set<String> = [], previous: BuildManifest? = nil,
               record: BuildManifest.Record?) throws(InputError) -> Counts {
        try Self.makeFolders(folder)
        let previous = previous ?? readManifest()
        // The paths this build makes are `unchanged`'s and `written`'s, asked of each rather than gathered into one set
        // (callgrind, Benchmarks/one_change.py 10000, one incremental build: write() 137.8 M -> 74.4 M with the manifest's order).
        let written = Set(files.map(\.path))
        if !previous.complete {
            removeTemporaryFiles(in: Set((Array(written) + unchanged.keys + previous.paths).map(Self.parent)).union([""]))
        }
        // Record first every path this build may write, so an interrupted build leaves nothing unaccounted for.
        var intent = previous
        intent.complete = false
        intent.record = nil
        for path in written where intent.files[path] == nil { intent.files[path] = .some(nil) }
        for path in unchanged.keys where intent.files[path] == nil { intent.files[path] = .some(nil) }
        try writeManifest(intent)

        // All changed files are written beside their targets, then renamed into place together; on
        // failure the folder is left as it was, and so is the manifest.
        let transaction: OutputTransaction
        var edited: [EditedFile] = []
        do throws(InputError) {
            transaction = try OutputTransaction(folder: folder, files: files, changed: changed)
            // Before they are replaced: afterwards the stamps are the new files'.
            edited = transaction.staged.filter { isEdited($0.path, previous: previous) }.map { EditedFile(path: $0.path, removed: false) }
            try transaction.commit()
        } catch {
            try? writeManifest(previous)
            throw error
        }
        var stamps: [String: BuildManifest.Stamp?] = unchanged.mapValues { $0 }
        for (path, stamp) in transaction.unchanged { stamps[path] = stamp }
        for file in transaction.staged { stamps[file.path] = file.stamp }

        var counts = Counts(written: transaction.staged.count, unchanged: 0, removed: 0, writtenPaths: transaction.staged.map(\.path).sorted())
        counts.unchanged = files.count - counts.written + unchanged.count
        let stalePaths = previous.files.keys.filter { unchanged[$0] == nil && !written.contains($0) }
        for stale in stalePaths.sorted() where linkedFolder(above: stale) == nil {
            let path = folder + "/" + stale
            // A file someone changed since feedsite wrote it is theirs now: kept, as `clean` keeps it, and left out
            // of the new manifest, so no later build or clean removes it either.
            if isEdited(stale, previous: previous) {
                edited.append(EditedFile(path: stale, removed: true))
                continue
            }
            if unlink(path) == 0 {
                counts.removed += 1
                counts.removedPaths.append(stale)
                removeEmptyParents(of: stale)
            }
        }
        counts.editedFiles = edited.sorted { $0.path < $1.path }
        try writeManifest(BuildManifest(complete: true, record: record, files: stamps, sortedPaths: intent.sortedPaths))
        return counts
    }
}

extension OutputWriter {
    /// `<parent>/.<name><suffix>` for the folder `folder` (`<parent>/<name>`): a hidden file beside it,
    /// in the same parent (the staging folder, the summary cache).
    static func besideFolder(_ folder: String, suffix: String) -> String {
        let trimmed = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        let container = Self.parent(of: trimmed)
        let name = String(trimmed.dropFirst(container.isEmpty ? 0 : container.count + 1))
        return (container.isEmpty && !trimmed.hasPrefix("/") ? "." : container) + "/." + name + suffix
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// Creates `path` and any missing parents (like mkdir -p).
    static func makeFolders(_ path: String) throws(InputError) {
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
        guard errno == ENOENT, path.contains("/") else {
            throw InputError("\(path): cannot create the folder: \(String(cString: strerror(errno)))")
        }
        try makeFolders(parent(of: path))
        if mkdir(path, 0o755) != 0, errno != EEXIST {
            throw InputError("\(path): cannot create the folder: \(String(cString: strerror(errno)))")
        }
    }

    static func write(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(InputError) {
        do {
            try DescriptorWriter.write(bytes, to: descriptor)
        } catch {
            throw InputError("\(path): cannot be written: \(error.message)")
        }
    }

    /// Writes `file`'s bytes to `descriptor`, a copy chunk by chunk; an error names `path` (or the copy's source).
    static func write(_ file: SiteFile, to descriptor: Int32, path: String) throws(InputError) {
        switch file.content {
        case .bytes(let bytes): try write(bytes, to: descriptor, path: path)
        case .copy(let source): try source.copy(to: descriptor, target: path)
        }
    }

    /// Writes `bytes` to a new file at `path`; an error names `shown` (the file `path` will become).
    static func writeAll(_ bytes: [UInt8], to path: String, shown: String) throws(InputError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw InputError("\(shown): cannot be written: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        do throws(InputError) {
            try write(bytes, to: descriptor, path: shown)
        } catch {
            unlink(path)
            throw error
        }
    }

    /// The previous build's manifest (an empty one when there is none or it cannot be read).
    func readManifest() -> BuildManifest {
        guard let bytes = try? FileInput.read(folder + "/" + Self.manifestName, purpose: "the build manifest", limit: .max),
              let manifest = BuildManifest(bytes: bytes) else { return .empty }
        return manifest
    }

    /// The previous build's manifest when its text may record `fingerprint`; an empty one, unparsed,
    /// when it cannot (then no build from `fingerprint` is up to date with it), or is missing or unreadable.
    func readManifest(ifRecording fingerprint: UInt64) -> BuildManifest {
        guard let bytes = try? FileInput.read(folder + "/" + Self.manifestName, purpose: "the build manifest", limit: .max),
              BuildManifest.mayRecord(fingerprint, in: bytes), let manifest = BuildManifest(bytes: bytes) else { return .empty }
        return manifest
    }

    func writeManifest(_ manifest: BuildManifest) throws(InputError) {
        let path = folder + "/" + Self.manifestName
        // One fixed name: a build killed while writing it leaves at most this file, which the next
        // manifest write removes (a random name could be left behind for good).
        let temporary = folder + "/" + Self.temporaryPrefix + "manifest"
        unlink(temporary)
        try Self.writeAll(manifest.bytes, to: temporary, shown: path)
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw InputError("\(path): cannot be written: \(String(cString: strerror(errno)))")
        }
    }

    /// Removes temporary files an interrupted build left in the folders this build writes to.
    func removeTemporaryFiles(in relativeFolders: Set<String>) {
        for relative in relativeFolders {
            let path = relative.isEmpty ? folder : folder + "/" + relative
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
            for name in names where name.hasPrefix(Self.temporaryPrefix) {
                unlink(path + "/" + name)
            }
        }
    }

    func removeEmptyParents(of relative: String) {
        var parent = Self.parent(of: relative)
        while !parent.isEmpty {
            guard rmdir(folder + "/" + parent) == 0 else { return }
            parent = Self.parent(of: parent)
        }
    }

    /// Whether the file at `relative` is one the manifest `previous` says feedsite wrote, but its stamp
    /// differs now: someone edited it, or replaced it by another file or a link. A file the manifest
    /// lists without a stamp (its build was interrupted) cannot tell, and is not reported.
    func isEdited(_ relative: String, previous: BuildManifest) -> Bool {
        guard case let recorded?? = previous.files[relative] else { return false }
        var status = stat()
        return lstat(folder + "/" + relative, &status) == 0 && BuildManifest.Stamp(status) != recorded
    }

    /// Whether anything (a file, folder or link) is at `relative` in the output folder.
    func exists(_ relative: String) -> Bool {
        var status = stat()
        return lstat(folder + "/" + relative, &status) == 0
    }

    /// The first folder between the output folder and `relative` that is a symbolic link (or not a
    /// folder at all), as a path relative to the output folder; nil when every one is a real folder or
    /// does not exist yet. Nothing is ever written or deleted through such a link.
    func linkedFolder(above relative: String) -> String? {
        var end = relative.startIndex
        while let slash = relative[end...].firstIndex(of: "/") {
            let prefix = String(relative[..<slash])
            var status = stat()
            if lstat(folder + "/" + prefix, &status) == 0 {
                if status.st_mode & S_IFMT != S_IFDIR { return prefix }
            } else {
                return nil
            }
            end = relative.index(after: slash)
        }
        return nil
    }

    /// Throws when a folder on the way to `relative` is a symbolic link.
    func refuseLinkedFolder(above relative: String) throws(InputError) {
        guard let linked = linkedFolder(above: relative) else { return }
        throw InputError("\(folder)/\(linked): is a symbolic link (or not a folder); feedsite never writes through links inside the output folder",
                         hint: "remove \(folder)/\(linked) and build again")
    }
}
