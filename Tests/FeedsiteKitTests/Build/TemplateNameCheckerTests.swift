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

/// `data.NAME` and `data.NAME.KEY` are checked against the data files that exist.
extension TemplateNameCheckerTests {
    static let dataFiles = ["data/links.yml": "- title: a\n", "data/settings.json": #"{"motto": "m", "tags": ["a"]}"#]

    @Test("data.NAME naming no data file, or a first-level key a data file that is a map lacks, is warned about at its tag", arguments: [
        ("{{data.lnks}}", true, 1, "'data.lnks' names no data file (there is no data/lnks.yml or data/lnks.json) and always renders empty",
         "did you mean 'data.links'?"),
        ("<p>{{#data.nope}}x{{/data.nope}}", true, 4,
         "'data.nope' names no data file (there is no data/nope.yml or data/nope.json) and always renders empty",
         "the data files are data.links, data.settings"),
        ("é{{^data.links}}x{{/data.links}}", false, 2,
         "'data.links' names no data file (there is no data/links.yml or data/links.json) and always renders empty",
         "create data/links.yml or data/links.json beside site.yml"),
        ("{{data.settings.mottto}}", true, 1, "'data.settings.mottto' is not a key of data.settings and always renders empty",
         "did you mean 'data.settings.motto'?"),
        ("\n  {{{data.settings.zzz.deep}}}", true, 3, "'data.settings.zzz.deep' is not a key of data.settings and always renders empty",
         "its keys are 'motto', 'tags'"),
    ] as [(String, Bool, Int, String, String)])
    func unknownData(_ template: String, _ withData: Bool, _ column: Int, _ message: String, _ hint: String) throws {
        let site = try TemporarySite(["site.yml": SiteBuilderTests.siteYAML, "templates/pages/d.html": template]
            .merging(withData ? Self.dataFiles : [:]) { $1 })
        let warnings = try site.build().warnings.filter { $0.location.file.hasSuffix("templates/pages/d.html") }
        #expect(warnings.map(\.severity) == [.warning])
        #expect(warnings.map(\.message) == [message])
        #expect(warnings.map(\.hint) == [hint])
        #expect(warnings.map(\.location.line) == [template.hasPrefix("\n") ? 2 : 1])
        #expect(warnings.map(\.location.column) == [column])
    }

    @Test("known data files and keys, what lies below a key, and names inside a data section raise no warning")
    func knownData() throws {
        let site = try TemporarySite(["site.yml": SiteBuilderTests.siteYAML, "templates/pages/d.html":
            "{{data.links}}{{#data.links}}{{title}}{{anything}}{{/data.links}}{{data.settings.motto}}{{data.settings.tags.x}}"
            + "{{#data.settings}}{{motto}}{{site.title}}{{/data.settings}}{{#data}}{{links}}{{/data}}"].merging(Self.dataFiles) { $1 })
        #expect(try site.build().warnings.isEmpty)
    }

    @Test("a bad data file and a missing partial are reported together, without warnings about data names")
    func dataAndTemplateErrors() throws {
        let site = try TemporarySite(["site.yml": SiteBuilderTests.siteYAML, "data/links.yml": "a: [\n",
                                      "templates/pages/d.html": "{{data.links.a}}{{> nope}}"])
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        #expect(error.diagnostics.map(\.severity) == [.error, .error])
        #expect(error.diagnostics.map { $0.location.file.hasSuffix("data/links.yml") } == [true, false])
        #expect(error.diagnostics.last?.message == "partial 'nope' does not exist")
        #expect(error.diagnostics.last?.location.column == 17)
    }
}
