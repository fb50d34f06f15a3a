import Foundation
import FeedsiteTestSupport
import Testing
@testable import FeedsiteKit

/// The summary cache an incremental build writes, which copies the unchanged accounts as the old
/// cache held them.
@Suite struct SummaryCacheReuseTests {
    @Test("after an incremental build the cache is byte for byte its fresh encoding, and holds the full build's accounts")
    func copiedAccountsMatchFreshEncoding() throws {
        var dice = IncrementalBuildTests.Dice(state: 7)
        var files = ["site.yml": IncrementalBuildTests.siteYAML]
        for handle in IncrementalBuildTests.handles { files["snapshots/\(handle).json"] = IncrementalBuildTests.snapshot(handle, count: 4, dice: &dice) }
        let site = try TemporarySite(files)
        _ = try site.build()
        for (round, handle) in ["acct3", "acct0", "acct9"].enumerated() {
            let snapshot = IncrementalBuildTests.snapshot(handle, count: 3 + round, dice: &dice)
            try IncrementalBuildTests.replace(site, handle, with: snapshot)
            files["snapshots/\(handle).json"] = snapshot
            #expect(try site.build().snapshotsRead == 1)
            let config = try SiteConfigLoader.load(path: site.path + "/site.yml")
            let written = try FileInput.read(SummaryCache.path(forOutput: site.path + "/output"), purpose: "the cache", limit: .max)
            var cache = try SummaryCache(bytes: written, config: config)
            #expect(cache.encodedAccounts.count == IncrementalBuildTests.handles.count)
            cache.encodedAccounts = []
            #expect(cache.bytes == written)
            // The same snapshots built in full, in a folder of their own: the same accounts.
            let full = try TemporarySite(files)
            _ = try full.build()
            let fresh = try #require(SummaryCache.read(forOutput: full.path + "/output", config: try SiteConfigLoader.load(path: full.path + "/site.yml")))
            #expect(cache.accounts == fresh.accounts)
        }
    }

    @Test("a cache whose table of account lengths was changed, its checksum made again, is refused: each account must end where the next starts")
    func craftedLengths() throws {
        var dice = IncrementalBuildTests.Dice(state: 23)
        let site = try IncrementalBuildTests.site(posts: 3, dice: &dice)
        _ = try site.build()
        let config = try SiteConfigLoader.load(path: site.path + "/site.yml")
        let bytes = try FileInput.read(SummaryCache.path(forOutput: site.path + "/output"), purpose: "the cache", limit: .max)
        #expect((try? SummaryCache(bytes: bytes, config: config)) != nil)
        // Where the table lies: after the header, the checksum, the fingerprints, the decoded site.yml, the snapshots' stamps, the counts.
        var reader = BinaryReader(bytes, from: SummaryCache.header.count + 8)
        _ = try reader.uint64()
        _ = try reader.uint64()
        if try reader.bool() { try reader.skip(try reader.count(upTo: bytes.count)) }
        for _ in 0..<(try reader.count(upTo: 1_000)) {
            _ = try reader.string()
            for _ in 0..<4 { _ = try reader.uint64() }
        }
        let accounts = try reader.count(upTo: 1_000)
        #expect(accounts == IncrementalBuildTests.handles.count)
        _ = try reader.uint64()
        let table = reader.offset
        let lengths = try (0..<accounts).map { _ in try reader.count(upTo: bytes.count) }
        // Two neighbours' lengths moved by a byte (the total unchanged), and two swapped.
        for (first, second, change) in [(0, 1, 1), (4, 5, -1), (8, 9, 0)] {
            var crafted = BinaryWriter()
            crafted.add(encoded: bytes[...])
            let (a, b) = change == 0 ? (lengths[second], lengths[first]) : (lengths[first] + change, lengths[second] - change)
            #expect(lengths[first] != lengths[second] || change != 0)
            crafted.put(UInt64(a), at: table + 8 * first)
            crafted.put(UInt64(b), at: table + 8 * second)
            var hash = Hasher64()
            hash.add(crafted.bytes[(SummaryCache.header.count + 8)...])
            crafted.put(hash.value, at: SummaryCache.header.count)
            #expect((try? SummaryCache(bytes: crafted.bytes, config: config)) == nil, "accounts \(first) and \(second)")
        }
    }

    @Test("a cache whose decoded site.yml is said to run up to eight bytes past the end, its checksum made again, is refused",
          arguments: [1, 8])
    func configPastTheEnd(past: Int) throws {
        var dice = IncrementalBuildTests.Dice(state: 31)
        let site = try CachedConfigTests.site(dice: &dice)
        _ = try CachedConfigTests.build(site)
        let config = try SiteConfigLoader.load(path: site.path + "/site.yml")
        let bytes = try FileInput.read(SummaryCache.path(forOutput: site.path + "/output"), purpose: "the cache", limit: .max)
        // After the header, the checksum, the fingerprint and the inputs' hash: the flag, then the length of the decoded site.yml.
        let field = SummaryCache.header.count + 24
        #expect(bytes[field] == 1)
        var crafted = BinaryWriter()
        crafted.add(encoded: bytes[...])
        crafted.put(UInt64(bytes.count - (field + 9) + past), at: field + 1)
        var hash = Hasher64()
        hash.add(crafted.bytes[(SummaryCache.header.count + 8)...])
        crafted.put(hash.value, at: SummaryCache.header.count)
        #expect((try? SummaryCache(bytes: crafted.bytes, config: config)) == nil)
    }
}
