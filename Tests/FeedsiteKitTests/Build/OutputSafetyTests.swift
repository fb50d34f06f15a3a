import Foundation
import Testing
@testable import FeedsiteKit

/// The build writes and deletes only inside the output folder, and only what it wrote itself.
@Suite struct OutputSafetyTests {
    static let twoAccounts = "title: T\naccounts:\n  - handle: a\n  - handle: b\n"

    /// Whether two snapshots of an output folder hold the same files and the same manifest (whose
    /// lines come in no particular order).
    static func sameSite(_ one: [String: Data], _ other: [String: Data]) -> Bool {
        let manifest = ".feedsite-manifest"
        func parsed(_ data: Data?) -> BuildManifest? { data.flatMap { BuildManifest(bytes: Array($0)) } }
        return one.filter { $0.key != manifest } == other.filter { $0.key != manifest } && parsed(one[manifest]) == parsed(other[manifest])
    }

    /// A folder outside the site, standing for anything the user owns elsewhere.
    static func outsideFolder(_ site: TemporarySite, holding contents: String) throws -> String {
        let outside = site.path + "-outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: URL(fileURLWithPath: outside + "/index.html"))
        return outside
    }

    /// Builds the site, then replaces the folder of account `a`'s page by a link to a folder outside.
    static func linkPageFolderOutside(_ site: TemporarySite) throws -> String {
        _ = try site.build()
        let outside = try outsideFolder(site, holding: "mine")
        try FileManager.default.removeItem(atPath: site.path + "/output/a")
        try FileManager.default.createSymbolicLink(atPath: site.path + "/output/a", withDestinationPath: outside)
        return outside
    }

    @Test("a page folder replaced by a link to a folder outside is never written through: the build stops and names the link")
    func linkedPageFolderIsNotWritten() throws {
        let site = try TemporarySite(["site.yml": Self.twoAccounts])
        let outside = try Self.linkPageFolderOutside(site)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        #expect {
            try site.build()
        } throws: { error in
            let message = (error as? InputError)?.message ?? ""
            return message.contains("output/a") && message.contains("symbolic link")
        }
        #expect(FileManager.default.contents(atPath: outside + "/index.html") == Data("mine".utf8))
    }

    @Test("a page that is no longer built is not deleted through a linked folder")
    func linkedPageFolderIsNotDeletedThrough() throws {
        let site = try TemporarySite(["site.yml": Self.twoAccounts])
        let outside = try Self.linkPageFolderOutside(site)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try site.write("site.yml", "title: T\naccounts:\n  - handle: b\n")
        let result = try site.build()
        #expect(result.removed == 0)
        #expect(FileManager.default.contents(atPath: outside + "/index.html") == Data("mine".utf8))
        #expect(site.read("output/b/index.html") != nil)
    }

    @Test("a page file replaced by a link is replaced by the page, and the link's target is left alone")
    func linkedPageFileIsReplaced() throws {
        let site = try TemporarySite(["site.yml": Self.twoAccounts])
        _ = try site.build()
        let outside = try Self.outsideFolder(site, holding: "mine")
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try FileManager.default.removeItem(atPath: site.path + "/output/a/index.html")
        try FileManager.default.createSymbolicLink(atPath: site.path + "/output/a/index.html", withDestinationPath: outside + "/index.html")
        _ = try site.build()
        let attributes = try FileManager.default.attributesOfItem(atPath: site.path + "/output/a/index.html")
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(site.read("output/a/index.html")?.contains("<!DOCTYPE html>") == true)
        #expect(FileManager.default.contents(atPath: outside + "/index.html") == Data("mine".utf8))
    }

    @Test("an output folder inside the templates folder is refused", arguments: [
        "output: templates/assets/out\n", "output: templates/out\n", "output: templates\n",
    ])
    func outputInsideTemplates(_ line: String) throws {
        let site = try TemporarySite(["site.yml": line + Self.twoAccounts])
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        #expect(error.diagnostics.first?.location.line == 1)
        let message = error.diagnostics.first?.message ?? ""
        #expect(message.contains("inside the templates folder") || message.contains("contains the templates folder"))
        #expect(!site.exists("templates/assets/out"))
        #expect(!site.exists("templates/out"))
    }

    @Test("an output folder inside a folder the site reads (data/, static/, snapshots/, feeds/) is refused, and later builds still work", arguments: [
        ("output: data/out\n", "data/"), ("output: data\n", "data/"), ("output: static/out\n", "static/"),
        ("output: snapshots/out\n", "the snapshots folder"), ("output: feeds/out\n", "feeds/"),
    ])
    func outputInsideInputs(_ line: String, _ folder: String) throws {
        let site = try TemporarySite(["site.yml": line + Self.twoAccounts, "data/a.yml": "x: 1", "static/a.txt": "a"])
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        #expect(error.diagnostics.first?.location.line == 1)
        #expect(error.diagnostics.first?.message.contains("which is inside \(folder)") == true)
        #expect(!site.exists("data/out") && !site.exists("static/out") && !site.exists("snapshots/out") && !site.exists("feeds/out"))
    }

    @Test("files the user put in an output folder without a manifest are not overwritten: the build lists them and stops")
    func foreignFilesWithoutManifest() throws {
        let site = try TemporarySite(["site.yml": Self.twoAccounts, "output/index.html": "my own page", "output/b/index.html": "mine too",
                                      "output/notes.txt": "kept"])
        #expect {
            try site.build()
        } throws: { error in
            guard let error = error as? InputError else { return false }
            return error.message.contains("index.html") && error.message.contains("b/index.html") && !error.message.contains("notes.txt")
                && error.hint?.contains("--force") == true
        }
        #expect(site.read("output/index.html") == "my own page")
        #expect(site.read("output/b/index.html") == "mine too")
        #expect(!site.exists("output/a/index.html"))
    }

    @Test("with force, files the user put in the output folder are overwritten and from then on belong to feedsite")
    func foreignFilesWithForce() throws {
        let site = try TemporarySite(["site.yml": Self.twoAccounts, "output/index.html": "my own page", "output/notes.txt": "kept"])
        let config = try SiteConfigLoader.load(path: site.path + "/site.yml")
        var builder = SiteBuilder(config: config)
        builder.overwritesForeignFiles = true
        _ = try builder.build()
        #expect(site.read("output/index.html")?.contains("<!DOCTYPE html>") == true)
        #expect(site.read("output/notes.txt") == "kept")
        _ = try site.build()
    }

    @Test("a new account whose page path holds a file the user made is not overwritten in a rebuild either")
    func foreignFileInRebuild() throws {
        let site = try TemporarySite(["site.yml": Self.twoAccounts])
        _ = try site.build()
        try site.write("output/c/index.html", "hand made")
        try site.write("site.yml", Self.twoAccounts + "  - handle: c\n")
        #expect(throws: InputError.self) { try site.build() }
        #expect(site.read("output/c/index.html") == "hand made")
    }
}

