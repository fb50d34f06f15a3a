/// The summary cache file as a build reads it before site.yml is decoded (its checksum checked), with its
/// contents read on a thread of their own meanwhile, for the incremental pass to take.
struct SummaryCacheFile: Sendable {
    let bytes: [UInt8]
    /// `SummaryCache.Contents(bytes:)`; nil when malformed.
    let contents: BackgroundValue<SummaryCache.Contents?>

    /// Starts reading the contents of a cache file's `bytes`.
    init(bytes: [UInt8]) {
        self.bytes = bytes
        contents = BackgroundValue { try? SummaryCache.Contents(bytes: bytes) }
    }
}
