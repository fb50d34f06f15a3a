import Testing
@testable import FeedsiteKit

@Suite struct DefaultPlaceholdersTests {
    /// The `account` record of each account of `yaml`.
    static func accounts(_ yaml: String) throws -> [TemplateRecord] {
        let config = try ConfigFixture.config(yaml)
        let context = PageContext(config: config, accountPagesListAccounts: false)
        return config.accounts.indices.compactMap { index in
            if case .record(let record) = context.accountPage(index)["account"] { return record }
            return nil
        }
    }

    @Test("{handle}, {name}, {network} and {network_name} in defaults' compose text, description and params are replaced per account")
    func replaced() throws {
        let accounts = try Self.accounts("""
            title: T
            defaults:
              description: "Posts by {name} (@{handle}) on {network_name}"
              compose: {text: "Hello @{handle} "}
              params: {profile: "https://example.com/{network}/{handle}", tags: ["{name}", 3]}
            accounts:
              - handle: jack
                name: Jack D
              - handle: ana.bsky.social
                network: bluesky
            """)
        #expect(accounts[0].entries["description"] == .string("Posts by Jack D (@jack) on X"))
        #expect(accounts[0].entries["compose_url"] == .string("https://twitter.com/intent/tweet?text=Hello%20%40jack%20"))
        #expect(accounts[0].entries["params"] == .map(["profile": .string("https://example.com/x/jack"), "tags": .list([.string("Jack D"), .int(3)])]))
        #expect(accounts[1].entries["description"] == .string("Posts by ana.bsky.social (@ana.bsky.social) on Bluesky"))
        #expect(accounts[1].entries["params"] == .map(["profile": .string("https://example.com/bluesky/ana.bsky.social"),
                                                       "tags": .list([.string("ana.bsky.social"), .int(3)])]))
    }

    @Test("{{ and }} stand for literal braces, a lone } stays, and an account's own value is taken literally")
    func escapesAndOwnValues() throws {
        let accounts = try Self.accounts("""
            title: T
            defaults:
              description: "{{handle}} is {handle}; set {{x}} or }"
            accounts:
              - handle: jack
              - handle: bob
                description: "Mine: {handle} {{"
            """)
        #expect(accounts[0].entries["description"] == .string("{handle} is jack; set {x} or }"))
        #expect(accounts[1].entries["description"] == .string("Mine: {handle} {{"))
    }

    static let known = "the placeholders are {handle}, {name}, {network}, {network_name}"
    static let escape = "write {{ for a literal '{'"

    @Test("an unknown or unclosed placeholder in defaults is an error at its '{' with the known ones in the hint", arguments: [
        ("  description: \"Hi {nmae}\"\n", 3, 20, "unknown placeholder '{nmae}'", "did you mean 'name'? \(known); \(escape)"),
        ("  description: Hi {foo} and more\n", 3, 19, "unknown placeholder '{foo}'", "\(known); \(escape)"),
        ("  compose:\n    text: \"@{handle} {\"\n", 4, 22, "'{' opens a placeholder that is never closed with '}'", "\(escape); \(known)"),
        ("  params:\n    links:\n      - \"x/{handel}\"\n", 5, 12, "unknown placeholder '{handel}'", "did you mean 'handle'? \(known); \(escape)"),
    ])
    func errors(defaults: String, line: Int, column: Int, message: String, hint: String) throws {
        let error = try #require(throws: DiagnosticError.self) {
            try ConfigFixture.config("title: T\ndefaults:\n" + defaults + "accounts:\n  - handle: jack\n")
        }
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.message == message)
        #expect(diagnostic.location.line == line)
        #expect(diagnostic.location.column == column)
        #expect(diagnostic.hint == hint)
    }

    @Test("100,000 braces never closed are one error at the first, found in one pass (looking for a '}' after each one hung)")
    func manyUnclosedBraces() throws {
        let text = String(repeating: "{ ", count: 100_000)
        let problems = DefaultPlaceholders.problems(in: "ab" + text)
        #expect(problems.map(\.offset) == [2])
        #expect(problems.map(\.message) == ["'{' opens a placeholder that is never closed with '}'"])
    }

    @Test("every problem in one default text is reported, each at its '{', sorted by position")
    func allProblemsInOneText() throws {
        let error = try #require(throws: DiagnosticError.self) {
            try ConfigFixture.config("title: T\ndefaults:\n  compose:\n    text: \"@{handel} and {name\"\n  description: \"{a}{b}\"\naccounts:\n  - handle: jack\n")
        }
        #expect(error.diagnostics.map(\.message) == ["unknown placeholder '{handel}'", "'{' opens a placeholder that is never closed with '}'",
                                                    "unknown placeholder '{a}'", "unknown placeholder '{b}'"])
        #expect(error.diagnostics.map { [$0.location.line, $0.location.column] } == [[4, 13], [4, 26], [5, 17], [5, 20]])
    }

    @Test("braces in an account's own text are no error")
    func ownValueNotChecked() throws {
        _ = try ConfigFixture.config("title: T\naccounts:\n  - handle: jack\n    description: \"{nope\"\n")
    }

    @Test("placeholders in defaults' compose.url and image are replaced per account, percent-encoded as a URL needs")
    func replacedInURLs() throws {
        let config = try ConfigFixture.config("""
            title: T
            defaults:
              image: "https://img.example/{handle}.png"
              compose: {url: "https://example.com/{network}/{handle}?by={name}"}
            accounts:
              - handle: jack
                name: Jack D
              - handle: alice@mastodon.social
                network: mastodon
            """)
        #expect(config.accounts[0].options["image"] == .string("https://img.example/jack.png"))
        #expect(config.accounts[0].compose.url == "https://example.com/x/jack?by=Jack%20D")
        #expect(config.accounts[1].options["image"] == .string("https://img.example/alice@mastodon.social.png"))
        #expect(config.accounts[1].compose.url == "https://example.com/mastodon/alice@mastodon.social?by=alice@mastodon.social")
    }

    @Test("a placeholder's value in a URL is encoded only as far as the part of the URL it stands in needs (RFC 3986)", arguments: [
        ("https://ex.example/?h={handle}", "alice@fosstodon.org", "https://ex.example/?h=alice@fosstodon.org"),
        ("https://ex.example/u/{handle}/feed", "alice@fosstodon.org", "https://ex.example/u/alice@fosstodon.org/feed"),
        ("https://ex.example/#{handle}", "alice@fosstodon.org", "https://ex.example/#alice@fosstodon.org"),
        ("https://ex.example/?by={handle}", "Jack D", "https://ex.example/?by=Jack%20D"),
        ("https://ex.example/{handle}", "Jack D", "https://ex.example/Jack%20D"),
        ("https://ex.example/?a={handle}&b=1", "x&y=z", "https://ex.example/?a=x%26y%3Dz&b=1"),
        ("https://ex.example/?a={handle}", "a#b+c", "https://ex.example/?a=a%23b%2Bc"),
        ("https://ex.example/?a={handle}", "a/b?c:d", "https://ex.example/?a=a/b?c:d"),
        ("https://ex.example/{handle}", "a/b?c#d", "https://ex.example/a%2Fb%3Fc%23d"),
        ("https://ex.example/{handle}", "100% a:b", "https://ex.example/100%25%20a:b"),
        ("https://{handle}.ex.example/", "a@b:c", "https://a%40b%3Ac.ex.example/"),
        ("{handle}.png", "a@b:c", "a@b%3Ac.png"),
        ("img/{handle}.png", "a@b:c", "img/a@b:c.png"),
        ("https://ex.example/{handle}?q={handle}", "é", "https://ex.example/%C3%A9?q=%C3%A9"),
    ])
    func encodedForItsComponent(url: String, handle: String, expected: String) {
        let values = DefaultPlaceholders.Values(handle: handle, name: handle, network: .mastodon)
        #expect(DefaultPlaceholders.replacing(in: url, with: values, encoded: true) == expected)
    }

    static let takers = "placeholders are replaced in description, image, params, compose.text and compose.url"

    @Test("a placeholder in an option of defaults that takes none is one error at its '{', naming the options that take them", arguments: [
        ("  compose:\n    hashtags: [\"{network}\"]\n", 4, 17, "'compose.hashtags' takes no placeholders, found '{network}'", "compose.hashtags"),
        ("  compose:\n    via: \"{handle}\"\n", 4, 11, "'compose.via' takes no placeholders, found '{handle}'", "compose.via"),
        ("  lang: \"{handle}\"\n", 3, 10, "'lang' takes no placeholders, found '{handle}'", "lang"),
    ])
    func refusedPlaceholders(defaults: String, line: Int, column: Int, message: String, name: String) throws {
        let error = try #require(throws: DiagnosticError.self) {
            try ConfigFixture.config("title: T\ndefaults:\n" + defaults + "accounts:\n  - handle: jack\n")
        }
        #expect(error.diagnostics.count == 1)
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.message == message)
        #expect(diagnostic.location.line == line)
        #expect(diagnostic.location.column == column)
        #expect(diagnostic.hint == "\(Self.takers); set '\(name)' on each account instead")
    }

    @Test("an unknown placeholder in defaults' compose.url or image is an error at its '{'")
    func unknownInURLs() throws {
        let error = try #require(throws: DiagnosticError.self) {
            try ConfigFixture.config("title: T\ndefaults:\n  image: \"https://i.example/{hndle}.png\"\naccounts:\n  - handle: jack\n")
        }
        #expect(error.diagnostics.map(\.message) == ["unknown placeholder '{hndle}'"])
        #expect(error.diagnostics.map(\.location.column) == [29])
    }

    @Test("the README's reference and the JSON Schema say which options take placeholders, from the option table")
    func declared() throws {
        for option in OptionTable.account.options + OptionTable.compose.options {
            let property = SiteSchema.property(option).text
            // `feed` has a `{handle}` of its own; `compose` holds the descriptions of its own options.
            #expect(property.contains("{handle}") == option.placeholders || ["feed", "compose"].contains(option.key), "\(option.key)")
        }
        #expect(OptionReference.compose.contains("| `url` | absolute http/https URL | none | A link attached to the post. In `defaults`, `{handle}`"))
        #expect(!OptionReference.compose.contains("| `via` | handle (1-15 of `A-Z a-z 0-9 _`, no `@`) | none | Adds \"via @handle\". In"))
    }
}
