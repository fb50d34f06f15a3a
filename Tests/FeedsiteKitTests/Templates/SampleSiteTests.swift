import Testing
@testable import FeedsiteKit

/// The repository's sample site with its sample snapshots: a fresh clone's build shows posts, and
/// each state of a snapshot appears once.
@Suite struct SampleSiteTests {
    @Test("the sample site shows posts (HTML, links, an image link, a reply, a repost), a failed fetch and a feed never fetched, and passes check --strict")
    func samplePosts() throws {
        let site = try TemporarySite.sample()
        let result = try site.build()
        #expect(result.warnings.isEmpty)
        let outputdd = try #require(site.read("output/outputdd/index.html"))
        #expect(outputdd.components(separatedBy: "<article class=\"post").count - 1 == 5)
        #expect(outputdd.contains("<p class=\"post-kind\">Reply</p>"))
        #expect(outputdd.contains("<p class=\"post-kind\">Repost</p>"))
        #expect(outputdd.contains("<a href=\"https://en.wikipedia.org/wiki/Progressive_enhancement\""))
        #expect(outputdd.contains("Attachment: <a href=\"https://pbs.twimg.com/media/sample-themes.png\" rel=\"noopener noreferrer\">An account page in the light theme"))
        #expect(outputdd.contains("Posts as of <time datetime=\"2026-11-29T14:05:00Z\">"))
        let swift = try #require(site.read("output/swiftlang/index.html"))
        #expect(swift.contains("<code>InlineArray</code>"))
        let nasa = try #require(site.read("output/nasa/index.html"))
        #expect(nasa.contains("Posts from @NASA could not be collected recently, so there are none to show here."))
        #expect(!nasa.contains("bridge.invalid"), "libcurl's error is for the site owner, not readers")
        let esa = try #require(site.read("output/esa/index.html"))
        #expect(esa.contains("No posts from @esa have been collected yet."))
        #expect(!esa.contains("feedsite fetch"))
        let report = try LinkChecker(strict: true).check(folder: site.path + "/output")
        #expect(report.findings.isEmpty)
    }
}
