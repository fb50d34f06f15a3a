#if canImport(Glibc)
import Glibc
#endif

/// What a clean build keeps of each account for the next one, in `.<output name>.feedsite-cache`
/// beside the output folder (as the staging folder is), so that deploying the output never publishes it: the account pass's summary of it (its snapshot with only its newest
/// shown post, its pages' origins, what the check counted on its page) and the river's pool. When
/// only some snapshots changed since, the next build reads just those and takes the others from here.
/// The file holds nothing the snapshots do not (no secret); a damaged or unexpected one is ignored.
struct SummaryCache: Sendable {
    /// What the cache keeps of one account.
    struct Account: Sendable, Equatable {
        /// The snapshot with only its newest shown post (`AccountPass.snapshots`); nil without a snapshot.
        var snapshot: Snapshot?
        /// `PagePolicies.origins(of:snapshot:)`.
        var origins: Set<String>
        /// What the check counted on the account's page, or nil when some of its links needed the whole
        /// plan to resolve (a later river page): such a page is checked again, so the cache is not used.
        var check: PageCheck?
    }

    /// The check's counts on one account page whose relative links all resolved among the known paths.
    struct PageCheck: Sendable, Equatable {
        var intentURLs: Int
        var links: Int
    }

    /// The fingerprint of the build that wrote the cache (its manifest's record).
    var fingerprint: UInt64
    /// Its inputs: the hash of all but the snapshots, and the snapshots' stamps.
    var inputs: BuildInputs
    /// One per account of site.yml, in its order.
    var accounts: [Account]
    /// The river's candidates after the account pass.
    var pool: RiverCandidates
    /// Each account's fields as a cache file held them (`init(bytes:config:)`), copied by `bytes`
    /// instead of encoded again; nil (or missing) for an account to encode.
    var encodedAccounts: [ArraySlice<UInt8>?] = []
    /// The decoded site.yml to keep for the next build (only when it was decoded from the bytes `inputs` hashed).
    var config: CachedConfig?
    /// The decoded site.yml as a cache file held it (`CachedConfig.write`), with its key: copied by `bytes` when `config` is nil.
    var encodedConfig: (key: CachedConfig.Key, bytes: ArraySlice<UInt8>)?
}

extension SummaryCache {
    /// The end of the cache's name: `.output.feedsite-cache` for the output folder `output`.
    static let nameSuffix = ".feedsite-cache"

    /// The cache of the output folder `output`: `<parent>/.<output name>.feedsite-cache`.
    static func path(forOutput output: String) -> String {
        OutputWriter.besideFolder(output, suffix: nameSuffix)
    }

    /// The cache of the output folder `output`, when there is one that `config` can use: a damaged,
    /// tampered or foreign file (any other version, a checksum that does not match, a value out of
    /// range), anything but a regular file (a link, a FIFO), or one over `maximumBytes`, is none (and
    /// a file too large is not read at all).
    static func read(forOutput output: String, config: SiteConfig, maximumBytes: Int = 1 << 31) -> SummaryCache? {
        guard let bytes = checkedBytes(forOutput: output, maximumBytes: maximumBytes) else { return nil }
        return try? SummaryCache(bytes: bytes, config: config, checked: true)
    }

    /// The bytes of the cache of the output folder `output` when its header and checksum are right (see `read`).
    static func checkedBytes(forOutput output: String, maximumBytes: Int = 1 << 31) -> [UInt8]? {
        // Never through a link, and never waiting on a FIFO put there.
        let descriptor = open(path(forOutput: output), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) <= maximumBytes,
              let bytes = try? FileInput.readToEnd(descriptor, expectedSize: Int(status.st_size), limit: maximumBytes),
              checksumHolds(bytes) else { return nil }
        return bytes
    }

    /// The most a cache for `inputs` and `accounts` accounts can weigh: it holds only what the snapshots
    /// do (each account's newest post, the river's pool), so twice their bytes, plus what each account
    /// adds of its own and its decoded site.yml (`maximumConfigBytes`); a larger file is someone else's and is not read.
    static func maximumBytes(for inputs: BuildInputs, accounts: Int) -> Int {
        2 * inputs.snapshots.reduce(0) { $0 + $1.stamp.size } + 4_096 * accounts + (1 << 20) + maximumConfigBytes(accounts: accounts)
    }

    /// The most the decoded site.yml of `accounts` accounts may weigh in the cache (the benchmark's take about 300
    /// bytes an account): a larger one is not kept, and that site.yml is decoded each build.
    static func maximumConfigBytes(accounts: Int) -> Int {
        2_048 * accounts + (64 << 10)
    }

    /// Writes a cache's `bytes` (`SummaryCache.bytes`) for the output folder `output` atomically (a new file, never through a link,
    /// renamed over it); when that fails the old cache is removed, so none that disagrees with the
    /// manifest is left.
    static func write(_ bytes: [UInt8], forOutput output: String) {
        guard writeNew(bytes, forOutput: output) else {
            unlink(path(forOutput: output))
            return
        }
        putNewInPlace(forOutput: output)
    }

    /// Where a new cache is written before it is renamed over the old one: `<cache>.new`.
    static func newPath(forOutput output: String) -> String {
        path(forOutput: output) + ".new"
    }

    /// Writes `bytes` to a new file at `newPath` (never through a link); false when that failed, and then none is left.
    static func writeNew(_ bytes: [UInt8], forOutput output: String) -> Bool {
        let temporary = newPath(forOutput: output)
        unlink(temporary)
        do {
            try OutputWriter.writeAll(bytes, to: temporary, shown: path(forOutput: output))
        } catch {
            return false
        }
        return true
    }

    /// Renames the file `writeNew` wrote over the cache; when that fails removes both, so that none
    /// that disagrees with the manifest is left.
    static func putNewInPlace(forOutput output: String) {
        let path = path(forOutput: output)
        let temporary = newPath(forOutput: output)
        if rename(temporary, path) != 0 {
            unlink(temporary)
            unlink(path)
        }
    }

    /// Removes the cache of the output folder `output` (a build that keeps none must leave none that could mislead).
    static func remove(forOutput output: String) {
        unlink(path(forOutput: output))
    }
}
