import Testing
@testable import FeedsiteKit

@Suite struct XAPIFeedConfigTests {
    @Test("feed: x-api on an X account reads X's API, not a file called x-api")
    func xAccount() throws {
        let config = try ConfigFixture.config("title: T\naccounts:\n  - handle: jack\n    feed: x-api\n    show_replies: true\n")
        let account = try #require(config.accounts.first)
        #expect(account.feed == "x-api")
        #expect(account.feedSource(siteFolder: "/site") == .xAPI)
        #expect(account.showsReplies)
    }

    @Test("feed: x-api on another network is an error at the value, or at the handle when defaults gave it", arguments: [
        ("  - handle: a.bsky.social\n    network: bluesky\n    feed: x-api", "", 5, 11,
         "'feed: x-api' reads X's API, but this account is on Bluesky",
         "remove 'feed' (its Bluesky feed is https://bsky.app/profile/a.bsky.social/rss), or set `network: x` if the account is on X"),
        ("  - handle: a@mastodon.social\n    network: mastodon", "defaults:\n  feed: x-api\n", 5, 13,
         "this Mastodon account gets 'feed: x-api' from 'defaults', which reads X's API",
         "give this account its own 'feed:' (its Mastodon feed is https://mastodon.social/@a.rss), or set 'feed: x-api' on the X accounts instead of in 'defaults'"),
    ])
    func otherNetwork(_ account: String, _ defaults: String, _ line: Int, _ column: Int, _ message: String, _ hint: String) throws {
        let yaml = "title: T\n" + defaults + "accounts:\n" + account + "\n"
        let first = try #require(ConfigFixture.diagnostics(yaml).first)
        #expect((first.location.line, first.location.column) == (line, column))
        #expect(first.message == message)
        #expect(first.hint == hint)
    }
}
