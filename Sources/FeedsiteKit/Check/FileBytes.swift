#if canImport(Glibc)
import Glibc
#endif

/// Reads a whole file into bytes with one open, fstat and read loop.
enum FileBytes {
    static func read(_ path: String) throws(InputError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw InputError("\(path): cannot be read: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw InputError("\(path): cannot be read: \(String(cString: strerror(errno)))") }
        guard status.st_size > 0 else { return [] }
        let size = Int(status.st_size)
        var failure: Int32 = 0
        // Read straight into uninitialised storage: no zero-filling of a buffer about to be overwritten.
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var total = 0
            while total < size {
                let got = Glibc.read(descriptor, buffer.baseAddress! + total, size - total)
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if got == 0 { break }
                total += got
            }
            initialized = total
        }
        if failure != 0 { throw InputError("\(path): cannot be read: \(String(cString: strerror(failure)))") }
        return bytes
    }
}
