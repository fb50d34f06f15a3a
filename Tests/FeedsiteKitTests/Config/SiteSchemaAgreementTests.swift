import Testing
@testable import FeedsiteKit

/// Where the schema and the decoder once disagreed: the network an account lives on (from
/// `defaults`, an empty `network:`, or its own), `feed: x-api` off X, hashtags beyond ASCII, the ends
/// of integer ranges and decimals without a fraction, long Mastodon servers and handles the build
/// keeps for itself. `SiteSchemaValidationTests` runs the schema over the same tables.
@Suite struct SiteSchemaAgreementTests {
    /// A valid server name of `length` characters (from 200 to 253): three labels of 63 letters, one shorter, `.social`.
    static func server(_ length: Int) -> String {
        (Array(repeating: String(repeating: "a", count: 63), count: 3) + [String(repeating: "b", count: length - 199), "social"]).joined(separator: ".")
    }

    /// Each refused by the decoder, at its place, and by the schema.
    static let cases: [BrokenConfig] = [
        BrokenConfig(name: "X handle when defaults names x", yaml: ConfigFixture.site(accounts: "  - handle: \"not a handle!!\"", extra: "defaults:\n  network: x\n"),
                     line: 5, column: 17, message: "handle 'not a handle!!' contains a space"),
        BrokenConfig(name: "X handle when defaults leaves network empty",
                     yaml: ConfigFixture.site(accounts: "  - handle: \"not a handle!!\"", extra: "defaults:\n  network:\n"),
                     line: 5, column: 17, message: "handle 'not a handle!!' contains a space"),
        BrokenConfig(name: "an account's network: x over defaults' bluesky",
                     yaml: ConfigFixture.site(accounts: "  - handle: bsky.app\n    network: x", extra: "defaults:\n  network: bluesky\n"),
                     line: 5, column: 17, message: "handle 'bsky.app' contains '.'"),
        BrokenConfig(name: "an account's empty network: under defaults' mastodon",
                     yaml: ConfigFixture.site(accounts: "  - handle: jack\n    network:", extra: "defaults:\n  network: mastodon\n"),
                     line: 5, column: 13, message: "Mastodon handle 'jack' has no server"),
        BrokenConfig(name: "feed: x-api on a Bluesky account", yaml: ConfigFixture.site(accounts: "  - handle: bsky.app\n    network: bluesky\n    feed: x-api"),
                     line: 5, column: 11, message: "'feed: x-api' reads X's API, but this account is on Bluesky"),
        BrokenConfig(name: "feed: x-api from defaults on a Mastodon account",
                     yaml: ConfigFixture.site(accounts: "  - handle: a@b.social\n    network: mastodon", extra: "defaults:\n  feed: x-api\n"),
                     line: 5, column: 13, message: "this Mastodon account gets 'feed: x-api' from 'defaults', which reads X's API"),
        BrokenConfig(name: "feed: x-api from defaults on the network of defaults",
                     yaml: ConfigFixture.site(accounts: "  - handle: bsky.app", extra: "defaults:\n  network: bluesky\n  feed: x-api\n"),
                     line: 6, column: 13, message: "this Bluesky account gets 'feed: x-api' from 'defaults'"),
        BrokenConfig(name: "hashtag with an emoji", yaml: ConfigFixture.site(accounts: "  - handle: a\n    compose: {hashtags: [\"a😀\"]}"),
                     line: 4, column: 28, message: "hashtag 'a😀' contains '😀'; hashtags use letters, digits and '_'"),
        BrokenConfig(name: "hashtag starting with a combining mark", yaml: ConfigFixture.site(accounts: "  - handle: a\n    compose: {hashtags: [\"\\u0301a\"]}"),
                     line: 4, column: 27, message: "hashtag '\u{301}a' contains"),
        BrokenConfig(name: "hashtag with a zero-width space", yaml: ConfigFixture.site(accounts: "  - handle: a\n    compose: {hashtags: [\"a\\u200Bb\"]}"),
                     line: 4, column: 28, message: "hashtag 'a\u{200B}b' contains"),
        BrokenConfig(name: "width past the largest integer", yaml: ConfigFixture.site(accounts: "  - handle: a\n    width: 9223372036854775808"),
                     line: 4, column: 12, message: "'width' must be at most 9223372036854775807, found 9223372036854775808"),
        BrokenConfig(name: "river_page_size with a fraction", yaml: ConfigFixture.site(extra: "river_page_size: 1.5\n"), line: 2, column: 18,
                     message: "expected an integer from 1 to 1000, found a number '1.5'"),
        BrokenConfig(name: "river_page_size 1e4", yaml: ConfigFixture.site(extra: "river_page_size: 1e4\n"), line: 2, column: 18,
                     message: "'river_page_size' must be from 1 to 1000, found 10000"),
        BrokenConfig(name: "river_page_size 1_000", yaml: ConfigFixture.site(extra: "river_page_size: 1_000\n"), line: 2, column: 18,
                     message: "expected an integer from 1 to 1000, found a string '1_000'",
                     hint: "YAML 1.2 reads '1_000' as text; write it without '_': river_page_size: 1000"),
        BrokenConfig(name: "Mastodon server of 254 characters", yaml: ConfigFixture.site(accounts: "  - handle: a@\(server(254))\n    network: mastodon"),
                     line: 3, column: 13, message: "has 254 characters; a domain name has at most 253"),
        BrokenConfig(name: "Mastodon server with a label of 64 characters",
                     yaml: ConfigFixture.site(accounts: "  - handle: a@\(String(repeating: "b", count: 64)).social\n    network: mastodon"),
                     line: 3, column: 13, message: "longer than 63 characters"),
    ]

