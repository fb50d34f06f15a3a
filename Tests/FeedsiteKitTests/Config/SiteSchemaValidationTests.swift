import Foundation
import Testing
@testable import FeedsiteKit

/// `feedsite schema` as editors use it, through check-jsonschema (installed by scripts/check-jsonschema
/// from PyPI): what the decoder accepts validates, and what the error table breaks is refused,
/// unless a JSON Schema cannot say it (listed below with the reason).
@Suite struct SiteSchemaValidationTests {
    /// Broken configurations a schema cannot see: YAML syntax and tags (the editor's YAML parser
    /// reports those itself), anchors, duplicates across list items, and rules that need more than
    /// one value at a time or the files on disk.
    static let beyondSchema: Set<String> = [
        // YAML itself, which the editor's YAML parser reports (check-jsonschema's stops with a traceback on some).
        "invalid UTF-8", "unknown tag", "int tag on text", "second document", "unknown alias",
        // YAML 1.1's merge key, which the editor's YAML parser applies before any schema sees the map.
        "merge key in defaults",
        // Uniqueness ignoring case across list items: `uniqueItems` compares whole items, exactly.
        "duplicate handle ignoring case",
        // JSON has no NaN to exclude, and NaN compares false with both ends of a range.
        "loading_timeout NaN",
        // YAML 1.2 reads `1_000` as text; check-jsonschema's YAML reader (ruamel.yaml) reads it as the
        // integer 1000, as YAML 1.1 did. The schema says `type: integer`, which is right: an editor on
        // YAML 1.2 refuses it too. The decoder's hint says to drop the '_'.
        "river_page_size 1_000",
    ]

    /// Valid configurations beyond the sample and the starter, each one way of writing site.yml.
    static let goodConfigs: [String: String] = [
        "minimal.yml": "title: T\naccounts:\n  - handle: jack\n",
        "networks.yml": """
            title: Three networks
            intent_host: x.com
            defaults:
              network: bluesky
              theme: dark
              compose: {hashtags: [swift]}
            accounts:
              - handle: bsky.app
              - handle: Gargron@mastodon.social
                network: mastodon
                compose: {text: "Hello", url: "https://example.com/a"}
              - handle: jack
                network: x
                compose: {via: jack, related: [NASA, esa], in_reply_to: 1234567890}
                chrome: [noheader, noborders]
                loading_timeout: 2.5
                width: 400
            """,
        "urls.yml": """
            title: URLs
            base_url: http://[::1]:8080/a%20b/c
            accounts:
              - handle: jack
                feed: https://user@bridge.example:8443/{handle}/feed.rss?x={handle}#top
                compose: {url: "HTTP://example.com"}
              - handle: bob
                feed: ./a:b/{handle}.xml
            """,
        "images.yml": """
            title: Share cards
            image: /assets/card.png
            defaults:
              image: https://example.com/cards/default.png
            accounts:
              - handle: jack
                image: assets/jack.png
              - handle: bob
                image: 2024.png
              - handle: ann
                image: 'https://cdn.example/a"b<c>{d}.png'
            """,
        "text-and-null.yml": """
            title: "2024"
            description:
            base_url: https://example.com/feeds/
            language: de-CH
            params:
              footer: 1
            defaults:
              lang:
              params:
            accounts:
              - handle: jack
                name: "42"
                feed: feeds/{handle}.xml
                posts: 200
                media: copy
                tweet_limit: 20
                dnt: true
            """,
    ]