extension OutputSafetyTests {
    @Test("a page that cannot be replaced stops the build with every other file as it was: never a mix of old and new pages")
    func failedWriteLeavesNoMix() throws {
        let site = try TemporarySite(["site.yml": Self.twoAccounts + "  - handle: c\n"])
        _ = try site.build()
        let before = try site.snapshot()
        // A folder where a page should be: the page cannot be renamed into place.
        try FileManager.default.removeItem(atPath: site.path + "/output/b/index.html")
        try FileManager.default.createDirectory(atPath: site.path + "/output/b/index.html/inner", withIntermediateDirectories: true)
        // Every page changes, and a new account adds a page.
        try site.write("site.yml", "title: Renamed\naccounts:\n  - handle: a\n  - handle: b\n  - handle: c\n  - handle: d\n")
        #expect {
            try site.build()
        } throws: { error in
            (error as? InputError)?.message.hasSuffix("b/index.html: is a folder, where the build writes a page or file") == true
        }
        var after = try site.snapshot()
        #expect(after["b/index.html/inner"] == nil)
        after = after.filter { !$0.key.hasPrefix("b/") }
        #expect(Self.sameSite(after, before.filter { !$0.key.hasPrefix("b/") }))
        #expect(!site.exists("output/d"))
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: site.path + "/output").filter { $0.contains(".feedsite-tmp-") }
        #expect(leftovers.isEmpty)
        // Once the way is clear, the next build writes the new site.
        try FileManager.default.removeItem(atPath: site.path + "/output/b/index.html")
        _ = try site.build()
        #expect(site.read("output/index.html")?.contains("Renamed") == true)
        #expect(site.read("output/d/index.html") != nil)
    }

    @Test("an immutable page (chattr +i, where the file system has it) stops the build before anything is replaced")
    func immutablePage() throws {
        let site = try TemporarySite(["site.yml": Self.twoAccounts])
        _ = try site.build()
        let before = try site.snapshot()
        let chattr = Process()
        chattr.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        chattr.arguments = ["chattr", "+i", site.path + "/output/index.html"]
        chattr.standardError = FileHandle.nullDevice
        try chattr.run()
        chattr.waitUntilExit()
        defer {
            let undo = Process()
            undo.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            undo.arguments = ["chattr", "-i", site.path + "/output/index.html"]
            try? undo.run()
            undo.waitUntilExit()
        }
        try site.write("site.yml", "title: Renamed\naccounts:\n  - handle: a\n  - handle: b\n")
        if chattr.terminationStatus == 0, getuid() == 0 {
            #expect(throws: InputError.self) { try site.build() }
            #expect(try Self.sameSite(site.snapshot(), before))
        } else {
            // Without chattr (or as a user who may not use it) the file is writable and the build just works.
            _ = try site.build()
            #expect(site.read("output/index.html")?.contains("Renamed") == true)
        }
    }
}

