import Foundation
import FeedsiteTestSupport
import Testing
@testable import FeedsiteKit

/// The summary cache is written beside the old one while the build goes on, and put in place only
/// after a clean build is published: a failed build keeps the old cache, one with warnings keeps none.
@Suite struct SummaryCacheDraftTests {
    @Test("a build that fails the check leaves the old cache as it was, one with warnings removes it, and neither leaves a new file beside it")
    func failedOrWarnedBuild() throws {
        var dice = IncrementalBuildTests.Dice(state: 23)
        let site = try IncrementalBuildTests.site(posts: 3, dice: &dice)
        let output = site.path + "/output"
        _ = try site.build()
        let cache = SummaryCache.path(forOutput: output)
        let before = try FileInput.read(cache, purpose: "the cache", limit: .max)
        try IncrementalBuildTests.replace(site, "acct3", with: IncrementalBuildTests.snapshot("acct3", count: 4, dice: &dice))
        try site.write("templates/404.html", "<a href=\"https://twitter.com/intent/tweet?text=a b\">x</a>")
        #expect(throws: BuildCheckFailure.self) { try site.build() }
        #expect(try FileInput.read(cache, purpose: "the cache", limit: .max) == before)
        #expect(!FileManager.default.fileExists(atPath: SummaryCache.newPath(forOutput: output)))

        try site.write("templates/partials/footer-extra.html", "{{acount.handle}}")
        try site.write("templates/404.html", "{{> footer-extra}}")
        let warned = try site.build()
        #expect(!warned.warnings.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: cache))
        #expect(!FileManager.default.fileExists(atPath: SummaryCache.newPath(forOutput: output)))
    }

    @Test("after a clean build the cache in place is the one the build made, and no new file is left beside it")
    func cleanBuild() throws {
        var dice = IncrementalBuildTests.Dice(state: 29)
        let site = try IncrementalBuildTests.site(posts: 3, dice: &dice)
        let output = site.path + "/output"
        _ = try site.build()
        try IncrementalBuildTests.replace(site, "acct5", with: IncrementalBuildTests.snapshot("acct5", count: 2, dice: &dice))
        #expect(try site.build().snapshotsRead == 1)
        #expect(!FileManager.default.fileExists(atPath: SummaryCache.newPath(forOutput: output)))
        // The cache describes the snapshots as they are now: the next change is built from it again.
        try IncrementalBuildTests.replace(site, "acct6", with: IncrementalBuildTests.snapshot("acct6", count: 2, dice: &dice))
        #expect(try site.build().snapshotsRead == 1)
    }
}