    @Test("the sample site.yml, the starter's and other valid configurations validate against the schema, and decode")
    func validConfigurations() throws {
        let folder = try TemporaryFolder()
        _ = try SiteScaffold.write(into: folder.path + "/starter", force: false)
        var files = ["sample.yml": try String(contentsOfFile: RepositoryPaths.sampleConfig, encoding: .utf8),
                     "starter.yml": try #require(folder.read("starter/site.yml"))]
        files.merge(Self.goodConfigs.merging(TextValueTests.accepted) { $1 }.merging(SiteSchemaAgreementTests.accepted) { $1 }
            .merging(BaseURLTests.accepted) { $1 }) { $1 }
        for (name, yaml) in files { #expect(ConfigFixture.diagnostics(yaml).isEmpty, "\(name) does not decode") }
        #expect(folder.read("starter/\(SiteSchema.fileName)") == SiteSchema.text, "init writes the current schema")
        let rejected = try Self.rejected(files, in: folder)
        #expect(rejected.isEmpty, "refused by the schema: \(rejected)")
    }

    @Test("every broken configuration of the error table that a schema can express is refused by it")
    func brokenConfigurations() throws {
        let cases = SiteConfigErrorTests.cases + FeedValidationTests.cases + TextValueTests.cases + SiteSchemaAgreementTests.cases
            + BaseURLTests.cases + Self.networkCases + Self.imageCases
        var files: [String: String] = [:]
        for (index, broken) in cases.enumerated() {
            #expect(!ConfigFixture.diagnostics(broken.yaml).isEmpty, "\(broken.name) decodes")
            // The YAML reader check-jsonschema uses stops with a traceback on some of these (`!!int tall`).
            if !Self.beyondSchema.contains(broken.name) { files["case\(index).yml"] = broken.yaml }
        }
        let rejected = try Self.rejected(files, in: try TemporaryFolder())
        for (index, broken) in cases.enumerated() {
            if Self.beyondSchema.contains(broken.name) { continue }
            let refused = rejected.contains("case\(index).yml")
            #expect(refused,
                    "the schema accepts '\(broken.name)', which the decoder refuses (\(broken.message)): make the schema say it, or list it in beyondSchema with why it cannot")
        }
    }

    @Test("handles the build keeps for itself (latest, Assets, feed.xml) are refused by the schema in any case")
    func reservedHandles() throws {
        let rejected = try Self.rejected(SiteSchemaAgreementTests.buildRefused, in: try TemporaryFolder())
        #expect(rejected == Set(SiteSchemaAgreementTests.buildRefused.keys))
    }
}

private extension SiteSchemaValidationTests {
    /// Broken configurations of the per-network rules, which the schema states with `if`/`then`.
    static let networkCases: [BrokenConfig] = [
        ("Bluesky handle that is no domain", "  - handle: jack\n    network: bluesky", ""),
        ("Mastodon handle without a server", "  - handle: jack\n    network: mastodon", ""),
        ("X handle that is a domain", "  - handle: jack.bsky.social\n    network: x", ""),
        ("account on the network of defaults", "  - handle: jack", "defaults:\n  network: mastodon\n"),
        ("X compose option on Bluesky", "  - handle: bsky.app\n    network: bluesky\n    compose: {via: jack}", ""),
        ("X compose option on the network of defaults", "  - handle: a@b.social\n    compose: {in_reply_to: 1}", "defaults:\n  network: mastodon\n"),
        ("reserved Bluesky domain", "  - handle: alice.LOCAL\n    network: bluesky", ""),
    ].map { BrokenConfig(name: $0.0, yaml: ConfigFixture.site(accounts: $0.1, extra: $0.2), line: 0, column: 0, message: "") }

    /// Broken `image` values: a scheme other than http(s), and paths `ImageReference.pathProblem` refuses.
    static let imageCases: [BrokenConfig] = [
        ("image with an ftp scheme", "ftp://example.com/card.png"), ("image on another host", "//example.com/card.png"),
        ("image with a '..' segment", "assets/../card.png"), ("image with a space", "\"assets/my card.png\""),
        ("image with a query", "assets/card.png?v=2"), ("image that is a folder", "assets/"),
        ("image with a backslash", "\"assets\\\\card.png\""),
    ].map { BrokenConfig(name: $0.0, yaml: ConfigFixture.site(accounts: "  - handle: jack\n    image: \($0.1)"), line: 0, column: 0, message: "") }

    /// The names of the `files` that check-jsonschema refuses (or cannot read) against `feedsite schema`.
    static func rejected(_ files: [String: String], in folder: TemporaryFolder) throws -> Set<String> {
        try folder.write(files.merging([SiteSchema.fileName: SiteSchema.text]) { $1 })
        let checker = try checkJSONSchema.get()
        let result = try AtomFeedTests.run(checker, ["-o", "json", "--schemafile", folder.path + "/" + SiteSchema.fileName]
                                                    + files.keys.sorted().map { folder.path + "/" + $0 })
        let json = try? JSONSerialization.jsonObject(with: Data(result.out.utf8))
        let report = try #require(json as? [String: Any], "check-jsonschema printed no report: \(result.err)")
        let problems = (report["errors"] as? [[String: Any]] ?? []) + (report["parse_errors"] as? [[String: Any]] ?? [])
        return Set(problems.compactMap { ($0["filename"] as? String).map { String($0.dropFirst(folder.path.count + 1)) } })
    }

    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// The path of check-jsonschema, or why it is unavailable. Never a skip: without it the tests fail.
    static let checkJSONSchema: Result<String, Unavailable> = {
        let script = RepositoryPaths.root + "/scripts/check-jsonschema"
        guard let result = try? AtomFeedTests.run(script, []), result.status == 0 else {
            return .failure(Unavailable(description: "scripts/check-jsonschema failed: it needs python3 with venv "
                                        + "(Debian: python3-venv, which scripts/install-deps --test installs) and access to PyPI"))
        }
        return .success(result.out.trimmingCharacters(in: .whitespacesAndNewlines))
    }()
}
