import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A hidden folder beside the output folder, for a build whose output folder does not exist yet or
/// is empty (a first build, or one after `rm -rf output`). The build writes every file into it and
/// one rename then makes it the output folder: nobody sees a file before the whole build is there,
/// so files are written plainly, relative to one open folder, from every core.
///
/// The folder is named `.<output name>.feedsite-staging-<random>` and is locked while its build
/// runs; a later build removes the files of one whose build was interrupted (as listed in its
/// manifest, nothing else).
final class StagingFolder: @unchecked Sendable {
    /// The output folder this build will become.
    let output: String
    /// The staging folder's path.
    let path: String
    /// Open on the staging folder, holding its lock; every file is created relative to it.
    private let descriptor: Int32
    private var closed = false

    private init(output: String, path: String, descriptor: Int32) {
        self.output = output
        self.path = path
        self.descriptor = descriptor
    }

    deinit { if !closed { close(descriptor) } }
}

extension StagingFolder {
    /// Starts a staging folder for `output` when `output` does not exist or is an empty folder (not a
    /// link, not a mount point), first recording `paths`, every file the build may write. Nil when
    /// the output folder holds something, or the folder beside it cannot be written: then the
    /// build writes into the output folder file by file.
    static func begin(output: String, paths: [String]) -> StagingFolder? {
        guard isFreshOutput(output) else { return nil }
        removeAbandoned(beside: output)
        let path = stagingPrefix(for: output) + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        guard mkdir(path, 0o755) == 0 else { return nil }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            rmdir(path)
            return nil
        }
        let staging = StagingFolder(output: output, path: path, descriptor: descriptor)
        var intent = BuildManifest(complete: false, record: nil, files: [:])
        for path in paths { intent.files[path] = .some(nil) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0, (try? staging.writeManifest(intent)) != nil else {
            staging.discard(paths: [])
            return nil
        }
        return staging
    }

    /// Writes one file (creating its folders); returns its stamp.
    func write(_ file: SiteFile) throws(InputError) -> BuildManifest.Stamp {
        // Pages are `<handle>/index.html`, each in a folder of its own: make it first instead of failing an open
        // (strace -c, Benchmarks/generate_site.py 1000, clean build: 6,682 -> 5,682 system calls).
        let parent = OutputWriter.parent(of: file.path)
        if !parent.isEmpty, mkdirat(descriptor, parent, 0o755) != 0, errno != EEXIST { try makeParents(of: file.path) }
        let fileDescriptor = openat(descriptor, file.path, Self.createFlags, 0o644)
        guard fileDescriptor >= 0 else { throw failure(file.path) }
        defer { close(fileDescriptor) }
        try OutputWriter.write(file, to: fileDescriptor, path: output + "/" + file.path)
        var status = stat()
        guard fstat(fileDescriptor, &status) == 0 else { throw failure(file.path) }
        return BuildManifest.Stamp(status)
    }

    /// Writes the finished build's manifest and renames the staging folder to the output folder.
    /// False when that is no longer possible (something appeared at the output path meanwhile);
    /// the staging folder is then left for the caller to discard.
    func publish(_ manifest: BuildManifest) throws(InputError) -> Bool {
        try writeManifest(manifest)
        // An empty output folder the user made keeps its permissions, owner and group (setgid included).
        var existing = stat()
        if lstat(output, &existing) == 0, existing.st_mode & S_IFMT == S_IFDIR {
            fchmod(descriptor, existing.st_mode & 0o7777)
            fchown(descriptor, existing.st_uid, existing.st_gid)
        }
        guard rename(path, output) == 0 else { return false }
        closed = true
        close(descriptor)
        return true
    }

    /// Removes the files this build wrote (`paths` and the manifest), their folders and the staging folder.
    func discard(paths: [String]) {
        Self.remove(paths, in: path)
        if !closed {
            closed = true
            close(descriptor)
        }
    }

    /// Removes the staging folders of interrupted builds beside `output`: each one's files as its
    /// manifest lists them, then the folder if that left it empty. A folder still locked by a
    /// running build is left alone.
    static func removeAbandoned(beside output: String) {
        let prefix = stagingPrefix(for: output)
        let parent = OutputWriter.parent(of: prefix)
        let namePrefix = String(prefix.dropFirst(parent.count + 1))
        guard let names = try? FolderListing.entries(of: parent.isEmpty ? "/" : parent) else { return }
        for entry in names where entry.isFolder && entry.name.hasPrefix(namePrefix) {
            let folder = parent + "/" + entry.name
            let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
            // Without a readable manifest (killed before writing it) only feedsite's own bookkeeping
            // goes, and the folder only if that leaves it empty.
            let manifest = (try? FileInput.read(folder + "/" + OutputWriter.manifestName, purpose: "the build manifest", limit: .max)).flatMap { BuildManifest(bytes: $0) }
            remove(manifest?.files.keys.sorted() ?? [], in: folder)
        }
    }

