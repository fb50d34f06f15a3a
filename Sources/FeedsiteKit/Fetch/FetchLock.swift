#if canImport(Glibc)
import Glibc
#endif

/// The lock that keeps two `feedsite fetch` of one site apart: `flock` on `.fetch.lock` in the
/// snapshots folder, released when the process ends however it ends.
final class FetchLock {
    private let descriptor: Int32

    /// Takes the lock, or throws when another fetch holds it.
    init(folder: String, display: String) throws(InputError) {
        let path = folder + "/.fetch.lock"
        do throws(SystemError) {
            try SnapshotStore.createFolder(folder)
        } catch {
            throw InputError("\(display): cannot create the snapshots folder: \(error.message)")
        }
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw InputError("\(display)/.fetch.lock: cannot open the lock file: \(SystemError(errno).message)")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw InputError("another 'feedsite fetch' is running for this site (it holds \(display)/.fetch.lock)",
                             hint: "wait for it to finish, then fetch again")
        }
    }

    deinit {
        close(descriptor)
    }
}
