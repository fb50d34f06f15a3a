import Testing
@testable import FeedsiteKit

/// The repository's sample site with its sample snapshots: a fresh clone's build shows posts, and its
/// first fetch reads only files of its own.
@Suite struct SampleSiteTests {
    @Test("the sample site shows posts (HTML, links, an image link, a reply, a repost), accounts without a feed, and passes check --strict")
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
        // NASA and esa have no feed (feed: none): X's live timeline alone, no posts and no word about fetching.
        for handle in ["nasa", "esa"] {
            let page = try #require(site.read("output/\(handle)/index.html"))
            #expect(page.contains("data-feedsite-timeline"), "\(handle)")
            #expect(!page.contains("<article class=\"post") && !page.contains("posts-status"), "\(handle)")
        }
        let report = try LinkChecker(strict: true).check(folder: site.path + "/output")
        #expect(report.findings.isEmpty)
    }

    @Test("the sample site's Bluesky and Mastodon accounts show their posts, no X timeline, and a policy that allows nothing from X")
    func sampleNetworks() throws {
        let site = try TemporarySite.sample()
        let result = try site.build()
        #expect(result.warnings.isEmpty)
        let expected = [
            ("outputdd.bsky.social", "https://bsky.app/intent/compose?text=%40outputdd.bsky.social%20", "https://bsky.app/profile/outputdd.bsky.social", "Bluesky"),
            ("outputdd@fosstodon.org", "https://fosstodon.org/share?text=%40outputdd%40fosstodon.org%20%23feedsite", "https://fosstodon.org/@outputdd", "Mastodon"),
        ]
        for (handle, compose, profile, network) in expected {
            let page = try #require(site.read("output/\(handle)/index.html"), "no page for \(handle)")
            #expect(page.components(separatedBy: "<article class=\"post").count - 1 == 3, "\(handle)")
            #expect(page.contains("<a class=\"button compose\" href=\"\(compose)\""), "\(handle)")
            #expect(page.contains("href=\"\(profile)\" target=\"_blank\" rel=\"noopener noreferrer\">View on \(network)</a>"), "\(handle)")
            for x in ["data-feedsite-timeline", "twitter-timeline", "twitter.com", "twimg.com", "Live timeline", "timeline-overlay"] {
                #expect(!page.contains(x), "\(handle)'s page contains \(x)")
            }
            let index = try #require(site.read("output/index.html"))
            #expect(index.contains("<span class=\"handle\">@\(handle)</span> <span class=\"network\">on \(network)</span>"))
        }
        let mastodon = try #require(site.read("output/outputdd@fosstodon.org/index.html"))
        #expect(mastodon.contains("Attachment: <a href=\"https://cdn.fosstodon.org/media_attachments/"))
        #expect(mastodon.contains("<a href=\"https://fosstodon.org/tags/feedsite\" rel=\"nofollow ugc noopener noreferrer\">#feedsite</a>"))
        let river = try #require(site.read("output/latest/index.html"))
        #expect(river.contains("Bluesky accounts get their own pages now") && river.contains("Mastodon accounts get their own pages now"))
    }

    @Test("every feed of the sample site (what feedsite init writes) is a file in feeds/ or none: its first fetch asks no host for anything")
    func sampleFeedsAreLocal() throws {
        let site = try TemporarySite.sample()
        let config = try SiteConfigLoader.load(path: site.path + "/site.yml")
        let sources = config.accounts.map { $0.feedSource(siteFolder: config.siteFolder) }
        #expect(sources.contains(nil), "some account shows feed: none")
        for (account, source) in zip(config.accounts, sources) {
            switch source {
            case nil: continue
            case .file(let path): #expect(path.hasPrefix(config.siteFolder + "/feeds/") && site.exists(String(path.dropFirst(config.siteFolder.count + 1))),
                                          "\(account.handle): \(path)")
            default: Issue.record("\(account.handle) reads \(String(describing: source)), not a file of the site")
            }
        }
        #expect(!(try String(contentsOfFile: RepositoryPaths.sampleConfig, encoding: .utf8)).contains(".invalid"))
    }
}