    /// Accepted by the decoder and by the schema.
    static let accepted: [String: String] = [
        "network-x-in-defaults.yml": ConfigFixture.site(accounts: "  - handle: jack", extra: "defaults:\n  network: x\n"),
        "empty-network-in-defaults.yml": ConfigFixture.site(accounts: "  - handle: jack", extra: "defaults:\n  network:\n"),
        "network-over-defaults.yml": ConfigFixture.site(accounts: "  - handle: jack\n    network: x\n  - handle: a@b.social\n    network: mastodon\n"
                                                            + "  - handle: bsky.app\n    network:", extra: "defaults:\n  network: bluesky\n"),
        "x-api-on-x.yml": ConfigFixture.site(accounts: "  - handle: jack\n  - handle: bsky.app\n    network: bluesky\n    feed: none",
                                             extra: "defaults:\n  feed: x-api\n"),
        "integral-decimals.yml": ConfigFixture.site(accounts: "  - handle: jack\n    width: 9223372036854775807\n    height: 4.0e2",
                                                    extra: "river_page_size: 1.0\nriver_posts: 1e2\n"),
        "hashtags.yml": ConfigFixture.site(accounts: "  - handle: jack\n    compose: {hashtags: [\"e\\u0301te\\u0301\", \"می\\u200Cخواهم\", \"٣٤\", 日本, _x, \"2024\"]}"),
        "long-mastodon-server.yml": ConfigFixture.site(accounts: "  - handle: a@\(server(253))\n    network: mastodon"),
    ]

    /// Handles the decoder accepts and the build refuses when the site writes a top-level name of
    /// that name itself; the schema, which cannot see the templates, refuses them always.
    static let buildRefused: [String: String] = [
        "latest.yml": ConfigFixture.site(accounts: "  - handle: latest"),
        "Assets.yml": ConfigFixture.site(accounts: "  - handle: Assets"),
        "feed-xml.yml": ConfigFixture.site(accounts: "  - handle: feed.XML\n    network: bluesky", extra: "base_url: https://example.com\n"),
    ]

    @Test("each disagreement the schema had is refused by the decoder at its place", arguments: cases)
    func refused(_ broken: BrokenConfig) throws {
        try SiteConfigErrorTests().brokenConfiguration(broken)
    }

    @Test("each value the schema accepts after the fix decodes", arguments: accepted.keys.sorted())
    func acceptedByDecoder(_ name: String) throws {
        let yaml = try #require(Self.accepted[name])
        #expect(ConfigFixture.diagnostics(yaml).isEmpty, "\(ConfigFixture.diagnostics(yaml))")
    }

    @Test("a decimal without a fraction is that integer: river_page_size: 1.0 is 1 and 1e2 is 100")
    func integralDecimals() throws {
        let config = try ConfigFixture.config(ConfigFixture.site(extra: "river_page_size: 1.0\nriver_posts: 1e2\n"))
        #expect(config.options["river_page_size"] == .int(1))
        #expect(config.options["river_posts"] == .int(100))
    }

    @Test("a handle named after a top-level name the build writes decodes, fails the build with the sample's templates, and the schema refuses it",
          arguments: buildRefused.keys.sorted())
    func reservedHandle(_ name: String) throws {
        let yaml = try #require(Self.buildRefused[name])
        #expect(ConfigFixture.diagnostics(yaml).isEmpty)
        let site = try TemporarySite(["site.yml": yaml, "templates/assets/card.png": "png"])
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        #expect(error.diagnostics.first?.location.line == (name == "feed-xml.yml" ? 4 : 3))
        #expect(error.diagnostics.first?.message.contains("cannot be an account's folder") == true
                    || error.diagnostics.first?.message.contains("would be written to") == true, "\(error.diagnostics)")
    }

    @Test("the schema's reserved names are those the build writes for itself")
    func reservedNamesMatchTheBuild() {
        let written = ["index.html", "404.html", River.folder, "assets", PublishedMedia.folder, AtomFeed.riverPath, Sitemap.path,
                       SiteHeaders.path, OutputWriter.manifestName]
        #expect(Set(TopLevelOutputNames.all) == Set(written.map { $0.lowercased() }))
    }
}
