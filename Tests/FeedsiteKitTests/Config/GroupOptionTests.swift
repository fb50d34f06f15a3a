import FeedsiteTestSupport
import Testing
@testable import FeedsiteKit

/// `group:` names a section of the index: spellings that differ only in white space are one group,
/// and spellings that differ only in case are an error, since they would make two sections of one group.
@Suite struct GroupOptionTests {
    /// The site's accounts' groups, as decoded (nil where an account has none).
    static func groups(_ accountLines: String) throws -> [String?] {
        try ConfigFixture.config(ConfigFixture.site(accounts: accountLines)).accounts.map { $0.options.values[groupSlot].stringValue }
    }

    static let groupSlot = OptionTable.account.slot("group")

    @Test("a group's white space is folded when it is read: none before or after, each run inside one space", arguments: [
        ("News", "News"),
        ("\" News \"", "News"),
        ("\"News  Feeds\"", "News Feeds"),
        ("\"News\\tFeeds\"", "News Feeds"),
        ("\"News \\n\\n Feeds\"", "News Feeds"),
        ("\"News\\u00A0Feeds\"", "News Feeds"),
        ("\"\\u3000Nachrichten und  Feeds\\u2003\"", "Nachrichten und Feeds"),
        ("|\n      News\n      Feeds", "News Feeds"),
        ("\"Café\"", "Café"),
    ])
    func folded(_ written: String, _ read: String) throws {
        #expect(try Self.groups("  - handle: a\n    group: \(written)") == [read])
    }

    @Test("groups written with other spaces are one group, under the first one's folded spelling, in the template context")
    func oneGroup() throws {
        let site = try TemporarySite(["site.yml": ConfigFixture.site(accounts: """
              - handle: a
                group: " News  Feeds "
              - handle: b
                group: News Feeds
              - handle: c
                group: "News\\tFeeds"
            """), "templates/index.html": "{{#groups}}[{{name}}:{{#accounts}} {{handle}}{{/accounts}}]{{/groups}}"])
        _ = try site.build()
        #expect(site.read("output/index.html") == "[News Feeds: a b c]")
    }

    @Test("a group spelled with other capitals than an earlier account's is an error at its value, naming the first spelling and where it is",
          arguments: [
              BrokenConfig(name: "lower case after capitalised",
                           yaml: ConfigFixture.site(accounts: "  - handle: a\n    group: News\n  - handle: b\n    group: news"),
                           line: 6, column: 12,
                           message: "group 'news' differs only in case from the group 'News' at line 4, column 12: they would be two sections",
                           hint: "write it 'News' as there (or change both): one spelling makes one group"),
              BrokenConfig(name: "after spaces are folded, and quoted",
                           yaml: ConfigFixture.site(accounts: "  - handle: a\n    group: \" News  Feeds\"\n  - handle: b\n    group: NEWS FEEDS"),
                           line: 6, column: 12,
                           message: "group 'NEWS FEEDS' differs only in case from the group 'News Feeds' at line 4, column 12: they would be two sections",
                           hint: "write it 'News Feeds' as there (or change both): one spelling makes one group"),
              BrokenConfig(name: "the third account against the first, the second being another group",
                           yaml: ConfigFixture.site(accounts: "  - handle: a\n    group: Space\n  - handle: b\n    group: News\n"
                                                        + "  - {handle: c, group: sPACE}"),
                           line: 7, column: 24,
                           message: "group 'sPACE' differs only in case from the group 'Space' at line 4, column 12: they would be two sections",
                           hint: "write it 'Space' as there (or change both): one spelling makes one group"),
          ])
    func caseOnly(_ broken: BrokenConfig) throws {
        let found = ConfigFixture.diagnostics(broken.yaml)
        #expect(found.count == 1)
        let diagnostic = try #require(found.first)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message == broken.message)
        #expect(diagnostic.hint == broken.hint)
        #expect(diagnostic.location == SourceLocation(file: "site.yml", line: broken.line, column: broken.column))
    }

    @Test("every account spelling a group like its first account is reported; accounts spelling it alike are not")
    func everyOtherSpelling() throws {
        let found = ConfigFixture.diagnostics(ConfigFixture.site(accounts: """
              - handle: a
                group: News
              - handle: b
                group: News
              - handle: c
                group: news
              - handle: d
                group: NEWS
            """))
        #expect(found.map(\.location.line) == [8, 10])
        #expect(found.allSatisfy { $0.message.hasSuffix("from the group 'News' at line 4, column 12: they would be two sections") })
    }
}
