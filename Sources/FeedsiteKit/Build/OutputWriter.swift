import Foundation
import Synchronization
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

    /// How many files were written, left unchanged and removed.
    struct Counts: Equatable {
        var written = 0
        var unchanged = 0
        var removed = 0
    }

    /// What the previous build recorded, if it finished without warnings and nobody has touched
    /// its files since: then a build from the same `fingerprint` has nothing to do.
    func upToDate(fingerprint: UInt64) -> (record: BuildManifest.Record, files: Int)? {
        upToDate(fingerprint: fingerprint, manifest: readManifest())
    }

    /// `upToDate(fingerprint:)` with the manifest already read.
    func upToDate(fingerprint: UInt64, manifest: BuildManifest) -> (record: BuildManifest.Record, files: Int)? {
        guard manifest.complete, let record = manifest.record, record.fingerprint == fingerprint else { return nil }
        for (path, stamp) in manifest.files {
            guard let stamp, BuildManifest.Stamp.of(folder + "/" + path) == stamp else { return nil }
        }
        return (record, manifest.files.count)
    }

    /// The stamp of the file `file` would be written to, when that file already holds exactly its
    /// bytes (then there is nothing to write); nil when it differs, is missing or cannot be read.
    func unchangedStamp(of file: OutputFile) -> BuildManifest.Stamp? {
        let descriptor = open(folder + "/" + file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        // A different size settles it without reading.
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) == file.bytes.count,
              let existing = try? FileInput.readToEnd(descriptor, expectedSize: file.bytes.count, limit: file.bytes.count),
              existing == file.bytes else { return nil }
        return BuildManifest.Stamp(status)
    }

    /// Writes `files` (on all cores); returns what it did. `unchanged` are files this build produces
    /// that were found identical on disk already (with their stamps): they count and stay in the
    /// manifest but are not touched. `previous` is the manifest as the build found it. `record` is kept
    /// in the manifest when the build had no warnings, so that an unchanged rebuild can be skipped.
    func write(_ files: [OutputFile], unchanged: [String: BuildManifest.Stamp] = [:], previous: BuildManifest? = nil,
               record: BuildManifest.Record?) throws(InputError) -> Counts {
        try Self.makeFolders(folder)
        let previous = previous ?? readManifest()
        let current = Set(files.map(\.path)).union(unchanged.keys)
        if !previous.complete {
            removeTemporaryFiles(in: Set((Array(current) + previous.paths).map(Self.parent)).union([""]))
        }
        // Record first every path this build may write, so an interrupted build leaves nothing unaccounted for.
        var intent = previous
        intent.complete = false
        intent.record = nil
        for path in current where intent.files[path] == nil { intent.files[path] = .some(nil) }
        try writeManifest(intent)

        let written = Atomic<Int>(0)
        let stamps = Mutex<[String: BuildManifest.Stamp?]>(unchanged.mapValues { $0 })
        try ParallelLoop.run(count: files.count) { chunks throws(InputError) in
            var stamped: [(String, BuildManifest.Stamp?)] = []
            for range in chunks {
                for index in range {
                    let file = files[index]
                    let result = try writeIfChanged(file, probablyNew: previous.files[file.path] == nil)
                    if result.wrote { written.wrappingAdd(1, ordering: .relaxed) }
                    stamped.append((file.path, result.stamp))
                }
            }
            stamps.withLock { all in for (path, stamp) in stamped { all[path] = stamp } }
        }

        var counts = Counts(written: written.load(ordering: .relaxed), unchanged: 0, removed: 0)
        counts.unchanged = files.count - counts.written + unchanged.count
        for stale in previous.paths.subtracting(current).sorted() {
            let path = folder + "/" + stale
            if unlink(path) == 0 {
                counts.removed += 1
                removeEmptyParents(of: stale)
            }
        }
        try writeManifest(BuildManifest(complete: true, record: record, files: stamps.withLock { $0 }))
        return counts
    }
}

extension OutputWriter {
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

    /// Writes the file unless it already holds exactly these bytes; returns whether it wrote, and
    /// the file's stamp. A new file is written as an unnamed file and then linked into place, an
    /// existing one through a temporary file and a rename: either way a file is never seen half written.
    /// `probablyNew`: the last build did not write this path, so try creating it before reading it.
    func writeIfChanged(_ file: OutputFile, probablyNew: Bool) throws(InputError) -> (wrote: Bool, stamp: BuildManifest.Stamp?) {
        let path = folder + "/" + file.path
        let directory = folder + "/" + Self.parent(of: file.path)
        if probablyNew, let stamp = try Self.linkNewFile(file.bytes, directory: directory, path: path, folderFirst: true) {
            return (true, stamp)
        }
        if let existing = try? FileInput.read(path, purpose: "an output file", limit: .max) {
            if existing == file.bytes { return (false, BuildManifest.Stamp.of(path)) }
        } else if !probablyNew, let stamp = try Self.linkNewFile(file.bytes, directory: directory, path: path, folderFirst: false) {
            return (true, stamp)
        }
        let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
        let temporary = directory + "/" + Self.temporaryPrefix + String(UInt64.random(in: 0...UInt64.max), radix: 36) + "-" + name
        if access(directory, F_OK) != 0 { try Self.makeFolders(directory) }
        try Self.writeAll(file.bytes, to: temporary)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw InputError("\(path): cannot be written: \(reason)")
        }
        return (true, BuildManifest.Stamp.of(path))
    }

    /// Linux's O_TMPFILE: an unnamed file in `directory`, linked as `path` once complete. Returns its
    /// stamp, or nil when the system cannot do it or `path` exists (the caller then takes the other way).
    /// `folderFirst`: the folder is probably new too, so create it before trying (saves a failed open).
    static func linkNewFile(_ bytes: [UInt8], directory: String, path: String, folderFirst: Bool) throws(InputError) -> BuildManifest.Stamp? {
        let flags = O_WRONLY | O_CLOEXEC | 0o20_200_000 // O_TMPFILE
        if folderFirst, mkdir(directory, 0o755) != 0, errno != EEXIST { try makeFolders(directory) }
        var descriptor = open(directory, flags, 0o644)
        if descriptor < 0, errno == ENOENT {
            try makeFolders(directory)
            descriptor = open(directory, flags, 0o644)
        }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        try write(bytes, to: descriptor, path: path)
        var status = stat()
        guard fstat(descriptor, &status) == 0,
              linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 else { return nil }
        return BuildManifest.Stamp(status)
    }

    static func write(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(InputError) {
        do {
            try DescriptorWriter.write(bytes, to: descriptor)
        } catch {
            throw InputError("\(path): cannot be written: \(error.message)")
        }
    }

    static func writeAll(_ bytes: [UInt8], to path: String) throws(InputError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw InputError("\(path): cannot be written: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        do throws(InputError) {
            try write(bytes, to: descriptor, path: path)
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

    func writeManifest(_ manifest: BuildManifest) throws(InputError) {
        let path = folder + "/" + Self.manifestName
        // One fixed name: a build killed while writing it leaves at most this file, which the next
        // manifest write removes (a random name could be left behind for good).
        let temporary = folder + "/" + Self.temporaryPrefix + "manifest"
        unlink(temporary)
        try Self.writeAll(manifest.bytes, to: temporary)
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
}
