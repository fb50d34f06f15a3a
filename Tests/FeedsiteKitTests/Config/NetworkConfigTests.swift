import Testing
@testable import FeedsiteKit

@Suite struct NetworkConfigTests {
    static let yaml = """
    title: T
    accounts:
      - handle: jack
      - handle: alice.bsky.social
        network: bluesky
      - handle: alice@mastodon.social
        network: mastodon
        compose:
          text: Hello
          url: https://example.com/
          hashtags: [news]
    """

    @Test("each account has its network, profile URL, compose URL and default feed")
    func accounts() throws {
        let config = try ConfigFixture.config(Self.yaml)
        #expect(config.accounts.map(\.network) == [.x, .bluesky, .mastodon])
        #expect(config.accounts.map(\.slug) == ["jack", "alice.bsky.social", "alice@mastodon.social"])
        #expect(config.accounts.map { $0.composeURL(intentHost: .twitter) } == [
            "https://twitter.com/intent/tweet?text=%40jack%20",
            "https://bsky.app/intent/compose?text=%40alice.bsky.social%20",
            "https://mastodon.social/share?text=Hello%20https%3A%2F%2Fexample.com%2F%20%23news",
        ])
        #expect(config.accounts.map(\.feed) == [nil, "https://bsky.app/profile/alice.bsky.social/rss", "https://mastodon.social/@alice.rss"])
        #expect(config.accounts.map(\.hasFeed) == [false, true, true])
        #expect(config.mastodonServers.contains("mastodon.social"))
    }

    @Test("a handle is checked by its network's rules, with the position of the character at fault", arguments: [
        ("  - handle: alice.bsky.social", 3, 18, "handle 'alice.bsky.social' contains '.'",
         "'alice.bsky.social' looks like a Bluesky handle: add `network: bluesky`"),
        ("  - handle: alice@mastodon.social", 3, 18, "handle 'alice@mastodon.social' contains '@'",
         "'alice@mastodon.social' looks like a Mastodon handle: add `network: mastodon`"),
        ("  - handle: jack\n    network: bluesky", 3, 13, "Bluesky handle 'jack' is not a domain name: it has no '.'",
         "a Bluesky handle is a domain name, such as jack.bsky.social; "
         + "or, if it is an X account: 'jack' looks like an X handle: remove `network: bluesky` (or write `network: x`)"),
        ("  - handle: al_ice.bsky.social\n    network: bluesky", 3, 15, "Bluesky handle 'al_ice.bsky.social' contains '_'",
         "a Bluesky handle is a domain name, such as alice.bsky.social"),
        ("  - network: mastodon\n    handle: alice", 4, 13, "Mastodon handle 'alice' has no server",
         "write it as user@server, such as alice@mastodon.social; "
         + "or, if it is an X account: 'alice' looks like an X handle: remove `network: mastodon` (or write `network: x`)"),
    ])
    func handles(_ account: String, _ line: Int, _ column: Int, _ message: String, _ hint: String) throws {
        let diagnostics = ConfigFixture.diagnostics(ConfigFixture.site(accounts: account))
        let first = try #require(diagnostics.first)
        #expect((first.location.line, first.location.column) == (line, column))
        #expect(first.message.hasPrefix(message), "\(first.message)")
        #expect(first.hint == hint)
    }

    @Test("the network may be set for every account in defaults")
    func inDefaults() throws {
        let config = try ConfigFixture.config("title: T\ndefaults:\n  network: bluesky\naccounts:\n  - handle: a.bsky.social\n")
        #expect(config.accounts.first?.network == .bluesky)
    }

    @Test("X's compose options on another network are errors at their key", arguments: [
        ("a.bsky.social", "bluesky", "Bluesky"), ("a@mastodon.social", "mastodon", "Mastodon"),
    ], ["via: jack", "related: [a]", "in_reply_to: 123"])
    func xOnlyCompose(_ account: (handle: String, network: String, name: String), _ option: String) throws {
        let yaml = ConfigFixture.site(accounts: "  - handle: \(account.handle)\n    network: \(account.network)\n    compose:\n      text: Hi\n      \(option)")
        let diagnostics = ConfigFixture.diagnostics(yaml)
        let key = String(option.prefix { $0 != ":" })
        #expect(diagnostics.count == 1)
        let first = try #require(diagnostics.first)
        #expect((first.location.line, first.location.column) == (7, 7))
        #expect(first.message == "'\(key)' is an X compose option; \(account.name) has no such thing")
        #expect(first.hint == "remove '\(key)' from this account's compose, or set `network: x`")
    }

    @Test("X's compose options set in defaults apply to X's accounts and are left out of the others' links, without an error")
    func xOnlyComposeInDefaults() throws {
        let defaults = "title: T\ndefaults:\n  compose:\n    via: jack\n    related: [a]\n    in_reply_to: 123\n    hashtags: [news]\n"
        let config = try ConfigFixture.config(Self.yaml.replacingOccurrences(of: "title: T\n", with: defaults))
        #expect(config.accounts.map { $0.composeURL(intentHost: .twitter) } == [
            "https://twitter.com/intent/tweet?text=%40jack%20&hashtags=news&via=jack&related=a&in_reply_to=123",
            "https://bsky.app/intent/compose?text=%40alice.bsky.social%20%23news",
            "https://mastodon.social/share?text=Hello%20https%3A%2F%2Fexample.com%2F%20%23news",
        ])
    }

    @Test("an unknown network is an error that lists the networks")
    func unknownNetwork() throws {
        let first = try #require(ConfigFixture.diagnostics(ConfigFixture.site(accounts: "  - handle: jack\n    network: threads")).first)
        #expect((first.location.line, first.location.column) == (4, 14))
        #expect(first.message.contains("bluesky"))
    }
}
