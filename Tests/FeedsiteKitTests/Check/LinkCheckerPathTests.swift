import Testing
@testable import FeedsiteKit

/// `check(path:)`: a folder of pages, or one file.
@Suite struct LinkCheckerPathTests {
    static let bad = "<a href=\"https://x.com/intent/post?text=a b\">x</a>"

    @Test("HTML files are found whatever the case of their extension")
    func extensionCase() throws {
        let folder = try TemporaryFolder(files: ["A.HTML": Self.bad, "b.Htm": Self.bad, "c.html": Self.bad, "d.txt": Self.bad, "e.xhtml": Self.bad])
        let report = try LinkChecker().check(path: folder.path)
        #expect(report.filesChecked == 3)
        #expect(report.findings.map(\.location.file) == ["A.HTML", "b.Htm", "c.html"])
    }

    @Test("one file is checked alone, its folder standing for the site root: its links are looked up on disk from there")
    func singleFile() throws {
        let folder = try TemporaryFolder(files: [
            "site/a/index.html": Self.bad + "<img src=\"logo.png\"><a href=\"sub/\">s</a><a href=\"/c\">c</a><img src=\"missing.png\"><a href=\"../up.html\">u</a>",
            "site/a/logo.png": "", "site/a/sub/index.html": Self.bad, "site/a/c.html": "", "site/up.html": "",
        ])
        let path = folder.path + "/site/a/index.html"
        let report = try LinkChecker().check(path: path)
        #expect(report.filesChecked == 1)
        #expect(report.links == 5)
        #expect(report.findings.map(\.location.file) == [path, path, path])
        #expect(report.findings.map(\.message).dropFirst() == [
            "'missing.png' points to missing.png, which does not exist", "'../up.html' points outside the checked folder",
        ])
    }

    @Test("an empty folder is checked: no files, no findings")
    func emptyFolder() throws {
        let folder = try TemporaryFolder(files: ["notes.txt": "x"])
        let report = try LinkChecker().check(path: folder.path)
        #expect(report.filesChecked == 0)
        #expect(report.findings.isEmpty)
    }

    @Test("a path that is neither a file nor a folder is an error")
    func missing() throws {
        let folder = try TemporaryFolder()
        #expect(throws: InputError.self) { try LinkChecker().check(path: folder.path + "/nothing") }
    }
}
