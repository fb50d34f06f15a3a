#if canImport(Glibc)
import Glibc
#endif

/// Reads a whole file into bytes with one open, fstat and read loop.
enum FileBytes {
    /// Why reading to the end stopped early.
    enum Stop: Error {
        /// `read` failed with this errno.
        case failed(Int32)
        /// More than the limit was there; the count is what had been read.
        case tooLarge(Int)
    }

    static func read(_ path: String) throws(InputError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw InputError("\(path): cannot be read: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw InputError("\(path): cannot be read: \(String(cString: strerror(errno)))") }
        do {
            return try readToEnd(descriptor, expectedSize: Int(status.st_size))
        } catch {
            let code: Int32 = if case .failed(let code) = error { code } else { EFBIG }
            throw InputError("\(path): cannot be read: \(String(cString: strerror(code)))")
        }
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
