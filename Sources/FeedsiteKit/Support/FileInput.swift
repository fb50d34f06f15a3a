#if canImport(Glibc)
import Glibc
#endif

/// Reads whole files with one open, fstat and read loop, turning I/O failures into `InputError`s that
/// say what to do. The one file reader: configuration, templates, assets, pages to check and files to serve.
package enum FileInput {
    /// The bytes of the file at `path`; `purpose` says what the file is for in messages. A file larger
    /// than `limit` bytes is refused before it is read, so no input can make feedsite load gigabytes
    /// (callers that copy or serve files as they are pass `.max`).
    /// Throws unless `path` is a regular file (after links): a FIFO or a device given as a feed or a
    /// snapshot would make a read wait forever or never end.
    package static func requireRegularFile(_ path: String, purpose: String) throws(InputError) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        if status.st_mode & S_IFMT != S_IFREG {
            throw InputError("\(path): is not a regular file (expected \(purpose))", hint: "point it at a file")
        }
    }

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
        return try read(open: descriptor, path: path, size: Int(status.st_size), purpose: purpose, limit: limit)
    }

    /// The bytes of the file at `path`, already open as `descriptor` and found by `fstat` to have
    /// `size` bytes (0 for a pipe or device); refused as `read(_:purpose:missingHint:limit:)` refuses it
    /// when it is larger than `limit`. The caller closes `descriptor`.
    package static func read(open descriptor: Int32, path: String, size: Int, purpose: String, limit: Int) throws(InputError) -> [UInt8] {
        if size > limit { throw tooLarge(path, size: size, limit: limit, purpose: purpose) }
        do {
            return try readToEnd(descriptor, expectedSize: size, limit: limit)
        } catch {
            switch error {
            case .failed: throw unreadable(path)
            case .tooLarge: throw tooLarge(path, size: nil, limit: limit, purpose: purpose)
            }
        }
    }

    /// Why `readToEnd` stopped early.
    enum Stop: Error {
        /// `read` failed with this errno.
        case failed(Int32)
        /// More than the limit was there; the count is what had been read.
        case tooLarge(Int)
    }

    /// Everything `descriptor` yields until its end: for a regular file one read of its `expectedSize`
    /// straight into uninitialised storage; pipes and devices (size 0) are read in growing steps.
    static func readToEnd(_ descriptor: Int32, expectedSize: Int, limit: Int = .max) throws(Stop) -> [UInt8] {
        var bytes: [UInt8] = []
        var capacity = max(expectedSize + 1, 4096)
        while true {
            let start = bytes.count
            var failure: Int32 = 0
            var ended = false
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                if start > 0 { _ = buffer.initialize(from: bytes) }
                var total = start
                while total < capacity {
                    let got = Glibc.read(descriptor, buffer.baseAddress! + total, capacity - total)
                    if got < 0 {
                        if errno == EINTR { continue }
                        failure = errno
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
            if failure != 0 { throw .failed(failure) }
            if bytes.count > limit { throw .tooLarge(bytes.count) }
            if ended { return bytes }
            capacity *= 2
        }
    }
}

extension FileInput {
    /// `2000 bytes`, `4 MiB`, `4.8 MiB`: tenths rounded up, so a size just over a limit never
    /// prints as the limit itself. The one way sizes are shown, limits included.
    static func megabytes(_ bytes: Int) -> String {
        guard bytes >= 1 << 20 else { return "\(bytes) bytes" }
        let tenths = (bytes >> 20) * 10 + ((bytes & ((1 << 20) - 1)) * 10 + (1 << 20) - 1) >> 20
        return tenths % 10 == 0 ? "\(tenths / 10) MiB" : "\(tenths / 10).\(tenths % 10) MiB"
    }
}

extension FileInput {
    static func unreadable(_ path: String) -> InputError {
        InputError("\(path): cannot be read (check its permissions)")
    }

    /// `size` is nil for a pipe or device, whose size is unknown until it has all been read.
    static func tooLarge(_ path: String, size: Int?, limit: Int, purpose: String) -> InputError {
        InputError("\(path): is \(size.map { megabytes($0) + ", " } ?? "")more than the \(megabytes(limit)) feedsite reads as \(purpose)",
                   hint: "check that this is the right file")
    }
}
