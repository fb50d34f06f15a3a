#if canImport(Glibc)
import Glibc
#endif

/// Writes a whole buffer to a file descriptor or socket: a short write goes on where it stopped and an
/// interrupted one is retried, so either every byte is written or the error says why not.
package enum DescriptorWriter {
    /// Writes all of `bytes` to `descriptor`. On a `socket`, `send` with MSG_NOSIGNAL is used, so a peer
    /// that went away fails the write with EPIPE instead of raising SIGPIPE.
    package static func write(_ bytes: [UInt8], to descriptor: Int32, socket: Bool = false) throws(SystemError) {
        let failure = bytes.withUnsafeBytes { buffer -> SystemError? in
            do throws(SystemError) {
                try write(buffer, to: descriptor, socket: socket)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Writes all of `buffer` to `descriptor`, as `write(_:to:socket:)` does.
    package static func write(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32, socket: Bool = false) throws(SystemError) {
        var offset = 0
        while offset < buffer.count {
            let count = socket
                ? send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                : Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                throw SystemError(errno)
            }
            offset += count
        }
    }
}
