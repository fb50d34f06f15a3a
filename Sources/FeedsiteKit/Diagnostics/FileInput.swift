#if canImport(Glibc)
import Glibc
#endif

/// Reads whole files, turning I/O failures into `InputError`s that say what to do.
package enum FileInput {
    /// The bytes of the file at `path`; `purpose` says what the file is for in messages. A file larger
    /// than `limit` bytes is refused before it is read, so no input can make feedsite load gigabytes.
    package static func read(_ path: String, purpose: String, missingHint: String? = nil, limit: Int = 64 << 20) throws(InputError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR || errno == ELOOP {
                throw InputError("\(path): no such file (expected \(purpose))", hint: missingHint)
            }
            throw unreadable(path)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw unreadable(path) }
        if status.st_mode & S_IFMT == S_IFDIR {
            throw InputError("\(path): is a folder, expected \(purpose)", hint: missingHint)
        }
        let size = Int(status.st_size)
        if size > limit { throw tooLarge(path, size: size, limit: limit, purpose: purpose) }
        do {
            return try FileBytes.readToEnd(descriptor, expectedSize: size, limit: limit)
        } catch {
            switch error {
            case .failed: throw unreadable(path)
            case .tooLarge(let read): throw tooLarge(path, size: read, limit: limit, purpose: purpose)
            }
        }
    }

    static func megabytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}

private extension FileInput {
    static func unreadable(_ path: String) -> InputError {
        InputError("\(path): cannot be read (check its permissions)")
    }

    static func tooLarge(_ path: String, size: Int, limit: Int, purpose: String) -> InputError {
        InputError("\(path): is \(megabytes(size)), more than the \(megabytes(limit)) feedsite reads as \(purpose)",
                   hint: "check that this is the right file")
    }
}
