#if canImport(Glibc)
import Glibc
#endif

/// `snapshots/media/`, where `media: copy` keeps the images it downloaded. Each file is named after
/// its content (a hash, a number when two differ under one hash, the extension of its type read
/// from its bytes), never after its URL; each is written atomically. Only names of that form are
/// ever written, read back or removed: anything else in the folder is the user's.
struct MediaFolder: Sendable {
    /// The folder (absolute).
    let path: String
    /// How paths are shown in messages.
    let displayPath: @Sendable (String) -> String
}

extension MediaFolder {
    /// The media folder of `store`.
    init(_ store: SnapshotStore) {
        self.init(path: store.mediaFolder, displayPath: store.displayPath)
    }

    /// The size of the copy `name` when it is a regular file in the folder (not a link); nil otherwise.
    func size(of name: String) -> Int? {
        guard MediaCopy.isFileName(name) else { return nil }
        var status = stat()
        guard lstat(path + "/" + name, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    /// Keeps `bytes`, an image of type `header`, and returns its file name: the file already there
    /// when one has the same bytes, a new one otherwise.
    func store(_ bytes: [UInt8], as header: ImageHeader) throws(InputError) -> String {
        var hash = Hasher64()
        hash.add(bytes)
        let hex = String(hash.value, radix: 16)
        let stem = String(repeating: "0", count: 16 - hex.count) + hex
        // The hash detects change, it does not resist forgery: a file with the same name but other
        // bytes is never replaced, the new one takes the next number.
        for number in 0..<10_000 {
            let name = stem + (number == 0 ? "" : "-\(number)") + "." + header.fileExtension
            guard let size = size(of: name) else {
                try write(bytes, to: name)
                return name
            }
            if size == bytes.count, (try? FileInput.read(path + "/" + name, purpose: "a media copy", limit: size)) == bytes { return name }
        }
        throw InputError("\(displayPath(path)): too many different images share the hash \(stem)")
    }

    /// Removes the copies no name in `referenced` is, and the temporary files of a fetch killed
    /// while writing. Only call it while holding the fetch lock. Returns how many copies went.
    @discardableResult
    func removeUnreferenced(keeping referenced: Set<String>) -> Int {
        guard let entries = try? FolderListing.entries(of: path) else { return 0 }
        var removed = 0
        for entry in entries where !entry.isFolder {
            if MediaCopy.isFileName(entry.name), !referenced.contains(entry.name) {
                if unlink(path + "/" + entry.name) == 0 { removed += 1 }
            } else if entry.name.hasPrefix("."), entry.name.hasSuffix(".tmp"), MediaCopy.isFileName(Self.name(ofTemporary: entry.name)) {
                unlink(path + "/" + entry.name)
            }
        }
        return removed
    }
}

private extension MediaFolder {
    /// Writes a new copy: a temporary dot file made durable, then renamed into place.
    func write(_ bytes: [UInt8], to name: String) throws(InputError) {
        let temporary = path + "/." + name + ".\(getpid()).tmp"
        do throws(SystemError) {
            try SnapshotStore.createFolder(path)
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw SystemError(errno) }
            defer { close(descriptor) }
            try DescriptorWriter.write(bytes, to: descriptor)
            guard fsync(descriptor) == 0, rename(temporary, path + "/" + name) == 0 else { throw SystemError(errno) }
        } catch {
            unlink(temporary)
            throw InputError("\(displayPath(path + "/" + name)): cannot write the image: \(error.message)",
                             hint: "check that the snapshots folder is writable and the disk has space")
        }
    }

    /// `NAME` of a temporary file `.NAME.PID.tmp`.
    static func name(ofTemporary file: String) -> String {
        let parts = file.dropFirst().split(separator: ".")
        return parts.count >= 4 ? parts.dropLast(2).joined(separator: ".") : ""
    }
}
