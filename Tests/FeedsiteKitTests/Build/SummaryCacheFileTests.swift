import Foundation
import FeedsiteTestSupport
import Testing
@testable import FeedsiteKit

/// A build from site.yml's path reads the summary cache's accounts on another core while it decodes
/// site.yml; what the incremental pass takes from them must be what reading the cache then would give.
@Suite struct SummaryCacheFileTests {
    /// Builds `site` as `feedsite build` does, from its site.yml's path.
    static func build(_ site: TemporarySite) throws -> BuildResult {
        try SiteBuilder.build(configPath: site.path + "/site.yml")
    }

    @Test("built from site.yml's path, its cache's accounts read ahead, an incremental build writes the full build's output, byte for byte",
          arguments: [5, 6])
    func sameAsFullBuild(seed: Int) throws {
        var dice = IncrementalBuildTests.Dice(state: UInt64(seed) * 7_919)
        var files = ["site.yml": IncrementalBuildTests.siteYAML]
        for handle in IncrementalBuildTests.handles {
            files["snapshots/\(handle).json"] = IncrementalBuildTests.snapshot(handle, count: 1 + dice.next(7), dice: &dice)
        }
        let incremental = try TemporarySite(files)
        let full = try TemporarySite(files)
        _ = try Self.build(incremental)
        _ = try Self.build(full)
        var incrementalBuilds = 0
        for _ in 0..<8 {
            let handle = IncrementalBuildTests.handles[dice.next(IncrementalBuildTests.handles.count)]
            let snapshot = IncrementalBuildTests.snapshot(handle, count: 1 + dice.next(7), dice: &dice)
            try IncrementalBuildTests.replace(incremental, handle, with: snapshot)
            try IncrementalBuildTests.replace(full, handle, with: snapshot)
            let fast = try Self.build(incremental)
            try? FileManager.default.removeItem(atPath: SummaryCache.path(forOutput: full.path + "/output"))
            let slow = try Self.build(full)
            #expect(slow.snapshotsRead == nil)
            if fast.snapshotsRead != nil { incrementalBuilds += 1 }
            #expect(try IncrementalBuildTests.output(incremental) == IncrementalBuildTests.output(full))
            #expect(fast.check.intentURLs == slow.check.intentURLs && fast.check.links == slow.check.links)
            #expect(fast.writtenPaths == slow.writtenPaths && fast.unchanged == slow.unchanged)
        }
        #expect(incrementalBuilds >= 5)
    }

    @Test("contents read ahead make the same cache as the bytes alone; for a site.yml of another number of accounts they are refused")
    func contentsAsRead() throws {
        var dice = IncrementalBuildTests.Dice(state: 31)
        let site = try IncrementalBuildTests.site(posts: 3, dice: &dice)
        _ = try Self.build(site)
        let config = try site.config()
        let bytes = try #require(SummaryCache.checkedBytes(forOutput: site.path + "/output"))
        let contents = try SummaryCache.Contents(bytes: bytes)
        let ahead = try SummaryCache(bytes: bytes, config: config, checked: true, contents: contents)
        let alone = try SummaryCache(bytes: bytes, config: config)
        #expect(ahead.accounts == alone.accounts && ahead.inputs == alone.inputs && ahead.fingerprint == alone.fingerprint)
        #expect(ahead.encodedAccounts == alone.encodedAccounts && ahead.pool.kept.map(\.id) == alone.pool.kept.map(\.id))
        var fewer = config
        fewer.accounts.removeLast()
        #expect((try? SummaryCache(bytes: bytes, config: fewer, checked: true, contents: contents)) == nil)
    }

    @Test("a cache whose checksum is right but whose account holds markup the snapshot decoder would not keep makes the build a full one, and right")
    func craftedAccount() throws {
        var dice = IncrementalBuildTests.Dice(state: 37)
        let site = try IncrementalBuildTests.site(posts: 3, dice: &dice)
        _ = try Self.build(site)
        let output = site.path + "/output"
        var cache = try #require(SummaryCache.read(forOutput: output, config: try site.config()))
        cache.encodedAccounts = []
        cache.accounts[4].snapshot!.posts[0].html = "<script>alert(1)</script>"
        SummaryCache.write(cache.bytes, forOutput: output)
        try IncrementalBuildTests.replace(site, "acct2", with: IncrementalBuildTests.snapshot("acct2", count: 2, dice: &dice))
        let result = try Self.build(site)
        #expect(result.snapshotsRead == nil)
        #expect(try #require(site.read("output/index.html")).contains("<script>") == false)
        // The full build wrote a cache of its own, which the next change takes.
        try IncrementalBuildTests.replace(site, "acct6", with: IncrementalBuildTests.snapshot("acct6", count: 2, dice: &dice))
        #expect(try Self.build(site).snapshotsRead == 1)
    }
}
