#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import FeedsiteTestSupport
@testable import FeedsiteKit

@Suite struct StaticFilesTests {
    static let siteYAML = "title: T\naccounts:\n  - handle: jack\n"

    @Test("static/ is copied to the output root as it is, dotfiles and subfolders included, and recorded in the manifest")
    func copied() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "static/robots.txt": "User-agent: *\n", "static/.nojekyll": "",
                                      "static/CNAME": "example.com\n", "static/.well-known/security.txt": "Contact: x\n",
                                      "static/img/logo.svg": "<svg/>"])
        _ = try site.build()
        #expect(site.read("output/robots.txt") == "User-agent: *\n")
        #expect(site.read("output/.nojekyll") == "")
        #expect(site.read("output/CNAME") == "example.com\n")
        #expect(site.read("output/.well-known/security.txt") == "Contact: x\n")
        #expect(site.read("output/img/logo.svg") == "<svg/>")
        let manifest = try #require(site.read("output/.feedsite-manifest"))
        #expect(manifest.contains("robots.txt"))
        #expect(manifest.contains(".well-known/security.txt"))
    }

    @Test("an unchanged static file is not written again, a changed one is, and a removed one is removed from the output")
    func incremental() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "static/robots.txt": "a", "static/keep.txt": "k"])
        _ = try site.build()
        try site.write("static/robots.txt", "b")
        let second = try site.build()
        #expect(second.written == 1)
        #expect(site.read("output/robots.txt") == "b")
        try FileManager.default.removeItem(atPath: site.path + "/static/keep.txt")
        let third = try site.build()
        #expect(third.removed == 1)
        #expect(site.read("output/keep.txt") == nil)
    }

    @Test("a file in the output that feedsite did not write is not replaced by a static file without --force")
    func foreignFileKept() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "output/robots.txt": "mine"])
        _ = try site.build()
        try site.write("static/robots.txt", "static")
        #expect(throws: InputError.self) { try site.build() }
        #expect(site.read("output/robots.txt") == "mine")
    }

    @Test("a link from a template into static/ resolves in the build's link check")
    func linksResolve() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "static/files/guide.pdf": "%PDF",
                                      "templates/index.html": #"<a href="files/guide.pdf">guide</a>"#])
        _ = try site.build()
        #expect(site.read("output/index.html")?.contains("guide.pdf") == true)
    }

    @Test("a static HTML page is checked like a rendered one: a broken link in it stops the build")
    func staticHTMLChecked() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "static/old.html": #"<a href="gone.html">x</a>"#])
        let failure = try #require(throws: BuildCheckFailure.self) { try site.build() }
        let diagnostic = try #require(failure.diagnostics.first)
        #expect(diagnostic.location.file == "old.html")
        #expect(diagnostic.location.line == 1)
        #expect(diagnostic.location.column == 10)
        #expect(diagnostic.hint?.contains("static/old.html") == true)
    }

    @Test("a static file that collides with a generated one is an error naming both", arguments: [
        ("index.html", "static/index.html would be written to index.html, which the index page also writes"),
        ("_headers", "static/_headers would be written to _headers, which the headers file feedsite writes also writes"),
        ("assets/site.css", "static/assets/site.css would be written to assets/site.css, which templates/assets/site.css also writes"),
        ("index.html/x", "static/index.html/x needs a folder index.html, where the index page writes a file"),
    ])
    func collision(path: String, message: String) throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "static/" + path: "x"])
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.message == message)
        #expect((diagnostic.location.file, diagnostic.location.line, diagnostic.location.column) == ("static/" + path, 1, 1))
        #expect(diagnostic.hint?.contains("rename or remove the static file") == true)
        #expect(site.read("output/index.html") == nil)
    }

    @Test("a static file or folder that differs from a generated path or another static file or folder only in case is an error naming both", arguments: [
        (["Latest/feed.xml"], "static/Latest/feed.xml needs a folder Latest, where river page 1 (templates/latest.html) writes in latest/ (names that differ only in case are one folder on macOS and Windows)"),
        (["Img/a.txt", "img/b.txt"], "static/img/b.txt is in the folder static/img, and other static files in static/Img: names that differ only in case are one folder on macOS and Windows"),
        (["Index.html"], "static/Index.html would be written to Index.html, which the index page also writes as index.html (names that differ only in case are one file on macOS and Windows)"),
        (["Feed.XML"], "static/Feed.XML would be written to Feed.XML, which the river's Atom feed also writes as feed.xml"),
        (["Index.HTML/x"], "static/Index.HTML/x needs a folder Index.HTML, where the index page writes a file as index.html"),
        (["Readme.txt", "README.txt"], "differ only in case: they are one file on macOS and Windows"),
    ])
    func caseCollision(paths: [String], message: String) throws {
        var files = ["site.yml": "base_url: https://example.com\n" + Self.siteYAML]
        for path in paths { files["static/" + path] = "x" }
        let site = try TemporarySite(files)
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        #expect(error.diagnostics.contains { $0.message.contains(message) }, "\(error.diagnostics.map(\.message))")
        #expect(error.diagnostics.allSatisfy { $0.location.file.hasPrefix("static/") && ($0.location.line, $0.location.column) == (1, 1) })
        #expect(site.read("output/index.html") == nil)
    }

    @Test("a static file that collides with an account's page or folder, in any case, is an error at the handle naming the static file", arguments: [
        ("robots.txt", "robots.txt", "'robots.txt' cannot be an account's folder: static/robots.txt would be written to robots.txt, where the page of 'robots.txt' needs a folder"),
        ("img", "Img/index.html", "'img' cannot be an account's folder: static/Img/index.html would be written to Img/index.html, which the page of 'img' also writes as img/index.html"),
        ("nasa", "NASA/x.txt", "'nasa' cannot be an account's folder: static/NASA/x.txt needs a folder NASA, where the page of 'nasa' writes in nasa/ (names that differ only in case are one folder on macOS and Windows)"),
        ("jack.bsky.social", "jack.bsky.social/index.html", "'jack.bsky.social' cannot be an account's folder: static/jack.bsky.social/index.html would be written to jack.bsky.social/index.html, which the page of 'jack.bsky.social' also writes"),
    ])
    func handleCollision(handle: String, path: String, message: String) throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: alice.bsky.social\n    network: bluesky\n  - handle: \(handle)\n" + (handle.contains(".") ? "    network: bluesky\n" : ""),
                                      "static/" + path: "x"])
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.message.hasPrefix(message))
        #expect(diagnostic.location.line == 5)
        #expect(diagnostic.location.column == 13)
        #expect(diagnostic.hint?.contains("rename or remove static/\(path), or give this account another handle") == true)
        #expect(site.read("output/index.html") == nil)
    }

    @Test("with a base_url, static/feed.xml and static/sitemap.xml collide with the river's feed and the sitemap")
    func collidesWithFeeds() throws {
        let site = try TemporarySite(["site.yml": "base_url: https://example.com\n" + Self.siteYAML, "static/feed.xml": "x", "static/sitemap.xml": "y"])
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        #expect(error.diagnostics.map(\.message) == ["static/feed.xml would be written to feed.xml, which the river's Atom feed also writes",
                                                     "static/sitemap.xml would be written to sitemap.xml, which the sitemap also writes"])
        #expect(error.diagnostics.map(\.location.file) == ["static/feed.xml", "static/sitemap.xml"])
    }

    @Test("a static file whose name holds a control character or a backslash, or takes feedsite's own names, is refused at NAME:1:1", arguments: [
        ("a\tb.txt", "static/a\\u{9}b.txt", "its name contains the control character U+0009"),
        ("a\\b.txt", "static/a\\b.txt", "its name contains '\\', which Windows and some hosts read as a folder separator"),
        (".feedsite-manifest", "static/.feedsite-manifest", "'.feedsite-manifest' is a name feedsite keeps for its own files in the output folder"),
    ])
    func unsafeName(name: String, file: String, message: String) throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML])
        try site.write("static/" + name, "x")
        let error = try #require(throws: DiagnosticError.self) { try Self.relativeBuild(site) }
        #expect(error.diagnostics.map(\.message) == [message])
        #expect(error.diagnostics.map(\.location.file) == [file])
        #expect(error.diagnostics.map(\.location.line) == [1])
        #expect(error.diagnostics.map(\.location.column) == [1])
        #expect(error.diagnostics.first?.hint == "rename the file: static files keep their names in the output, and hosts serve only plain names")
    }

    @Test("every unsafe static name is reported in one build, not only the first")
    func unsafeNamesTogether() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "static/a\tb.txt": "x", "static/c\\d.txt": "x", "static/e\u{1}.txt": "x"])
        let error = try #require(throws: DiagnosticError.self) { try Self.relativeBuild(site) }
        #expect(error.diagnostics.map(\.location.file) == ["static/a\\u{9}b.txt", "static/c\\d.txt", "static/e\\u{1}.txt"])
    }

    /// Builds `site` with paths in messages relative to its folder, as the command line shows them.
    static func relativeBuild(_ site: TemporarySite) throws -> BuildResult {
        let root = site.path + "/"
        return try SiteBuilder(config: site.config(), displayPath: { $0.hasPrefix(root) ? String($0.dropFirst(root.count)) : $0 }).build()
    }

    @Test("static being a file is an error at static:1:1 that says a folder is expected")
    func staticIsAFile() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "static": "not a folder"])
        let error = try #require(throws: DiagnosticError.self) { try Self.relativeBuild(site) }
        #expect(error.diagnostics.map(\.message) == ["is a file, expected the folder of files to publish as they are"])
        #expect(error.diagnostics.map(\.location.description) == ["static:1:1"])
        #expect(error.diagnostics.first?.hint == "move the file into a folder named static/ (static/robots.txt is published as robots.txt), or rename it")
    }

    @Test("'..' and empty parts are unsafe paths")
    func dotDot() {
        #expect(StaticFolder.problem(in: "a/../b") != nil)
        #expect(StaticFolder.problem(in: "a//b") != nil)
        #expect(StaticFolder.problem(in: ".well-known/x") == nil)
    }

    @Test("a static file that links outside the site folder is refused with the link's target")
    func linkOutside() throws {
        let outside = try TemporaryFolder()
        try outside.write("secret.txt", "s")
        let site = try TemporarySite(["site.yml": Self.siteYAML, "static/.keep": ""])
        try FileManager.default.createSymbolicLink(atPath: site.path + "/static/leak.txt", withDestinationPath: outside.path + "/secret.txt")
        let error = try #require(throws: DiagnosticError.self) { try Self.relativeBuild(site) }
        #expect(error.diagnostics.map(\.message) == ["is a link to \(URL(fileURLWithPath: outside.path + "/secret.txt").resolvingSymlinksInPath().path), outside the site folder"])
        #expect(error.diagnostics.map(\.location.description) == ["static/leak.txt:1:1"])
        #expect(site.read("output/leak.txt") == nil)
    }

    @Test("static/ itself a link out of the site is an error at static:1:1, not at each file it holds")
    func staticFolderLinkedOutside() throws {
        let outside = try TemporaryFolder()
        try outside.write("x.txt", "x")
        let site = try TemporarySite(["site.yml": Self.siteYAML])
        try FileManager.default.createSymbolicLink(atPath: site.path + "/static", withDestinationPath: outside.path)
        let error = try #require(throws: DiagnosticError.self) { try Self.relativeBuild(site) }
        #expect(error.diagnostics.map(\.message) == ["is a link to \(URL(fileURLWithPath: outside.path).resolvingSymlinksInPath().path), outside the site folder"])
        #expect(error.diagnostics.map(\.location.description) == ["static:1:1"])
        #expect(error.diagnostics.first?.hint == "copy the folder into the site folder instead of linking to it")
    }

    @Test("a link to a folder in static/ is an error at the link: its files would not be published")
    func linkedFolder() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "shared/img/a.png": "png", "static/.keep": ""])
        try FileManager.default.createSymbolicLink(atPath: site.path + "/static/img", withDestinationPath: "../shared/img")
        let error = try #require(throws: DiagnosticError.self) { try Self.relativeBuild(site) }
        #expect(error.diagnostics.map(\.message) == ["is a link to a folder (../shared/img); feedsite does not follow links to folders, so nothing below it is published"])
        #expect(error.diagnostics.map(\.location.description) == ["static/img:1:1"])
        #expect(error.diagnostics.first?.hint == "copy the folder into static/ instead of linking to it, or remove the link")
    }

    @Test("a FIFO or a broken link in static/ is an error naming it, and the build does not wait on the FIFO")
    func unusualEntries() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "static/a.txt": "a"])
        #expect(mkfifo(site.path + "/static/pipe", 0o644) == 0)
        let fifo = try #require(throws: DiagnosticError.self) { try site.build() }
        #expect(fifo.diagnostics.map(\.message) == ["is a FIFO (named pipe), expected a file to publish"])
        #expect(fifo.diagnostics.map(\.location.file).map { $0.hasSuffix("static/pipe") } == [true])
        try FileManager.default.removeItem(atPath: site.path + "/static/pipe")
        try FileManager.default.createSymbolicLink(atPath: site.path + "/static/gone.txt", withDestinationPath: "missing.txt")
        let broken = try #require(throws: DiagnosticError.self) { try site.build() }
        #expect(broken.diagnostics.map(\.message) == ["is a broken link to missing.txt, expected a file to publish"])
    }

    @Test("an output folder inside static/ is refused")
    func outputInsideStatic() throws {
        let site = try TemporarySite(["site.yml": "output: static/out\n" + Self.siteYAML, "static/a.txt": "a"])
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        #expect(error.diagnostics.first?.message.contains("which is inside static/") == true)
    }

    @Test("a new or changed static file makes an up-to-date site build again")
    func fingerprint() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML])
        let config = try site.config()
        let before = try #require(BuildFingerprint.compute(config))
        try site.write("static/robots.txt", "a")
        let added = try #require(BuildFingerprint.compute(config))
        #expect(added != before)
    }

    /// Creates `bytes` (a relative path that need not be UTF-8) below `folder`, as a file or a folder.
    static func create(_ bytes: [UInt8], in folder: String, folder isFolder: Bool = false) throws {
        let path = Array(folder.utf8) + [UInt8(ascii: "/")] + bytes + [0]
        try path.withUnsafeBufferPointer { buffer in
            let cPath = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            if isFolder {
                #expect(mkdir(cPath, 0o755) == 0)
            } else {
                let descriptor = open(cPath, O_CREAT | O_WRONLY, 0o644)
                try #require(descriptor >= 0)
                close(descriptor)
            }
        }
    }

    @Test("a name in static/ that is not valid UTF-8 is an error at the name, shown escaped, and a folder so named is not entered")
    func invalidUTF8Names() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "static/a.txt": "a", "static/sub/b.txt": "b"])
        try Self.create(Array("bad".utf8) + [0xFF] + Array("utf".utf8), in: site.path + "/static")
        try Self.create(Array("sub/d".utf8) + [0xC3], in: site.path + "/static", folder: true)
        try Self.create(Array("sub/d".utf8) + [0xC3] + Array("/f".utf8), in: site.path + "/static")
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        #expect(error.diagnostics.map(\.message) == Array(repeating: "the name is not valid UTF-8, expected a UTF-8 name", count: 2))
        #expect(error.diagnostics.map { $0.location.file.hasSuffix("static/bad\\xFFutf") || $0.location.file.hasSuffix("static/sub/d\\xC3") }
            == [true, true])
        #expect(error.diagnostics.allSatisfy { $0.location.line == 1 && $0.location.column == 1 })
        #expect(error.diagnostics.first?.hint?.hasPrefix("rename the file") == true)
    }

    @Test("a name's bytes are escaped where they are not UTF-8, and a valid name is left alone", arguments: [
        ([0x61, 0xFF, 0x62] as [UInt8], "a\\xFFb" as String?),
        ([0xE2, 0x82, 0x78], "\\xE2\\x82x"),
        ([0xC3], "\\xC3"),
        (Array("caf\u{E9}.txt".utf8), nil),
    ])
    func escapedNames(_ bytes: [UInt8], _ shown: String?) {
        #expect(FolderListing.escapedIfInvalid(bytes) == shown)
    }
}

