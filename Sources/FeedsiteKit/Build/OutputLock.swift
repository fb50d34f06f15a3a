#if canImport(Glibc)
import Glibc
#endif

/// Keeps two builds from writing one output folder at once: an exclusive `flock` on the output
/// folder, or on the folder that will hold it when it does not exist yet, held until the build ends.
final class OutputLock {
    private let descriptor: Int32

    /// Takes the lock for `output`; throws at once when another build holds it.
    init(output: String) throws(InputError) {
        var status = stat()
        let folder = stat(output, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR ? output : OutputWriter.parent(of: output)
        descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        // A folder that cannot be opened is reported by the build's own writes, with their reason.
        guard descriptor >= 0 else { return }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw InputError("\(output): another feedsite build is writing this output folder right now",
                             hint: "wait until it has finished, then build again")
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}
