@testable import FeedsiteKit
import FeedsiteTestSupport
import Testing

/// Inline scripts, which every page's Content Security Policy (`script-src 'self'`) blocks.
extension TemplateMarkupCheckerTests {
    @Test("an inline executable <script> is warned about at its start tag: the page's policy never runs it", arguments: [
        ("<script>const title = {{#json}}{{site.title}}{{/json}};</script>", 1, 1),
        ("<p>\n <SCRIPT type=\"module\">import x from './x.js'</SCRIPT>", 2, 2),
        ("<script type=\" text/javascript \" defer>\nrun()\n</script>", 1, 1),
        ("<!-- <script>a</script> --><script>b</script>", 1, 28),
    ])
    func inlineScript(_ template: String, _ line: Int, _ column: Int) throws {
        let site = try TemporarySite(["site.yml": SiteBuilderTests.siteYAML, "templates/pages/s.html": template])
        let warnings = try site.build().warnings.filter { $0.location.file.hasSuffix("templates/pages/s.html") }
        #expect(warnings.map(\.message) == ["this inline <script> never runs: every page's Content Security Policy allows scripts "
                                            + "from the site's own files only (script-src 'self')"])
        #expect(warnings.map(\.location.line) == [line])
        #expect(warnings.map(\.location.column) == [column])
        #expect(warnings.first?.hint == "move the code into a file in templates/assets/ and load it with <script src=\"…/assets/NAME.js\"></script>; "
                + "to hand it data, write <script type=\"application/json\" id=\"NAME\">{{#json}}…{{/json}}</script> and read it from there")
    }

    @Test("a script from a file, a JSON data block, an empty script or one of unknown type gets no warning", arguments: [
        "<script src=\"{{root}}assets/feedsite.js\" defer></script>",
        "<script type=\"application/json\" id=\"title\">{{#json}}{{site.title}}{{/json}}</script>",
        "<script>  </script>",
        "<script type=\"{{site.title}}\">x()</script>",
        "<script type=\"text/plain\">x()</script>",
    ])
    func noWarning(_ template: String) throws {
        let site = try TemporarySite(["site.yml": SiteBuilderTests.siteYAML, "templates/pages/s.html": template])
        #expect(try site.build().warnings.filter { $0.location.file.hasSuffix("templates/pages/s.html") }.isEmpty)
    }
}
