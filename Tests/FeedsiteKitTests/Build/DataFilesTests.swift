#if canImport(Glibc)
import Glibc
#endif
import FeedsiteTestSupport
import Foundation
import Testing
@testable import FeedsiteKit

@Suite struct DataFilesTests {
    static let siteYAML = "title: Data\naccounts:\n  - handle: jack\n"
    static let index = """
    <!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body>
    {{#data.links}}<a href="{{url}}">{{title}}</a>;{{/data.links}}|{{data.settings.motto}}|{{data.settings.count}}|{{#data.settings.tags}}{{.}},{{/data.settings.tags}}
    </body></html>
    """

    func load(_ files: [String: String]) throws -> TemplateValue {
        let site = try TemporarySite(files, withDefaultTemplates: false)
        return try DataFiles.load(siteFolder: site.path)
    }

    /// The diagnostics loading `files` throws.
    func diagnostics(_ files: [String: String]) throws -> [Diagnostic] {
        let site = try TemporarySite(files, withDefaultTemplates: false)
        let error = try #require(throws: DiagnosticError.self) { try DataFiles.load(siteFolder: site.path, displayPath: { $0.replacingOccurrences(of: site.path + "/", with: "") }) }
        return error.diagnostics
    }

    @Test("data/NAME.yml and data/NAME.json are the templates' data.NAME, on every page")
    func inTemplates() throws {
        let site = try TemporarySite([
            "site.yml": Self.siteYAML, "templates/index.html": Self.index,
            "data/links.yml": "- title: Home & away\n  url: https://example.com/\n- title: Two\n  url: https://example.org/two\n",
            "data/settings.json": #"{"motto": "<b>bold</b>", "count": 1.10, "tags": ["a", "b"]}"#,
        ])
        _ = try site.build()
        let page = try #require(site.read("output/index.html"))
        #expect(page.contains(#"<a href="https://example.com/">Home &amp; away</a>;<a href="https://example.org/two">Two</a>;|&lt;b&gt;bold&lt;/b&gt;|1.10|a,b,"#))
    }

    @Test("a data file that links outside the site folder is refused with the link's target, and nothing is published")
    func linkOutside() throws {
        let outside = try TemporaryFolder()
        try outside.write("secret.yml", "password: hunter2")
        let site = try TemporarySite(["site.yml": Self.siteYAML, "templates/index.html": Self.index, "data/.keep": ""])
        try FileManager.default.createSymbolicLink(atPath: site.path + "/data/pw.yml", withDestinationPath: outside.path + "/secret.yml")
        let error = try #require(throws: InputError.self) { try site.build() }
        let target = URL(fileURLWithPath: outside.path + "/secret.yml").resolvingSymlinksInPath().path
        #expect(error.message.hasSuffix("data/pw.yml: is a link to \(target), outside the site folder"))
        #expect(site.read("output/index.html") == nil)
    }

    @Test("a FIFO or a broken link in data/ is an error naming it, and loading does not wait on the FIFO")
    func unusualEntries() throws {
        let site = try TemporarySite(["data/a.yml": "x: 1"], withDefaultTemplates: false)
        #expect(mkfifo(site.path + "/data/pipe.yml", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: site.path + "/data/gone.yml", withDestinationPath: "missing.yml")
        let error = try #require(throws: DiagnosticError.self) { try DataFiles.load(siteFolder: site.path, displayPath: { $0.replacingOccurrences(of: site.path + "/", with: "") }) }
        #expect(error.diagnostics.map(\.message) == ["is a broken link to missing.yml, expected a .yml or .json file", "is a FIFO (named pipe), expected a .yml or .json file"])
        #expect(error.diagnostics.map(\.location.file) == ["data/gone.yml", "data/pipe.yml"])
    }

    @Test("no data folder is no data; an empty YAML file is null; hidden files and editors' backups are left alone")
    func emptyAndIgnored() throws {
        #expect(try load([:]) == .map([:]))
        #expect(try load(["data/empty.yml": "", "data/.hidden.json": "{", "data/links.yml~": "[", "data/#x.yml#": "["]) == .map(["empty": .null]))
    }

