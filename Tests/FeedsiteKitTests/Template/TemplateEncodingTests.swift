import Foundation
import Testing
@testable import FeedsiteKit

@Suite struct TemplateEncodingTests {
    /// Bytes that are not a UTF-8 template, where the problem is, and words the message must hold.
    static let cases: [(name: String, bytes: [UInt8], line: Int, column: Int, words: String)] = [
        ("Latin-1 café", Array("<p>\ncaf".utf8) + [0xE9] + Array("</p>".utf8), 2, 4, "byte 0xE9"),
        ("UTF-16 LE with BOM", [0xFF, 0xFE] + Array("<p>x</p>".utf8).flatMap { [$0, 0] }, 1, 1, "UTF-16"),
        ("UTF-16 BE with BOM", [0xFE, 0xFF] + Array("<p>".utf8).flatMap { [0, $0] }, 1, 1, "UTF-16"),
        ("UTF-16 LE without BOM", Array("ab".utf8).flatMap { [$0, 0] }, 1, 2, "NUL byte"),
        ("truncated sequence", Array("é".utf8).dropLast() + Array("x".utf8), 1, 1, "0xC3"),
        ("lone continuation byte after text", Array("héllo ".utf8) + [0x80], 1, 7, "0x80"),
        ("overlong encoding of '/'", [0xC0, 0xAF], 1, 1, "0xC0"),
        ("encoded surrogate", [0xED, 0xA0, 0x80], 1, 1, "0xED"),
    ]

    @Test("a template that is not UTF-8 is an error at the first bad byte, naming the template",
          arguments: cases.indices)
    func rejected(index: Int) throws {
        let example = Self.cases[index]
        let error = try #require(throws: DiagnosticError.self) { try Template(source: example.bytes, name: "templates/404.html") }
        let diagnostic = try #require(error.diagnostics.first)
        #expect(error.diagnostics.count == 1)
        #expect(diagnostic.location == SourceLocation(file: "templates/404.html", line: example.line, column: example.column))
        #expect(diagnostic.message.contains(example.words))
        #expect(diagnostic.hint?.contains("UTF-8") == true)
    }

    @Test("UTF-8 with accents, emoji and a byte-order mark is accepted")
    func accepted() throws {
        _ = try Template(source: [0xEF, 0xBB, 0xBF] + Array("Zoë 😀 {{name}} ∑".utf8), name: "t")
    }

    @Test("a build with a Latin-1 partial stops with the partial's path, line and column, and writes nothing")
    func buildNamesTemplate() throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: amy\n"])
        try Data(Array("<footer>\nSee caf".utf8) + [0xE9]).write(to: URL(fileURLWithPath: site.path + "/templates/partials/note.html"))
        let error = try #require(throws: DiagnosticError.self) { try site.build() }
        #expect(error.diagnostics.map(\.location.description).contains { $0.hasSuffix("templates/partials/note.html:2:8") })
        #expect(!site.exists("output"))
    }
}

extension TemplateEncodingTests {
    @Test("a UTF-8 byte-order mark at the start of a template is not part of the page, and positions stay those of the editor")
    func byteOrderMarkDropped() throws {
        let template = try Template(source: [0xEF, 0xBB, 0xBF] + Array("<p>{{name}}</p>".utf8), name: "t")
        let output = try TemplateRenderer(partials: TemplateLibrary([:]), missingPartials: .error)
            .render(template, data: .map(["name": .string("x")]))
        #expect(output == Array("<p>x</p>".utf8))
        let error = try #require(throws: DiagnosticError.self) { try Template(source: [0xEF, 0xBB, 0xBF] + Array("{{#a}}".utf8), name: "t") }
        #expect(error.diagnostics.first?.location == SourceLocation(file: "t", line: 1, column: 1))
    }
}
