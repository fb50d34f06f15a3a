import Testing
@testable import FeedsiteKit

@Suite struct TemplateRendererTests {
    func render(_ source: String, _ data: TemplateValue, partials: [String: String] = [:]) throws -> String {
        var library: [String: Template] = [:]
        for (name, text) in partials { library[name] = try Template(text, name: name) }
        let output = try TemplateRenderer(partials: TemplateLibrary(library)).render(try Template(source, name: "t"), data: data)
        return String(decoding: output, as: UTF8.self)
    }

    @Test("double mustaches escape & < > \" and '; triple mustaches and & do not")
    func escaping() throws {
        let data = TemplateValue.map(["v": .string("<a href=\"x\">Tom & Jerry's</a>")])
        #expect(try render("{{v}}", data) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
        #expect(try render("{{{v}}}", data) == "<a href=\"x\">Tom & Jerry's</a>")
        #expect(try render("{{& v}}", data) == "<a href=\"x\">Tom & Jerry's</a>")
    }

    @Test("numbers render as written in data and null renders as nothing", arguments: [
        (TemplateValue.int(85), "85"), (.double(1.21), "1.21"), (.double(85), "85"), (.double(-0.5), "-0.5"),
        (.double(1e21), "1e+21"), (.null, ""), (.bool(true), "true"), (.bool(false), "false"),
    ])
    func numbers(_ value: TemplateValue, _ expected: String) throws {
        #expect(try render("{{v}}", .map(["v": value])) == expected)
    }

    @Test("numbers from YAML data render as written")
    func yamlNumbers() throws {
        let data = try #require(try YAMLReader(file: "d.yml").read(Array("a: 85\nb: 1.21\nc: 2.0\nd: 1.10\n".utf8))?.templateValue)
        #expect(try render("{{a}} {{b}} {{c}} {{d}}", data) == "85 1.21 2.0 1.10")
    }

    @Test("the top level of the data may be any value")
    func anyTopLevel() throws {
        #expect(try render("{{.}}", .string("hi")) == "hi")
        #expect(try render("{{#.}}[{{.}}]{{/.}}", .list([.int(1), .int(2)])) == "[1][2]")
        #expect(try render("{{.}}!", .int(3)) == "3!")
    }

    @Test("an empty string hides a section and shows an inverted one")
    func emptyStringIsFalsey() throws {
        let data = TemplateValue.map(["d": .string(""), "e": .string("x")])
        #expect(try render("{{#d}}yes{{/d}}{{^d}}no{{/d}}|{{#e}}{{.}}{{/e}}", data) == "no|x")
    }

    @Test("\\r\\n line endings count as line breaks for standalone tags")
    func crlfStandalone() throws {
        let data = TemplateValue.map(["items": .list([.string("a"), .string("b")])])
        #expect(try render("<ul>\r\n  {{#items}}\r\n  <li>{{.}}</li>\r\n  {{/items}}\r\n</ul>\r\n", data)
            == "<ul>\r\n  <li>a</li>\r\n  <li>b</li>\r\n</ul>\r\n")
    }

    @Test("a layout shared through inheritance: blocks override, defaults fill the rest")
    func layoutInheritance() throws {
        let layout = "<html lang=\"{{site.language}}\">\n<title>{{$title}}{{site.title}}{{/title}}</title>\n<body>\n  {{$content}}\n  nothing\n  {{/content}}\n</body>\n"
        let page = "{{<layout}}\n{{$content}}\n<h1>{{account.name}}</h1>\n<p>hi</p>\n{{/content}}\n{{/layout}}\n"
        let data = TemplateValue.map([
            "site": .map(["language": .string("en"), "title": .string("Feeds")]),
            "account": .map(["name": .string("A & B")]),
        ])
        #expect(try render(page, data, partials: ["layout": layout])
            == "<html lang=\"en\">\n<title>Feeds</title>\n<body>\n  <h1>A &amp; B</h1>\n  <p>hi</p>\n</body>\n")
    }

    @Test("rendering twice gives the same bytes (the parsed template is reusable)")
    func reusable() throws {
        let template = try Template("{{#l}}{{.}},{{/l}}", name: "t")
        let renderer = TemplateRenderer()
        let data = TemplateValue.map(["l": .list([.int(1), .int(2)])])
        #expect(try renderer.render(template, data: data) == renderer.render(template, data: data))
        var buffer = Array("x".utf8)
        try renderer.render(template, data: data, into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == "x1,2,")
    }

    @Test("a list includes, item by item, the partial each item names by its data, next to a partial named in the template")
    func partialsByItem() throws {
        let items: [TemplateValue] = ["note", "photo", "note", "none", "photo"].map { .map(["kind": .string($0), "v": .string($0 + "!")]) }
        let data = TemplateValue.map(["items": .list(items)])
        let partials = ["note": "N({{v}})", "photo": "P({{v}})"]
        #expect(try render("{{#items}}{{>*kind}}{{> note}};{{/items}}", data, partials: partials)
            == "N(note!)N(note!);P(photo!)N(photo!);N(note!)N(note!);N(none!);P(photo!)N(photo!);")
    }

    @Test("a parent's blocks, those of the parent it includes and the text after them render in place, once for each item of a list")
    func blocksInPlace() throws {
        let partials = ["layout": "[{{$a}}A{{/a}}|{{$b}}B{{/b}}]", "inner": "{{<layout}}{{$a}}inner-a{{/a}}{{/layout}}"]
        let data = TemplateValue.map(["v": .string("top"), "s": .list([.map(["v": .string("1")]), .map(["v": .string("2")])])])
        #expect(try render("start {{#s}}{{<inner}}{{$b}}{{v}}{{/b}}{{/inner}}{{/s}} end {{v}}", data, partials: partials)
            == "start [inner-a|1][inner-a|2] end top")
    }
}

