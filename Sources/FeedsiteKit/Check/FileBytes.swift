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
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var total = 0
        while total < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in Glibc.read(descriptor, buffer.baseAddress! + total, buffer.count - total) }
            if got < 0 {
                if errno == EINTR { continue }
                throw InputError("\(path): cannot be read: \(String(cString: strerror(errno)))")
            }
            if got == 0 { break }
            total += got
        }
        if total < bytes.count { bytes.removeLast(bytes.count - total) }
        return bytes
    }
}