    /// Replaces the staging folder's manifest (`begin` records every path the build may write in it).
    func writeManifest(_ manifest: BuildManifest) throws(InputError) {
        unlinkat(descriptor, Self.manifestTemporary, 0)
        let fileDescriptor = openat(descriptor, Self.manifestTemporary, Self.createFlags, 0o644)
        guard fileDescriptor >= 0 else { throw failure(OutputWriter.manifestName) }
        do throws(InputError) {
            try OutputWriter.write(manifest.bytes, to: fileDescriptor, path: output + "/" + OutputWriter.manifestName)
            close(fileDescriptor)
        } catch {
            close(fileDescriptor)
            throw error
        }
        guard renameat(descriptor, Self.manifestTemporary, descriptor, OutputWriter.manifestName) == 0 else {
            throw failure(OutputWriter.manifestName)
        }
    }

    /// Whether `output` is missing, or an empty real folder on the same device as its parent.
    static func isFreshOutput(_ output: String) -> Bool {
        var status = stat()
        guard lstat(output, &status) == 0 else { return errno == ENOENT }
        guard status.st_mode & S_IFMT == S_IFDIR else { return false }
        var parentStatus = stat()
        guard stat(output + "/..", &parentStatus) == 0, parentStatus.st_dev == status.st_dev else { return false }
        // The first file or folder settles it: the 10,000 account folders of a built site are not listed each build (perf,
        // Benchmarks/one_change.py 10000, 6 builds each, with StagingSink's lazy paths: 0.76% -> 0.02% of the CPU, 5.5 ms a build).
        // Any other first entry (a link, a FIFO) is classified by the full listing.
        if startsWithFileOrFolder(output) { return false }
        guard let entries = try? FolderListing.entries(of: output) else { return false }
        return entries.isEmpty
    }

    /// Whether the first entry of the folder at `path` but `.` and `..` is a regular file or a folder by readdir's
    /// type (so `FolderListing.entries(of:)` lists it); false when it is anything else, or the folder cannot be read.
    static func startsWithFileOrFolder(_ path: String) -> Bool {
        guard let directory = opendir(path) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let dots = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                raw[0] == UInt8(ascii: ".") && (raw[1] == 0 || (raw[1] == UInt8(ascii: ".") && raw[2] == 0))
            }
            if dots { continue }
            let type = Int32(entry.pointee.d_type)
            return type == Int32(DT_REG) || type == Int32(DT_DIR)
        }
        return false
    }
}

private extension StagingFolder {
    static let createFlags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW
    static let manifestTemporary = OutputWriter.temporaryPrefix + "manifest"

    /// `<parent>/.<output name>.feedsite-staging-`
    static func stagingPrefix(for output: String) -> String {
        OutputWriter.besideFolder(output, suffix: ".feedsite-staging-")
    }

    func makeParents(of relative: String) throws(InputError) {
        var folder = ""
        for component in relative.split(separator: "/").dropLast() {
            folder += folder.isEmpty ? String(component) : "/" + component
            if mkdirat(descriptor, folder, 0o755) != 0, errno != EEXIST { throw failure(folder) }
        }
    }


    func failure(_ relative: String) -> InputError {
        InputError("\(output)/\(relative): cannot be written: \(String(cString: strerror(errno)))")
    }

    /// Unlinks `paths` inside `folder`, removes the folders that leaves empty, then feedsite's
    /// bookkeeping (the manifest last, so that a cleanup interrupted anywhere can be finished by the
    /// next one), and `folder` itself if that leaves it empty.
    static func remove(_ paths: [String], in folder: String) {
        var parents = Set<String>()
        for relative in paths {
            unlink(folder + "/" + relative)
            var parent = OutputWriter.parent(of: relative)
            while !parent.isEmpty, parents.insert(parent).inserted { parent = OutputWriter.parent(of: parent) }
        }
        // Deepest first, so that a folder is empty by the time it is removed.
        for parent in parents.sorted(by: { $0.count > $1.count }) { rmdir(folder + "/" + parent) }
        unlink(folder + "/" + manifestTemporary)
        unlink(folder + "/" + OutputWriter.manifestName)
        rmdir(folder)
    }
}
