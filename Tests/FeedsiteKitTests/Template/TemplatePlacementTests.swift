import Testing
@testable import FeedsiteKit

@Suite struct TemplatePlacementTests {
    func render(_ source: String, _ data: TemplateValue, partials: [String: String] = [:]) throws -> (output: [UInt8], placements: [TemplatePlacement]) {
        var library: [String: Template] = [:]
        for (name, text) in partials { library[name] = try Template(text, name: name) }
        var placements: [TemplatePlacement] = []
        let output = try TemplateRenderer(partials: TemplateLibrary(library)).render(try Template(source, name: "t"), data: data,
                                                                                   placements: &placements)
        return (output, placements)
    }

    @Test("each unescaped interpolation is placed where its text stands in the output, in order, the escaped ones not")
    func placedWhereTheTextStands() throws {
        let data = TemplateValue.map(["a": .string("<p>one & two</p>"), "b": .string("<em>x</em>"), "c": .string("<i>not</i>"),
                                      "n": .int(85), "items": .list([.string("<b>1</b>"), .string("<b>22</b>")])])
        let source = "x{{{a}}}y{{c}}z{{& b}}\n  {{> p}}\n{{#items}}[{{{.}}}]{{/items}}{{{n}}}"
        let (output, placements) = try render(source, data, partials: ["p": "<div>\n{{{a}}}\n</div>\n"])
        // Where each text went, read from the output, not from the renderer's own offsets.
        let page = String(decoding: output, as: UTF8.self)
        #expect(page == "x<p>one & two</p>y&lt;i&gt;not&lt;/i&gt;z<em>x</em>\n  <div>\n  <p>one & two</p>\n  </div>\n[<b>1</b>][<b>22</b>]85")
        #expect(placements.map(\.text) == ["<p>one & two</p>", "<em>x</em>", "<p>one & two</p>", "<b>1</b>", "<b>22</b>", "85"])
        for placement in placements {
            #expect(Array(output[placement.range]) == Array(placement.text.utf8))
        }
        #expect(placements.map(\.range.lowerBound) == placements.map(\.range.lowerBound).sorted())
    }

    @Test("text given to a helper is not placed: the helper's output is what the page holds")
    func helpersPlaceNothing() throws {
        let data = TemplateValue.map(["a": .string("<p>a long text</p>")])
        let (output, placements) = try render("{{#truncate_5}}{{{a}}}{{/truncate_5}}|{{#url_encode}}{{{a}}}{{/url_encode}}|{{{a}}}", data)
        let page = String(decoding: output, as: UTF8.self)
        #expect(placements.count == 1)
        #expect(placements.first.map { Array(output[$0.range]) } == Array("<p>a long text</p>".utf8))
        #expect(placements.first?.range.upperBound == output.count)
        #expect(!page.hasPrefix("<p>a long text</p>"))
    }

    @Test("rendering with placements gives the same bytes as rendering without")
    func sameBytes() throws {
        let data = TemplateValue.map(["a": .string("<p>x</p>"), "list": .list([.map(["h": .string("<br>")])])])
        let source = "{{<layout}}{{$body}}{{#list}}  {{{h}}}\n{{/list}}{{{a}}}{{/body}}{{/layout}}"
        let partials = ["layout": "<main>\n  {{$body}}none{{/body}}\n</main>\n"]
        var library: [String: Template] = [:]
        for (name, text) in partials { library[name] = try Template(text, name: name) }
        let plain = try TemplateRenderer(partials: TemplateLibrary(library)).render(try Template(source, name: "t"), data: data)
        #expect(try render(source, data, partials: partials).output == plain)
    }
}
