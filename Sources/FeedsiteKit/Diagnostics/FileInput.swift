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
        // One read of the known size for regular files; pipes and devices are read until their end.
        var bytes: [UInt8] = []
        var capacity = max(size + 1, 4096)
        while true {
            let start = bytes.count
            var failed = false
            var ended = false
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                if start > 0 { _ = buffer.initialize(from: bytes) }
                var total = start
                while total < capacity {
                    let got = Glibc.read(descriptor, buffer.baseAddress! + total, capacity - total)
                    if got < 0 {
                        if errno == EINTR { continue }
                        failed = true
                        break
                    }
                    if got == 0 {
                        ended = true
                        break
                    }
                    total += got
                }
                initialized = total
            }
            if failed { throw unreadable(path) }
            if bytes.count > limit { throw tooLarge(path, size: bytes.count, limit: limit, purpose: purpose) }
            if ended { return bytes }
            capacity *= 2
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
