import FeedsiteTestSupport
import Foundation
import Testing
@testable import FeedsiteKit

/// A name that is not valid UTF-8 in data/ or templates/pages/ is shown as static/ shows it: its bytes
/// as `\xHH`, never repaired into a `�` that names no file.
@Suite struct NotUTF8NameTests {
    @Test("a name in data/ or templates/pages/ that is not valid UTF-8 is an error at the name, shown escaped", arguments: [
        ("data", Array("x".utf8) + [0xFF] + Array(".yml".utf8), "data/x\\xFF.yml", "rename the file to letters, digits, '_' and '-', starting with a letter (such as links.yml)"),
        ("templates/pages", Array("bad".utf8) + [0xFF] + Array(".html".utf8), "templates/pages/bad\\xFF.html",
         "rename it to a page name of lower-case letters, digits and '-' (NAME.html becomes NAME/index.html)"),
    ])
    func escaped(_ folder: String, _ name: [UInt8], _ shown: String, _ hint: String) throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: jack\n", "data/a.yml": "x: 1\n", "templates/pages/about.html": "<p>a</p>"])
        try StaticFilesTests.create(name, in: site.path + "/" + folder)
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        #expect(error.diagnostics.count == 1)
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.message == "the name is not valid UTF-8, expected a UTF-8 name")
        #expect(diagnostic.location.file.hasSuffix(shown))
        #expect(diagnostic.location.line == 1 && diagnostic.location.column == 1)
        #expect(diagnostic.hint == hint)
    }
}
