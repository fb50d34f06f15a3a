@testable import FeedsiteKit
import FeedsiteTestSupport
import Testing

/// Unescaped output in the wrong place of the HTML: `{{#json}}` and `{{{name}}}` inside attribute values.
@Suite struct TemplateMarkupCheckerTests {
    @Test("{{#json}} inside an attribute value is an error at its tag, whatever the quotes", arguments: [
        ("<div data-x=\"{{#json}}{{data.a.t}}{{/json}}\">", 1, 14),
        ("<p>\n  <div title='a {{#json}}{{site.title}}{{/json}}'>", 2, 17),
        ("<div data-x={{#json}}{{latest.text}}{{/json}}>", 1, 13),
        ("<a {{#site}}href=\"{{#json}}{{title}}{{/json}}\"{{/site}}>x</a>", 1, 19),
    ])
    func jsonInAttribute(_ template: String, _ line: Int, _ column: Int) throws {
        let site = try TemporarySite(["site.yml": SiteBuilderTests.siteYAML, "templates/pages/j.html": template])
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        let found = error.diagnostics.filter { $0.location.file.hasSuffix("templates/pages/j.html") && $0.severity == .error }
        #expect(found.map(\.message) == ["{{#json}} inside an attribute value: its JSON string keeps '\"' as \\\", which ends the value, "
                                         + "so the data can add attributes"])
        #expect(found.map(\.location.line) == [line])
        #expect(found.map(\.location.column) == [column])
        #expect(found.first?.hint == "write {{name}} in attributes (it escapes quotes for HTML); {{#json}} is for <script type=\"application/json\"> blocks")
    }

    @Test("{{#json}} in a script block, in text, in a comment, or inside another helper in an attribute is no error", arguments: [
        "<script type=\"application/json\" id=\"t\">{{#json}}{{site.title}}{{/json}}</script>",
        "<p>{{#json}}{{site.title}}{{/json}}</p>",
        "<!-- <div title=\"{{#json}}{{site.title}}{{/json}}\"> -->",
        "<a href=\"?q={{#url_encode}}{{#json}}{{site.title}}{{/json}}{{/url_encode}}\">x</a>",
        "<script type=\"application/json\">{\"a\": \"<b title='\"}{{#json}}{{site.title}}{{/json}}</script>",
        "<div title=\"{{site.title}}\">{{#json}}{{site.title}}{{/json}}</div>",
    ])
    func jsonElsewhere(_ template: String) throws {
        let site = try TemporarySite(["site.yml": SiteBuilderTests.siteYAML, "templates/pages/j.html": template])
        let result = try site.build()
        #expect(result.warnings.filter { $0.location.file.hasSuffix("templates/pages/j.html") }.isEmpty)
    }

    @Test("an unescaped variable inside an attribute value is warned about at its tag", arguments: [
        ("<b title=\"{{{site.title}}}\">x</b>", "site.title", 11),
        ("<img alt='{{& site.title}}'>", "site.title", 11),
    ])
    func unescapedInAttribute(_ template: String, _ name: String, _ column: Int) throws {
        let site = try TemporarySite(["site.yml": SiteBuilderTests.siteYAML, "templates/pages/u.html": template])
        let warnings = try site.build().warnings.filter { $0.location.file.hasSuffix("templates/pages/u.html") }
        #expect(warnings.map(\.message) == ["'\(name)' is written unescaped into an attribute value: a quote in it ends the value, "
                                            + "and what follows becomes attributes"])
        #expect(warnings.map(\.location.line) == [1])
        #expect(warnings.map(\.location.column) == [column])
        #expect(warnings.first?.hint == "write {{\(name)}} in attributes, which escapes quotes and '<', '&'")
    }

    @Test("the data of the report cannot add an attribute: the build stops before writing anything")
    func reportedCase() throws {
        let site = try TemporarySite(["site.yml": SiteBuilderTests.siteYAML,
                                      "data/a.yml": "t: \"x\\\" onmouseover=\\\"alert(1)\\\" y=\\\"<b>\"\n",
                                      "templates/pages/p.html": "<div data-x=\"{{#json}}{{data.a.t}}{{/json}}\"></div>\n"])
        #expect(throws: DiagnosticError.self) { try site.build() }
        #expect(!site.exists("output"))
    }
}
