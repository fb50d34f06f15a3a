@testable import FeedsiteKit
import FeedsiteTestSupport
import Testing

/// Errors found while rendering pages: all of a page at once, each naming the page it rendered.
@Suite struct RenderErrorTests {
    @Test("three bad {{#date}} in one template are reported by one build, each at its tag, naming the page")
    func datesCollected() throws {
        let site = try TemporarySite(["site.yml": SiteBuilderTests.siteYAML,
                                      "templates/pages/d.html": "{{#date}}soon{{/date}}\n  {{#date}}later{{/date}}\n{{#date}}never{{/date}}{{#date}}never{{/date}}\n"])
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        #expect(error.diagnostics.map(\.message) == ["soon", "later", "never", "never"].map { found in
            "'date' expects an ISO 8601 date such as 2026-12-01 or 2026-12-01T14:03:00Z, found '\(found)' (rendering d/index.html)"
        })
        #expect(error.diagnostics.map(\.location.line) == [1, 2, 3, 3])
        #expect(error.diagnostics.map(\.location.column) == [1, 3, 1, 24])
    }

    @Test("a bad {{#date}} in account.html names the account whose page it rendered")
    func accountNamed() throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: jack\n    description: soon\n",
                                      "templates/account.html": "<p>\n  {{#date}}{{account.description}}{{/date}}</p>\n"])
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        #expect(error.diagnostics.map(\.message) == [
            "'date' expects an ISO 8601 date such as 2026-12-01 or 2026-12-01T14:03:00Z, found 'soon' (rendering the page of 'jack', jack/index.html)",
        ])
        #expect(error.diagnostics.map(\.location.line) == [2])
        #expect(error.diagnostics.map(\.location.column) == [3])
    }
}
