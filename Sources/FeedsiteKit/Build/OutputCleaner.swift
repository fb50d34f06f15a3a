#if canImport(Glibc)
import Glibc
#endif

/// `feedsite clean`: removes from the output folder exactly the files its manifest says feedsite
/// wrote and that nobody changed since, then the folders that became empty, and reports the rest.
///
/// It never follows a symbolic link (a file or folder that became a link is left alone, and nothing
/// below a linked folder is touched), never leaves the output folder (the manifest holds only paths
/// inside it) and holds the output lock, so no build writes meanwhile.
package struct OutputCleaner: Sendable {
    /// The output folder.
    package let folder: String

    /// What cleaning did.
    package struct Result: Sendable, Equatable {
        /// The files removed, relative to the folder, sorted.
        package var removed: [String] = []
        /// How many folders were removed because they became empty (the output folder too, when it did).
        package var removedFolders = 0
        /// The files left, relative to the folder, sorted, each with why.
        package var left: [(path: String, reason: String)] = []
        /// Whether the folder had a manifest (else nothing was removed from it).
        package var hadManifest = true
        /// The summary cache beside the folder that was removed, if there was one (it goes even when the folder is gone).
        package var removedCache: String?

        package static func == (lhs: Result, rhs: Result) -> Bool {
            lhs.removed == rhs.removed && lhs.removedFolders == rhs.removedFolders && lhs.hadManifest == rhs.hadManifest && lhs.removedCache == rhs.removedCache
                && lhs.left.map(\.path) == rhs.left.map(\.path) && lhs.left.map(\.reason) == rhs.left.map(\.reason)
        }
    }

    /// Cleans the output folder `folder` (absolute).
    package init(folder: String) {
        self.folder = folder
    }

    /// Cleans the output folder of `folders`, refusing one no build may use (`/`, the home folder, the
    /// site folder or a folder above it): whatever its manifest says, nothing there is feedsite's.
    package init(folders: SiteFolders, configPath: String) throws(InputError) {
        try OutputFolderGuard.check(folders, configPath: configPath)
        self.init(folder: folders.output)
    }
}

extension OutputCleaner {
    /// Removes what feedsite wrote; throws `InputError` when the folder is not a folder, another build
    /// holds it, or a file cannot be removed.
    package func clean() throws(InputError) -> Result {
        var status = stat()
        guard lstat(folder, &status) == 0 else { return Result(hadManifest: false, removedCache: try removeCache()) }
        guard status.st_mode & S_IFMT == S_IFDIR || status.st_mode & S_IFMT == S_IFLNK else {
            throw InputError("\(folder): is not a folder, so there is no output to clean", hint: "check 'output:' in site.yml, or --output")
        }
        let lock = try OutputLock(output: folder)
        defer { withExtendedLifetime(lock) {} }
        let writer = OutputWriter(folder: folder)
        var result = Result()
        let manifestPath = folder + "/" + OutputWriter.manifestName
        result.hadManifest = access(manifestPath, F_OK) == 0
        // A damaged manifest would make every file look foreign: say so, and remove nothing.
        if result.hadManifest {
            let bytes = try FileInput.read(manifestPath, purpose: "the build manifest", limit: .max)
            do throws(BuildManifest.BadLine) {
                _ = try BuildManifest(parsing: bytes)
            } catch {
                throw InputError("\(manifestPath):\(error.line): \(error.reason); the manifest was edited or damaged, so nothing was removed",
                                 hint: "remove the output folder by hand, or build again with --force to write a new manifest")
            }
        }
        var reasons: [String: String] = [:]
        if result.hadManifest {
            let manifest = writer.readManifest()
            var folders = Set<String>()
            for (path, stamp) in manifest.files.sorted(by: { $0.key < $1.key }) {
                if let linked = writer.linkedFolder(above: path) {
                    reasons[path] = "below \(linked), a symbolic link"
                    continue
                }
                var file = stat()
                guard lstat(folder + "/" + path, &file) == 0 else { continue }
                guard file.st_mode & S_IFMT == S_IFREG else {
                    reasons[path] = file.st_mode & S_IFMT == S_IFLNK ? "a symbolic link now" : "not a file now"
                    continue
                }
                guard let stamp, BuildManifest.Stamp(file) == stamp else {
                    reasons[path] = "changed since feedsite wrote it"
                    continue
                }
                guard unlink(folder + "/" + path) == 0 else {
                    throw InputError("\(folder)/\(path): cannot be removed: \(String(cString: strerror(errno)))")
                }
                result.removed.append(path)
                folders.insert(OutputWriter.parent(of: path))
            }
            writer.removeTemporaryFiles(in: folders.union([""]))
            // The summary cache goes first: it describes the build the manifest records.
            result.removedCache = try removeCache()
            guard unlink(manifestPath) == 0 || errno == ENOENT else {
                throw InputError("\(manifestPath): cannot be removed: \(String(cString: strerror(errno)))")
            }
            result.removedFolders = removeEmptyFolders(folders)
        } else {
            result.removedCache = try removeCache()
        }
        for path in (try? FolderListing.files(under: folder)) ?? [] {
            result.left.append((path, reasons[path] ?? "feedsite did not write it"))
        }
        for (path, reason) in reasons where !result.left.contains(where: { $0.path == path }) {
            result.left.append((path, reason))
        }
        result.left.sort { $0.path < $1.path }
        if status.st_mode & S_IFMT == S_IFDIR, result.hadManifest, rmdir(folder) == 0 { result.removedFolders += 1 }
        return result
    }

    /// Removes the summary cache beside the folder (`SummaryCache.path(forOutput:)`, a link as a link),
    /// and the new one a build killed while it rendered left (`SummaryCache.newPath`); returns the
    /// cache's path when there was one.
    func removeCache() throws(InputError) -> String? {
        unlink(SummaryCache.newPath(forOutput: folder))
        let path = SummaryCache.path(forOutput: folder)
        guard unlink(path) == 0 else {
            guard errno == ENOENT else { throw InputError("\(path): cannot be removed: \(String(cString: strerror(errno)))") }
            return nil
        }
        return path
    }
}

private extension OutputCleaner {
    /// Removes each of `folders` (relative) and the folders above it that are empty now, deepest
    /// first; never a link (rmdir does not follow one). Returns how many it removed.
    func removeEmptyFolders(_ folders: Set<String>) -> Int {
        var candidates = Set<String>()
        for var relative in folders {
            while !relative.isEmpty {
                candidates.insert(relative)
                relative = OutputWriter.parent(of: relative)
            }
        }
        var removed = 0
        for relative in candidates.sorted(by: { $0.count > $1.count }) {
            var status = stat()
            guard lstat(folder + "/" + relative, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { continue }
            if rmdir(folder + "/" + relative) == 0 { removed += 1 }
        }
        return removed
    }
}