extension OutputSafetyTests {
    @Test("a build while another holds the output folder stops at once, naming the folder, and changes nothing", arguments: [true, false])
    func concurrentBuildRefused(outputExists: Bool) throws {
        let site = try TemporarySite(["site.yml": Self.twoAccounts])
        if outputExists { _ = try site.build() }
        let before = try site.snapshot()
        try site.write("site.yml", "title: Other\naccounts:\n  - handle: a\n")
        do {
            let held = try OutputLock(output: site.path + "/output")
            let error = try #require(throws: InputError.self) { try site.build() }
            #expect(error.message.contains("another feedsite build is writing"))
            #expect(try site.snapshot() == before)
            withExtendedLifetime(held) {}
        }
        // Released: the next build goes ahead.
        _ = try site.build()
        #expect(site.read("output/index.html")?.contains("Other") == true)
    }
}

extension OutputSafetyTests {
    @Test("without a manifest, files identical to what the build writes are taken as its own; different ones are refused, listed in order")
    func identicalFilesAdopted() throws {
        let site = try TemporarySite(["site.yml": Self.twoAccounts + "  - handle: c\n"])
        _ = try site.build()
        try FileManager.default.removeItem(atPath: site.path + "/output/.feedsite-manifest")
        let adopted = try site.build()
        #expect(adopted.written == 0)
        try FileManager.default.removeItem(atPath: site.path + "/output/.feedsite-manifest")
        try site.write("output/c/index.html", "mine")
        try site.write("output/a/index.html", "mine too")
        try site.write("output/assets/site.css", "/* mine */")
        let error = try #require(throws: InputError.self) { try site.build() }
        #expect(error.message.hasSuffix("3 files that feedsite did not write would be overwritten: a/index.html, assets/site.css, c/index.html"))
        #expect(site.read("output/c/index.html") == "mine")
    }
}

extension OutputSafetyTests {
    @Test("a first build into an empty output folder the user made keeps its permissions and group bits")
    func emptyOutputKeepsMode() throws {
        let site = try TemporarySite(["site.yml": Self.twoAccounts])
        try FileManager.default.createDirectory(atPath: site.path + "/output", withIntermediateDirectories: false)
        chmod(site.path + "/output", 0o2770)
        _ = try site.build()
        var status = stat()
        #expect(stat(site.path + "/output", &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o2770)
        #expect(site.read("output/a/index.html") != nil)
    }

    @Test("hidden files and editor backups in templates/assets are not published")
    func hiddenAssetsLeftOut() throws {
        let site = try TemporarySite(["site.yml": Self.twoAccounts, "templates/assets/.env": "API_KEY=1",
                                      "templates/assets/site.css~": "old", "templates/assets/.git/config": "x",
                                      "templates/assets/#site.css#": "autosave", "templates/assets/img/logo.svg": "<svg/>"])
        _ = try site.build()
        let files = try site.snapshot().keys.filter { $0.hasPrefix("assets/") }.sorted()
        #expect(files == ["assets/favicon.svg", "assets/feedsite.js", "assets/img/logo.svg", "assets/site.css"])
        try site.write("templates/assets/.env", "API_KEY=2")
        #expect(try SiteBuilder.build(configPath: site.path + "/site.yml").upToDate)
    }
}
