import Foundation
import Testing
@testable import FeedsiteKit

/// Bad input answered with a clear error, never a crash or a hang.
@Suite struct HostileInputTests {
    @Test("YAML nested thousands of levels deep is an error at the level that goes too deep")
    func deepYAML() {
        let diagnostics = ConfigFixture.diagnostics("title: T\nx: " + String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000) + "\n")
        #expect(diagnostics.first?.message == "lists and maps nest more than 200 levels deep here")
        #expect(diagnostics.first?.location.line == 2)
        #expect(diagnostics.first?.location.column == 203)
    }

    @Test("a template nested thousands of levels deep is an error, not a stack overflow")
    func deepTemplate() {
        let source = String(repeating: "{{#a}}", count: 100_000) + String(repeating: "{{/a}}", count: 100_000)
        #expect(throws: DiagnosticError.self) { try Template(source, name: "t.html") }
        do {
            _ = try Template(source, name: "t.html")
        } catch {
            #expect(error.diagnostics.first?.message == "sections, parents and blocks nest more than 100 levels deep here")
            #expect(error.diagnostics.first?.location.column == 601)
        }
    }

    @Test("sections inside a self-including partial stop at the nesting limit, in a build on worker threads")
    func recursionThroughPartials() throws {
        let loop = String(repeating: "{{#site}}", count: 99) + "{{> loop}}" + String(repeating: "{{/site}}", count: 99)
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: a\n", "templates/partials/loop.html": loop,
                                      "templates/account.html": "{{> loop}}"])
        #expect {
            try site.build()
        } throws: { error in
            (error as? DiagnosticError)?.diagnostics.first?.message
                == "sections and partials nest more than 1000 levels deep here (rendering the page of 'a', a/index.html)"
        }
        #expect(!site.exists("output"))
    }

    @Test("more accounts than one site may hold is a clear error")
    func tooManyAccounts() {
        var yaml = "title: T\naccounts:\n"
        yaml.reserveCapacity(6_000_000)
        for index in 0...SiteConfigDecoder.maximumAccounts { yaml += "  - u\(index)\n" }
        let diagnostics = ConfigFixture.diagnostics(yaml)
        #expect(diagnostics.first?.message == "'accounts' lists 250001 accounts; feedsite builds at most 250000 in one site")
        #expect(diagnostics.first?.location.line == 3)
    }

    @Test("files larger than feedsite reads are refused before they are read", arguments: [
        ("site.yml", 33 << 20), ("templates/index.html", 5 << 20),
    ])
    func hugeFiles(_ name: String, _ size: Int) throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: a\n"])
        let handle = try #require(FileHandle(forWritingAtPath: site.path + "/" + name))
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
        #expect {
            try site.build()
        } throws: { error in
            (error as? InputError)?.message.contains("more than the") == true
        }
    }

    @Test("a 10 MB attribute value is checked without trouble")
    func hugeAttribute() {
        let text = String(repeating: "a", count: 10 << 20)
        let html = "<a href=\"https://twitter.com/intent/tweet?text=\(text)\">x</a><div data-x=\"\(text) \(text)\"></div>"
        let report = LinkChecker().check(pages: [LinkChecker.Page(path: "a.html", bytes: Array(html.utf8))], existingFiles: ["a.html"])
        #expect(report.intentURLs == 1)
        #expect(report.findings.map(\.rule) == [.tooLong])
    }

    @Test("a 5 MB line in a template renders")
    func longLine() throws {
        let line = String(repeating: "x", count: 5 << 20)
        let template = try Template("<p>\(line){{a}}</p>", name: "t")
        #expect(try TemplateRenderer().render(template, data: .map(["a": .string("!")])).count == line.utf8.count + 8)
    }

    @Test("the HTTP parser refuses endless request lines and header floods without buffering them all")
    func httpFlood() {
        #expect(HTTPRequestParser.parse(Array(repeating: UInt8(ascii: "a"), count: 100_000)) == .failure(.uriTooLong))
        let flood = Array("GET / HTTP/1.1\r\n".utf8) + Array(repeating: UInt8(ascii: "b"), count: 100_000)
        #expect(HTTPRequestParser.parse(flood) == .failure(.headersTooLarge))
    }
}
