#if canImport(Glibc)
import Glibc
#endif

/// Puts a file in place whole: the bytes go to a temporary file beside it, which is made durable and
/// then renamed over the path, so a reader sees the old file or the new one and never half of one.
/// A failure removes the temporary file and says why in the system's words (`SystemError`), for
/// callers that name the file themselves.
package enum WholeFileReplacement {
    /// Writes `bytes` to `path` as described, with permissions 0644.
    package static func write(_ bytes: [UInt8], to path: String) throws(SystemError) {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SystemError(errno) }
        do {
            try DescriptorWriter.write(bytes, to: descriptor)
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        let code = fsync(descriptor) == 0 ? 0 : errno
        close(descriptor)
        guard code == 0, rename(temporary, path) == 0 else {
            let reason = code == 0 ? errno : code
            unlink(temporary)
            throw SystemError(reason)
        }
    }
}