    @Test("JSON numbers, booleans and null become template values as YAML's do")
    func jsonValues() throws {
        let value = try load(["data/v.json": #"{"i": 3, "d": 1.5, "e": 1e3, "big": 12345678901234567890, "t": true, "n": null, "l": [[]]}"#])
        #expect(value == .map(["v": .map(["i": .int(3), "d": .double(1.5), "e": .string("1e3"), "big": .string("12345678901234567890"),
                                          "t": .bool(true), "n": .null, "l": .list([.list([])])])]))
    }

    @Test("errors in data files name the file, line and column and say what was expected", arguments: [
        (["data/a.yml": "x: 1\nx: 2\n"], "data/a.yml", 2, 1, "duplicate key 'x'"),
        (["data/a.yml": "x: [1, 2\n"], "data/a.yml", 2, 1, "expected"),
        (["data/a.json": "{\n  \"x\": 1,\n}"], "data/a.json", 3, 1, "expected"),
        (["data/a.json": "{\"x\": 1,\n \"x\": 2}"], "data/a.json", 2, 2, "duplicate key 'x' (first defined at line 1, column 2)"),
        (["data/a.json": "[1]\n[2]"], "data/a.json", 2, 1, "expected the end of the text"),
        // Columns count Unicode scalars: the flag is two, the combining accent one.
        (["data/a.json": "{\"a\": \"🇩🇪e\u{301}\", }"], "data/a.json", 1, 15, "expected"),
        (["data/a.txt": "x"], "data/a.txt", 1, 1, "expected a data file ending in .yml or .json"),
        (["data/a.yaml": "x: 1"], "data/a.yaml", 1, 1, "expected a data file ending in .yml or .json"),
        (["data/sub/a.yml": "x: 1"], "data/sub", 1, 1, "expected a .yml or .json file, found a folder"),
        (["data/my.links.yml": "x: 1"], "data/my.links.yml", 1, 1, "'my.links' cannot be a data name"),
        (["data/1st.json": "1"], "data/1st.json", 1, 1, "'1st' cannot be a data name: it must start with a letter"),
        (["data/links.json": "[]", "data/links.yml": "[]"], "data/links.yml", 1, 1, "data/links.json and data/links.yml both define data.links"),
        (["data/Links.yml": "[]", "data/links.yml": "[]"], "data/links.yml", 1, 1,
         "data/Links.yml and data/links.yml differ only in case: data.Links and data.links"),
        (["data/a.yml": "base: &b {x: 1}\ncopy:\n  <<: *b\n  y: 2\n"], "data/a.yml", 3, 3, "merge keys ('<<') are not part of YAML 1.2, expected a key of your own"),
    ] as [([String: String], String, Int, Int, String)])
    func errors(_ files: [String: String], _ file: String, _ line: Int, _ column: Int, _ message: String) throws {
        let found = try diagnostics(files)
        let first = try #require(found.first)
        #expect(first.location == SourceLocation(file: file, line: line, column: column))
        #expect(first.message.contains(message))
    }

    @Test("every bad data file is reported at once, sorted by file")
    func allAtOnce() throws {
        let found = try diagnostics(["data/b.yml": "x: [", "data/a.json": "{", "data/c.txt": ""])
        #expect(found.map(\.location.file) == ["data/a.json", "data/b.yml", "data/c.txt"])
    }

    @Test("YAML aliases to an anchor in the same file are read, as README says; an alias to no anchor is an error")
    func aliases() throws {
        #expect(try load(["data/a.yml": "base: &b {x: 1}\ncopy: *b\n"]) == .map(["a": .map(["base": .map(["x": .int(1)]), "copy": .map(["x": .int(1)])])]))
        #expect(try !diagnostics(["data/a.yml": "copy: *nothing\n"]).isEmpty)
    }

    @Test("hostile data files are refused with positions: too deep, a billion laughs")
    func hostile() throws {
        let deepJSON = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let deep = try #require(try diagnostics(["data/deep.json": deepJSON]).first)
        #expect(deep.message.contains("nested"))
        #expect(deep.hint == "nest lists and maps at most 200 levels deep: flatten the data")
        #expect(deep.location.line == 1)
        let deepYAML = try #require(try diagnostics(["data/deep.yml": String(repeating: "[", count: 10_000)]).first)
        #expect(deepYAML.message.contains("levels deep"))
        #expect(deepYAML.hint == "nest lists and maps at most 200 levels deep: flatten the data")
        var laughs = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 { laughs += "\(Character(Unicode.Scalar(97 + level)!)): &\(Character(Unicode.Scalar(97 + level)!)) " + "[" + Array(repeating: "*\(Character(Unicode.Scalar(96 + level)!))", count: 10).joined(separator: ", ") + "]\n" }
        #expect(try !diagnostics(["data/lol.yml": laughs]).isEmpty)
    }

    @Test("a data file over 32 MiB is an error at its file:1:1, shown relative, with a hint; the other files are still checked",
          arguments: [("big.yml", 32 << 20 + 1, "32.1 MiB"), ("big.json", 100 << 20, "100 MiB")])
    func tooLarge(_ name: String, _ size: Int, _ shown: String) throws {
        let site = try TemporarySite(["data/a.yml": "x: [", "data/" + name: ""], withDefaultTemplates: false)
        // A sparse file: the size is what counts, and nothing of it is read.
        #expect(truncate(site.path + "/data/" + name, off_t(size)) == 0)
        let error = try #require(throws: DiagnosticError.self) {
            try DataFiles.load(siteFolder: site.path, displayPath: { $0.replacingOccurrences(of: site.path + "/", with: "") })
        }
        #expect(error.diagnostics.map(\.location.file) == ["data/a.yml", "data/" + name])
        let large = try #require(error.diagnostics.last)
        #expect(large.severity == .error)
        #expect(large.location == SourceLocation(file: "data/" + name, line: 1, column: 1))
        #expect(large.message == "the file is \(shown), more than the 32 MiB feedsite reads as a data file")
        #expect(large.hint == "a data file holds what the templates show: keep only that in it, or split it into several data files")
    }

    @Test("a file named data beside site.yml is an error that says what data is for")
    func dataIsAFile() throws {
        let site = try TemporarySite(["data": "x"], withDefaultTemplates: false)
        let error = try #require(throws: InputError.self) { try DataFiles.load(siteFolder: site.path) }
        #expect(error.message.hasSuffix("/data: is not a folder, expected the folder of data files (data/NAME.yml, data/NAME.json)"))
    }

    @Test("the template name checker knows the data files: their names and their keys raise no warning")
    func noWarnings() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "templates/index.html": Self.index, "data/links.yml": "[]",
                                      "data/settings.json": #"{"motto": "m", "count": 1, "tags": []}"#])
        #expect(try site.build().warnings.isEmpty)
    }

    @Test("a changed, added or removed data file makes the next build run; an unchanged one leaves it up to date")
    func upToDate() throws {
        // Every name the template uses is in the data: a build with warnings is never up to date.
        let site = try TemporarySite(["site.yml": Self.siteYAML, "templates/index.html": Self.index, "data/links.yml": "[]",
                                      "data/settings.yml": "motto: one\ncount: 1\ntags: []\n"])
        let config = site.path + "/site.yml"
        _ = try SiteBuilder.build(configPath: config)
        #expect(try SiteBuilder.build(configPath: config).upToDate)
        try site.write("data/settings.yml", "motto: two\ncount: 1\ntags: []\n")
        #expect(try !SiteBuilder.build(configPath: config).upToDate)
        #expect(site.read("output/index.html")?.contains("|two|") == true)
        try site.write("data/extra.json", "[]")
        #expect(try !SiteBuilder.build(configPath: config).upToDate)
        try FileManager.default.removeItem(atPath: site.path + "/data/extra.json")
        #expect(try !SiteBuilder.build(configPath: config).upToDate)
        #expect(try SiteBuilder.build(configPath: config).upToDate)
    }

    @Test("a build with a bad data file fails at its position and writes nothing")
    func buildFails() throws {
        let site = try TemporarySite(["site.yml": Self.siteYAML, "data/links.yml": "a: b: c\n"])
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        #expect(error.diagnostics.first?.location.file.hasSuffix("data/links.yml") == true)
        #expect(!site.exists("output/index.html"))
    }
}
