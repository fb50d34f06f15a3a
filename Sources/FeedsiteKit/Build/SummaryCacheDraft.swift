#if canImport(Glibc)
import Glibc
#endif

/// The summary cache a build will keep, encoded and written beside the cache (`SummaryCache.newPath`) on a
/// thread of its own while the build goes on, and put in place only once the build is published clean:
/// until then the old cache stays as it was, and a build that fails removes the new file.
final class SummaryCacheDraft: Sendable {
    let output: String
    /// Whether the new file is written whole.
    private let written: BackgroundValue<Bool>

    /// Starts encoding `cache` (made on the same thread by `make`) and writing it for the output folder `output`.
    init(forOutput output: String, _ make: @escaping @Sendable () -> SummaryCache) {
        self.output = output
        written = BackgroundValue { SummaryCache.writeNew(make().bytes, forOutput: output) }
    }
}

extension SummaryCacheDraft {
    /// Puts the new cache in place (waiting for it); when it could not be written, removes the old one,
    /// so that none disagrees with the manifest.
    func keep() {
        guard written.value else {
            SummaryCache.remove(forOutput: output)
            return
        }
        SummaryCache.putNewInPlace(forOutput: output)
    }

    /// Removes the new cache (waiting for it to be written first), leaving the old one as it was.
    func discard() {
        _ = written.value
        unlink(SummaryCache.newPath(forOutput: output))
    }
}
