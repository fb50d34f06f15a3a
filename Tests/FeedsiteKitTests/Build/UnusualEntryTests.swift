#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import FeedsiteTestSupport
@testable import FeedsiteKit

/// A broken link, a link loop or a FIFO among a site's input files is the same error in static/, data/
/// and templates/pages/, at `path:1:1`, and a build never waits on the FIFO.
@Suite struct UnusualEntryTests {
    /// The folder, the entry's name in it, what it is, and the end of the message.
    static let cases: [(folder: String, name: String, kind: String, expected: String)] = [
        ("templates/pages", "broken.html", "broken", "is a broken link to nothere.html, expected a page template (NAME.html)"),
        ("templates/pages", "loop.html", "loop", "is a link that loops (to loop.html), expected a page template (NAME.html)"),
        ("templates/pages", "fifo.html", "fifo", "is a FIFO (named pipe), expected a page template (NAME.html)"),
        ("static", "broken.txt", "broken", "is a broken link to nothere.html, expected a file to publish"),
        ("static", "loop.txt", "loop", "is a link that loops (to loop.txt), expected a file to publish"),
        ("static", "pipe", "fifo", "is a FIFO (named pipe), expected a file to publish"),
        ("data", "broken.yml", "broken", "is a broken link to nothere.html, expected a .yml or .json file"),
        ("data", "loop.yml", "loop", "is a link that loops (to loop.yml), expected a .yml or .json file"),
        ("data", "pipe.yml", "fifo", "is a FIFO (named pipe), expected a .yml or .json file"),
    ]

    @Test("a broken link, a link loop or a FIFO is an error at path:1:1 that says what it is, and nothing is written", arguments: cases)
    func unusual(folder: String, name: String, kind: String, expected: String) throws {
        let site = try TemporarySite(["site.yml": ExtraPagesTests.siteYAML, "\(folder)/keep.txt~": "x"])
        let path = site.path + "/" + folder + "/" + name
        switch kind {
        case "broken": try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "nothere.html")
        case "loop": try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: name)
        default: #expect(mkfifo(path, 0o644) == 0)
        }
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.location.file.hasSuffix("\(folder)/\(name)"), "\(diagnostic.location.file)")
        #expect((diagnostic.location.line, diagnostic.location.column) == (1, 1))
        #expect(diagnostic.message == expected)
        #expect(diagnostic.hint?.hasPrefix("remove it from ") == true)
        #expect(diagnostic.hint?.hasSuffix("\(folder)/, or replace it with the file itself") == true)
        #expect(site.read("output/index.html") == nil)
    }
}
