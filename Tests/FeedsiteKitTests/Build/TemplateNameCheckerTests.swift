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

    @Test("a section helper used as a value or an inverted section is warned about at its tag", arguments: [
        ("{{date}}", "date", 1),
        ("<p>{{^date}}x{{/date}}", "date", 4),
        ("{{{url_encode}}}", "url_encode", 1),
        ("ab{{json}}", "json", 3),
        ("{{^truncate_80}}{{/truncate_80}}", "truncate_80", 1),
    ])
    func helperOutsideSection(_ template: String, _ helper: String, _ column: Int) throws {
        let site = try TemporarySite(["site.yml": SiteBuilderTests.siteYAML, "templates/pages/h.html": template])
        let warnings = try site.build().warnings.filter { $0.location.file.hasSuffix("templates/pages/h.html") }
        #expect(warnings.map(\.message) == ["'\(helper)' is a section helper: write {{#\(helper)}}…{{/\(helper)}}"])
        #expect(warnings.map(\.location.column) == [column])
        #expect(warnings.first?.hint?.contains("did you mean") == false)
    }

    @Test("a partial name that leads out of templates/partials/ is an error of its own, never a hint to create a file there", arguments: [
        ("{{> ../../../tmp/x}}", "../../../tmp/x", 1),
        ("ab{{>/etc/x}}", "/etc/x", 3),
        ("{{> a/../../b}}", "a/../../b", 1),
    ])
    func partialOutside(_ template: String, _ name: String, _ column: Int) throws {
        let site = try TemporarySite(["site.yml": SiteBuilderTests.siteYAML, "templates/pages/p.html": template])
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        let found = error.diagnostics.filter { $0.location.file.hasSuffix("templates/pages/p.html") }
        #expect(found.map(\.message) == ["partial name '\(name)' points outside templates/partials/"])
        #expect(found.map(\.location.line) == [1])
        #expect(found.map(\.location.column) == [column])
        #expect(found.first?.hint == "name a partial by its path below templates/partials/, without '..', '\\' or a leading '/': "
                + "{{> post-content}} includes templates/partials/post-content.html")
    }

    @Test("a helper used as a section, or a key of that name in the data, gets no helper warning")
    func helperInSection() throws {
        let site = try TemporarySite(["site.yml": SiteBuilderTests.siteYAML,
                                      "templates/pages/h.html": "{{#date}}2026-12-01{{/date}}{{#site}}{{^title}}x{{/title}}{{/site}}"])
        let warnings = try site.build().warnings.filter { $0.location.file.hasSuffix("templates/pages/h.html") }
        #expect(warnings.isEmpty)
    }
}
