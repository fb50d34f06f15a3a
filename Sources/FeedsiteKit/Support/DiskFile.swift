#if canImport(Glibc)
import Glibc
#endif

/// A file on disk that a `SiteFile` stands for without holding its bytes (a static file): it is
/// copied and compared in chunks of `chunkSize`, so a file of any size costs a buffer of memory, not
/// its size. It keeps the size, time and inode the file had when it was listed, and a copy or
/// comparison of a file changed since then fails instead of publishing something no one looked at.
package struct DiskFile: Sendable, Equatable {
    /// The file's path.
    package let path: String
    /// How the file is named in messages (`static/video.mp4`, relative to the working folder).
    package let shown: String
    /// The file's size when it was listed.
    package let size: Int
    /// Its modification time and inode when it was listed.
    let seconds: Int
    let nanoseconds: Int
    let inode: UInt64
}

extension DiskFile {
    /// How many bytes are read at a time.
    package static let chunkSize = 1 << 20

    /// The regular file at `path` (after links) as it is now; `shown` names it in messages.
    package init(path: String, shown: String) throws(InputError) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw errno == ENOENT ? InputError("\(shown): no such file") : Self.unreadable(shown) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw InputError("\(shown): is not a regular file") }
        self.init(path: path, shown: shown, status: status)
    }

    /// Writes the file's bytes to `destination` (open for writing), one chunk after another. Throws
    /// naming `target` (the file being written) when a write fails, a full disk included, and naming
    /// this file when it cannot be read or was changed since it was listed.
    package func copy(to destination: Int32, target: String) throws(InputError) {
        let source = try openUnchanged()
        defer { close(source) }
        var buffer = [UInt8](repeating: 0, count: min(Self.chunkSize, max(size, 1)))
        var copied = 0
        while copied < size {
            // Ctrl-C stops a copy of a large file within one chunk.
            try BuildInterruption.check()
            let (count, failure) = buffer.withUnsafeMutableBytes { chunk -> (Int, SystemError?) in
                let count = Self.read(source, into: chunk, count: min(chunk.count, size - copied))
                guard count > 0 else { return (count, nil) }
                do throws(SystemError) {
                    try DescriptorWriter.write(UnsafeRawBufferPointer(rebasing: chunk[..<count]), to: destination)
                    return (count, nil)
                } catch {
                    return (count, error)
                }
            }
            // Fewer bytes than listed: the file was cut short meanwhile.
            guard count > 0 else { throw count == 0 ? changed : Self.unreadable(shown) }
            if let failure { throw InputError("\(target): cannot be written: \(failure.message)") }
            copied += count
        }
        try refuseChange(source)
    }

    /// Whether `other` (open for reading at its start, and known to have `size` bytes) holds exactly this
    /// file's bytes, compared chunk by chunk; false also when either cannot be read or this file changed.
    package func hasSameBytes(as other: Int32) -> Bool {
        guard let source = try? openUnchanged() else { return false }
        defer { close(source) }
        let length = min(Self.chunkSize, max(size, 1))
        var mine = [UInt8](repeating: 0, count: length)
        var theirs = [UInt8](repeating: 0, count: length)
        var compared = 0
        while compared < size {
            let count = min(length, size - compared)
            let same = mine.withUnsafeMutableBytes { mine in
                theirs.withUnsafeMutableBytes { theirs in
                    Self.read(source, into: mine, count: count) == count && Self.read(other, into: theirs, count: count) == count
                        && memcmp(mine.baseAddress!, theirs.baseAddress!, count) == 0
                }
            }
            guard same else { return false }
            compared += count
        }
        return (try? refuseChange(source)) != nil
    }
}

private extension DiskFile {
    init(path: String, shown: String, status: stat) {
        self.init(path: path, shown: shown, size: Int(status.st_size), seconds: Int(status.st_mtim.tv_sec),
                  nanoseconds: Int(status.st_mtim.tv_nsec), inode: UInt64(status.st_ino))
    }

    var changed: InputError {
        InputError("\(shown): changed while the site was being built", hint: "build again once nothing writes to it any more")
    }

    static func unreadable(_ shown: String) -> InputError {
        InputError("\(shown): cannot be read (check its permissions)")
    }

    /// The file opened for reading, when it is still the one listed.
    func openUnchanged() throws(InputError) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw errno == ENOENT ? changed : Self.unreadable(shown) }
        do throws(InputError) {
            try refuseChange(descriptor)
        } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Throws unless the open file has the size, time and inode it had when listed.
    func refuseChange(_ descriptor: Int32) throws(InputError) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Self.unreadable(shown) }
        guard DiskFile(path: path, shown: shown, status: status) == self else { throw changed }
    }

    /// Reads up to `count` bytes into `buffer`, as many as there are: fewer only at the end of the file;
    /// -1 when a read fails.
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, count: Int) -> Int {
        var total = 0
        while total < count {
            let got = Glibc.read(descriptor, buffer.baseAddress! + total, count - total)
            if got < 0 {
                if errno == EINTR { continue }
                return -1
            }
            if got == 0 { break }
            total += got
        }
        return total
    }
}
