import Foundation
import Testing
import FeedsiteTestSupport
@testable import FeedsiteKit

@Suite struct AccountsContextTests {
    static let siteYAML = """
    title: T
    defaults:
      params: {color: blue}
    accounts:
      - handle: jack
        description: About jack
        group: News
        compose: {text: Hi}
      - handle: ana.bsky.social
        network: bluesky
        group: Space
      - handle: bob
      - handle: eve
        group: News
    """

    @Test("each item of accounts carries the account's own fields: description, profile_url, compose_url, network, params, has_posts, group")
    func wholeAccount() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "templates/index.html": """
            {{#accounts}}{{handle}}|{{description}}|{{profile_url}}|{{{compose_url}}}|{{network}}|{{params.color}}|{{has_posts}}|{{group}}|{{url}}
            {{/accounts}}
            """])
        let result = try site.build()
        #expect(result.warnings.isEmpty)
        #expect(site.read("output/index.html") == """
            jack|About jack|https://twitter.com/jack|https://twitter.com/intent/tweet?text=Hi|x|blue|false|News|jack/index.html
            ana.bsky.social||https://bsky.app/profile/ana.bsky.social|https://bsky.app/intent/compose?text=%40ana.bsky.social%20|bluesky|blue|false|Space|ana.bsky.social/index.html
            bob||https://twitter.com/bob|https://twitter.com/intent/tweet?text=%40bob%20|x|blue|false||bob/index.html
            eve||https://twitter.com/eve|https://twitter.com/intent/tweet?text=%40eve%20|x|blue|false|News|eve/index.html

            """)
    }

    @Test("an item of accounts holds every name of account but posts, with the same values, made by one builder")
    func sameValuesAsAccount() throws {
        let config = try ConfigFixture.config(Self.siteYAML)
        let context = PageContext(config: config, accountPagesListAccounts: true)
        for index in config.accounts.indices {
            let page = context.accountPage(index)
            guard case .record(let account) = page["account"], case .list(let items) = page["accounts"],
                  case .record(let item) = items[index] else {
                Issue.record("no account record or accounts list")
                return
            }
            #expect(Set(item.schema.keys) == Set(account.schema.keys).subtracting(["posts"]).union(["url", "current"]))
            for key in account.schema.keys where key != "posts" { #expect(item.entries[key] == account.entries[key], "\(key)") }
        }
    }

    @Test("groups lists the groups in the order of their first account, then the accounts without one under a null name")
    func groups() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "templates/index.html": """
            {{#groups}}[{{#name}}{{name}}{{/name}}{{^name}}-{{/name}}:{{#accounts}} {{handle}}={{url}}{{/accounts}}]{{/groups}}
            """])
        _ = try site.build()
        #expect(site.read("output/index.html") == "[News: jack=jack/index.html eve=eve/index.html][Space: ana.bsky.social=ana.bsky.social/index.html][-: bob=bob/index.html]")
    }

    @Test("groups is empty when no account has a group; on account pages its items link relative to them")
    func groupsEmptyAndRelative() throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: jack\n",
                                      "templates/index.html": "{{^groups}}none{{/groups}}"])
        _ = try site.build()
        #expect(site.read("output/index.html") == "none")
        let grouped = try TemporarySite(["site.yml": Self.siteYAML,
                                         "templates/account.html": "{{#groups}}{{#accounts}}{{url}}{{#current}}*{{/current}} {{/accounts}}{{/groups}}"])
        _ = try grouped.build()
        #expect(grouped.read("output/jack/index.html") == "index.html* ../eve/index.html ../ana.bsky.social/index.html ../bob/index.html ")
    }

    @Test("the default index shows each group as a section with a heading, the accounts without a group last under 'Other accounts'")
    func defaultIndexSections() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML])
        _ = try site.build()
        let index = try #require(site.read("output/index.html"))
        let headings = index.split(separator: "\n").filter { $0.hasPrefix("<h2>") }
        #expect(headings == ["<h2><bdi>News</bdi></h2>", "<h2><bdi>Space</bdi></h2>", "<h2>Other accounts</h2>"])
        #expect(index.components(separatedBy: "<section class=\"account-group\">").count == 4)
        #expect(index.contains("<span class=\"description\" dir=\"auto\">About jack</span>"))
        let plain = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: jack\n"])
        _ = try plain.build()
        #expect(plain.read("output/index.html")?.contains("<section") == false)
    }

    @Test("group must not be empty and is set on each account, not in defaults")
    func groupErrors() throws {
        let empty = try #require(throws: DiagnosticError.self) {
            try ConfigFixture.config("title: T\naccounts:\n  - handle: jack\n    group: \"\"\n")
        }
        #expect(empty.diagnostics.first?.location.line == 4)
        #expect(empty.diagnostics.first?.location.column == 12)
        let inDefaults = try #require(throws: DiagnosticError.self) {
            try ConfigFixture.config("title: T\ndefaults:\n  group: News\naccounts:\n  - handle: jack\n")
        }
        #expect(inDefaults.diagnostics.first?.location.line == 3)
        #expect(inDefaults.diagnostics.first?.hint == "each account has its own group; set it on the accounts, not in defaults")
    }
}
