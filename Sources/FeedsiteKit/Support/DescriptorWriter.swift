#if canImport(Glibc)
import Glibc
#endif

/// Writes a whole buffer to a file descriptor or socket: a short write goes on where it stopped and an
/// interrupted one is retried, so either every byte is written or the error says why not.
package enum DescriptorWriter {
    /// Writes all of `bytes` to `descriptor`. On a `socket`, `send` with MSG_NOSIGNAL is used, so a peer
    /// that went away fails the write with EPIPE instead of raising SIGPIPE.
    package static func write(_ bytes: [UInt8], to descriptor: Int32, socket: Bool = false) throws(SystemError) {
        let failure: Int32 = bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = socket
                    ? send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                    : Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += count
            }
            return 0
        }
        if failure != 0 { throw SystemError(failure) }
    }
}
