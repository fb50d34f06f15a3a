import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Changes the files of an output folder all together or not at all. Every changed file is first
/// written beside its target under a temporary name; only when all are written does `commit` keep
/// each old version under a second name (a hard link) and rename the new ones into place. If a step
/// fails, what was renamed is put back and the temporary files go, so a failed build never leaves
/// a site that is half old and half new.
struct OutputTransaction {
    /// The output folder.
    let folder: String
    /// The files written beside their targets, waiting to be renamed into place.
    private(set) var staged: [Staged] = []
    /// Files found identical on disk, with their stamps: nothing to do for them.
    private(set) var unchanged: [String: BuildManifest.Stamp] = [:]

    /// A changed file, written under `temporary` in its target's folder.
    struct Staged: Sendable {
        let path: String
        let temporary: String
        /// The stamp the file will have once renamed (same inode and time).
        let stamp: BuildManifest.Stamp
    }
}

extension OutputTransaction {
    /// Writes every file of `files` that differs from what is on disk beside its target, on all
    /// cores; the paths in `changed` are known to differ already (compared when rendered) and are
    /// not read again. On failure nothing is left behind but the folders made for new files, if empty.
    init(folder: String, files: [SiteFile], changed: Set<String> = []) throws(InputError) {
        self.folder = folder
        let writer = OutputWriter(folder: folder)
        let outcome = Self.each(files.indices) { index throws(InputError) -> Outcome in
            let file = files[index]
            try writer.refuseLinkedFolder(above: file.path)
            if !changed.contains(file.path), let stamp = writer.unchangedStamp(of: file) { return .unchanged(file.path, stamp) }
            return .staged(try Self.stage(file, in: folder))
        }
        for result in outcome.done {
            switch result {
            case .staged(let file): staged.append(file)
            case .unchanged(let path, let stamp): unchanged[path] = stamp
            }
        }
        if let failure = outcome.failure {
            cancel()
            throw failure
        }
    }

    /// Renames every staged file into place, after linking each file it replaces to a second name;
    /// if any step fails, puts back every file already replaced, removes new ones, and throws.
    func commit() throws(InputError) {
        let backups = staged.map { Self.sibling(of: folder + "/" + $0.path, tag: "old") }
        // Keep the old versions first: a file that cannot be linked (immutable, a folder in the way)
        // stops the build before anything is replaced.
        let linked = Self.each(staged.indices) { index throws(InputError) -> Int? in
            let target = folder + "/" + staged[index].path
            if link(target, backups[index]) == 0 { return index }
            if errno == ENOENT { return nil }
            let code = errno
            var status = stat()
            if lstat(target, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                throw InputError("\(target): is a folder, where the build writes a page or file",
                                 hint: "move the folder out of the output folder, then build again")
            }
            throw Self.failure(target, "cannot be replaced", code: code)
        }
        var failure = linked.failure
        var renamed: [Int] = []
        if failure == nil {
            let renaming = Self.each(staged.indices) { index throws(InputError) -> Int? in
                let target = folder + "/" + staged[index].path
                guard rename(staged[index].temporary, target) == 0 else { throw Self.failure(target, "cannot be written", code: errno) }
                return index
            }
            renamed = renaming.done
            failure = renaming.failure
        }
        guard let failure else {
            for index in linked.done { unlink(backups[index]) }
            return
        }
        // Put back what was replaced; remove what was new.
        let hadBackup = Set(linked.done)
        for index in renamed {
            let target = folder + "/" + staged[index].path
            if hadBackup.contains(index) { rename(backups[index], target) } else { unlink(target) }
        }
        for index in linked.done { unlink(backups[index]) }
        cancel()
        throw failure
    }

    /// Removes every staged temporary file, and the folders made for new files that are left empty.
    func cancel() {
        let writer = OutputWriter(folder: folder)
        for file in staged {
            unlink(file.temporary)
            writer.removeEmptyParents(of: file.path)
        }
    }
}

private extension OutputTransaction {
    /// Writes `file` under a temporary name beside its target (creating its folders).
    static func stage(_ file: SiteFile, in folder: String) throws(InputError) -> Staged {
        let target = folder + "/" + file.path
        let directory = OutputWriter.parent(of: target)
        let temporary = sibling(of: target, tag: "new")
        var descriptor = open(temporary, createFlags, 0o644)
        if descriptor < 0, errno == ENOENT {
            try OutputWriter.makeFolders(directory)
            descriptor = open(temporary, createFlags, 0o644)
        }
        guard descriptor >= 0 else { throw failure(target, "cannot be written", code: errno) }
        do throws(InputError) {
            try OutputWriter.write(file, to: descriptor, path: target)
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { throw failure(target, "cannot be written", code: errno) }
            close(descriptor)
            return Staged(path: file.path, temporary: temporary, stamp: BuildManifest.Stamp(status))
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
    }

    static let createFlags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW

    /// `<folder>/.feedsite-tmp-<random>-<tag>-<name>` beside `path`; the next build removes leftovers.
    static func sibling(of path: String, tag: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return OutputWriter.parent(of: path) + "/" + OutputWriter.temporaryPrefix + String(UInt64.random(in: 0...UInt64.max), radix: 36)
            + "-" + tag + "-" + name
    }

    static func failure(_ path: String, _ what: String, code: Int32) -> InputError {
        InputError("\(path): \(what): \(String(cString: strerror(code)))")
    }

    /// What staging found for one file.
    enum Outcome: Sendable {
        case staged(Staged)
        case unchanged(String, BuildManifest.Stamp)
    }

    /// Runs `body` for every index on all cores until one throws; returns the values it returned
    /// (in no particular order; nil is left out) and the first failure.
    static func each<Value: Sendable>(_ indices: Range<Int>, _ body: @escaping @Sendable (Int) throws(InputError) -> Value?)
        -> (done: [Value], failure: InputError?) {
        let collected = Mutex<(done: [Value], failure: InputError?)>(([], nil))
        // The body does not throw: what each thread did before a failure must reach the caller.
        ParallelLoop.run(count: indices.count) { chunks in
            var done: [Value] = []
            var failure: InputError?
            work: for range in chunks {
                for offset in range {
                    guard failure == nil, collected.withLock({ $0.failure == nil }) else { break work }
                    do throws(InputError) {
                        if let value = try body(indices.lowerBound + offset) { done.append(value) }
                    } catch {
                        failure = error
                    }
                }
            }
            collected.withLock {
                $0.done += done
                if $0.failure == nil { $0.failure = failure }
            }
        }
        return collected.withLock { $0 }
    }
}
