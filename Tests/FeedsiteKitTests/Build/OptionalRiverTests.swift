import Foundation
import Testing
@testable import FeedsiteKit

/// `templates/latest.html` is optional: without it the index links to no river; and a page that stops
/// the build (so it is never written) is named with the template that made it.
@Suite struct OptionalRiverTests {
    @Test("without templates/latest.html the default templates build: page.river_url is null and the index links to no river")
    func noRiverTemplate() throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: jack\n"])
        try FileManager.default.removeItem(atPath: site.path + "/templates/latest.html")
        let result = try site.build()
        #expect(result.check.findings.isEmpty)
        let index = try #require(site.read("output/index.html"))
        #expect(!index.contains("latest/"))
        #expect(!site.exists("output/latest/index.html"))
    }

    @Test("with templates/latest.html the index links to the river through page.river_url")
    func riverTemplate() throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: jack\n"])
        _ = try site.build()
        #expect(try #require(site.read("output/index.html")).contains("<a href=\"./latest/index.html\">Latest posts of every account</a>"))
    }

    @Test("a finding in a page that was not written names the template it was rendered from")
    func findingNamesTemplate() throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: jack\n",
                                      "templates/index.html": "<!doctype html>\n<title>T</title>\n<a href=\"{{root}}gone.html\">x</a>\n"])
        #expect {
            _ = try site.build()
        } throws: { error in
            guard let failure = error as? BuildCheckFailure else { return false }
            let hints = failure.diagnostics.compactMap(\.hint)
            return hints.count == 1 && hints[0].hasPrefix("in index.html, rendered from ")
                && hints[0].hasSuffix("/templates/index.html (the page was not written)")
        }
    }
}
