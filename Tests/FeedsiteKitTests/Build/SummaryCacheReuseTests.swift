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
}
