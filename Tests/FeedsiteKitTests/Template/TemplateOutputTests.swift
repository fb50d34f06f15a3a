import Testing
@testable import FeedsiteKit

@Suite struct TemplateOutputTests {
    @Test("appends of every size, growing the buffer many times over, keep the bytes an array would hold")
    func growth() {
        var generator = SeededGenerator(seed: 1_000_003)
        var output = TemplateOutput(capacity: 1)
        defer { output.free() }
        var expected: [UInt8] = []
        for round in 0..<2_000 {
            let length = Int(generator.next() % 300)
            let piece = (0..<length).map { UInt8(truncatingIfNeeded: $0 &+ round) }
            piece.withUnsafeBufferPointer { output.append($0) }
            expected += piece
            #expect(output.count == expected.count)
        }
        #expect(output.array == expected)
    }

    @Test("escaped text goes into the buffer as into an array, wherever the buffer grows")
    func escapedIntoBuffer() {
        var generator = SeededGenerator(seed: 77)
        let alphabet = Array("&<>\"'ab é".utf8)
        var output = TemplateOutput(capacity: 1)
        defer { output.free() }
        var expected: [UInt8] = []
        for _ in 0..<3_000 {
            let bytes = (0..<Int(generator.next() % 40)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            bytes.withUnsafeBufferPointer { HTMLEscaper.append($0, into: &output) }
            expected += bytes.flatMap { HTMLEscaperTests.escapes[$0].map { Array($0.utf8) } ?? [$0] }
        }
        #expect(output.array == expected)
    }

    @Test("a page many times longer than its template renders whole, and rendering into an array appends to what it holds")
    func longPage() throws {
        let items = (0..<20_000).map { TemplateValue.string("item \($0) & more") }
        let template = try Template("{{#items}}<li>{{.}}</li>\n{{/items}}", name: "t")
        let expected = (0..<20_000).map { "<li>item \($0) &amp; more</li>\n" }.joined()
        let renderer = TemplateRenderer()
        #expect(String(decoding: try renderer.render(template, data: .map(["items": .list(items)])), as: UTF8.self) == expected)
        var output = Array("kept|".utf8)
        try renderer.render(template, data: .map(["items": .list(items)]), into: &output)
        #expect(String(decoding: output, as: UTF8.self) == "kept|" + expected)
    }

    @Test("a helper's section renders into a buffer of its own, nested too; the page goes on where it was")
    func helperSections() throws {
        let long = String(repeating: "x", count: 500)
        let template = try Template(long + "[{{#url_encode}}{{v}}{{/url_encode}}]{{#truncate_5}}{{#url_encode}}{{v}}{{/url_encode}}{{/truncate_5}}|{{v}}", name: "t")
        let output = try TemplateRenderer().render(template, data: .map(["v": .string("a b c")]))
        #expect(String(decoding: output, as: UTF8.self) == long + "[a%20b%20c]a%20…|a b c")
    }

    @Test("an error inside a helper's section is thrown as it is, the buffers given back")
    func errorInHelperSection() throws {
        let template = try Template("before{{#url_encode}}x{{> missing}}{{/url_encode}}after", name: "t")
        let renderer = TemplateRenderer(partials: TemplateLibrary(), missingPartials: .error)
        let error = try #require(throws: DiagnosticError.self) { try renderer.render(template, data: .map([:])) }
        #expect(error.diagnostics.map(\.message) == ["partial 'missing' does not exist"])
    }
}
