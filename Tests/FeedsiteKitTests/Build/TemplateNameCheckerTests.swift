@testable import FeedsiteKit
import FeedsiteTestSupport
import Testing

/// Unknown names in templates: one warning per name per template, however often it is used.
@Suite struct TemplateNameCheckerTests {
    @Test("20,000 uses of one unknown name in a page give one warning, at the first use, that counts the other uses")
    func manyUses() throws {
        let site = try TemporarySite(["site.yml": SiteBuilderTests.siteYAML,
                                      "templates/pages/x.html": "<p>\n" + String(repeating: "{{x}}", count: 20_000) + "{{sitee}}{{sitee}}</p>"])
        let result = try site.build()
        let warnings = result.warnings.filter { $0.location.file.hasSuffix("templates/pages/x.html") }
        #expect(warnings.map(\.message) == [
            "'x' is not part of the page context and always renders empty (and 19,999 more uses)",
            "'sitee' is not part of the page context and always renders empty (and 1 more use)",
        ])
        #expect(warnings.map(\.location.line) == [2, 2])
        #expect(warnings.map(\.location.column) == [1, 100_001])
        #expect(warnings.last?.hint == "did you mean 'site'?")
    }

    @Test("the same unknown name in two templates is warned about in each")
    func twoTemplates() throws {
        let site = try TemporarySite(["site.yml": SiteBuilderTests.siteYAML,
                                      "templates/pages/a.html": "{{nope}}{{nope}}", "templates/pages/b.html": "{{nope}}"])
        let warnings = try site.build().warnings.filter { $0.message.hasPrefix("'nope'") }
        #expect(warnings.map(\.location.file).map { $0.hasSuffix("a.html") || $0.hasSuffix("b.html") } == [true, true])
        #expect(Set(warnings.map(\.message)) == ["'nope' is not part of the page context and always renders empty (and 1 more use)",
                                                 "'nope' is not part of the page context and always renders empty"])
    }
}
