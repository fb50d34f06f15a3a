import Testing
@testable import FeedsiteKit

@Suite struct TemplateHelperTests {
    func render(_ source: String, _ data: TemplateValue, language: String = "en") throws -> String {
        var renderer = TemplateRenderer()
        renderer.language = language
        return String(decoding: try renderer.render(try Template(source, name: "t"), data: data), as: UTF8.self)
    }

    @Test("truncate_N keeps text of N characters or fewer and cuts longer text to N characters ending in an ellipsis", arguments: [
        ("Hello", 5, "Hello"), ("Hello!", 5, "Hell…"), ("Hello world", 7, "Hello…"), ("abc", 1, "…"), ("abc", 3, "abc"), ("", 3, ""),
    ])
    func truncate(_ text: String, _ length: Int, _ expected: String) throws {
        #expect(try render("{{#truncate_\(length)}}{{v}}{{/truncate_\(length)}}", .map(["v": .string(text)])) == expected)
    }

    @Test("truncate_N counts grapheme clusters: never splits an emoji sequence, a flag or a combining accent")
    func truncateGraphemes() throws {
        let family = "👨‍👩‍👧‍👦"
        let text = "e\u{301}\(family)🇩🇪xyz"
        #expect(try render("{{#truncate_3}}{{v}}{{/truncate_3}}", .map(["v": .string(text)])) == "e\u{301}\(family)…")
        #expect(try render("{{#truncate_6}}{{v}}{{/truncate_6}}", .map(["v": .string(text)])) == text)
    }

    @Test("truncate_N escapes what it keeps once, and never cuts an entity in half")
    func truncateEscapes() throws {
        let data = TemplateValue.map(["v": .string("<b>&amp;</b> & more text")])
        #expect(try render("{{#truncate_6}}{{v}}{{/truncate_6}}", data) == "&lt;b&gt;&amp;a…")
        #expect(try render("{{#truncate_6}}{{{v}}}{{/truncate_6}}", data) == "&lt;b&gt;&amp;a…")
    }

    @Test("names that only look like helpers are not helpers", arguments: ["truncate_0", "truncate_", "truncate_x", "truncate_01",
                                                                          "truncate_99999999", "truncate_1000001", "a.date"])
    func notHelpers(_ name: String) throws {
        #expect(TemplateHelper(try #require(TemplateName(name[...]))) == nil)
        #expect(try render("[{{#\(name)}}x{{/\(name)}}]", .map([:])) == "[]")
    }

    @Test("a key of the same name in the data wins over the helper, as a lambda at the bottom of the stack would")
    func dataWins() throws {
        #expect(try render("{{#json}}{{.}}{{/json}}", .map(["json": .string("data")])) == "data")
        #expect(try render("{{^json}}no helper{{/json}}", .map([:])) == "")
    }

    @Test("json writes a list or map alone in it as JSON, keys sorted, strings escaped for a script block as text is")
    func jsonStructured() throws {
        let data = TemplateValue.map(["l": .list([.string("a</script>"), .int(1), .double(1.5), .bool(true), .null, .double(.infinity),
                                                  .map(["b": .string("&\u{2028}"), "a": .list([])])])])
        #expect(try render("<script>const l = {{#json}} {{l}}\n{{/json}};</script>", data)
            == #"<script>const l = ["a\u003c/script\u003e",1,1.5,true,null,null,{"a":[],"b":"\u0026\u2028"}];</script>"#)
        #expect(try render("{{#json}}{{{l}}}{{/json}}", .map(["l": .map([:])])) == "{}")
        #expect(try render("{{#json}}x{{l}}{{/json}}", data) == #""x""#)
        #expect(try render("{{#json}}{{s}}{{/json}}", .map(["s": .string("<b>")])) == #""\u003cb\u003e""#)
    }

    @Test("date writes an ISO 8601 date or date-time in the site's language", arguments: [
        ("en", "1 December 2026"), ("en-GB", "1 December 2026"), ("en-US", "December 1, 2026"), ("de", "1. Dezember 2026"),
        ("de-AT", "1. Dezember 2026"), ("fr", "1er décembre 2026"), ("es", "1 de diciembre de 2026"), ("it", "1º dicembre 2026"),
        ("pt-BR", "1 de dezembro de 2026"), ("nl", "1 december 2026"), ("sv", "1 december 2026"), ("da", "1. december 2026"),
        ("nb", "1. desember 2026"), ("pl", "1 grudnia 2026"), ("ja", "2026-12-01"), ("zh-Hans", "2026-12-01"), ("", "2026-12-01"),
        ("en-Latn-US", "December 1, 2026"), ("EN-us", "December 1, 2026"), ("en-US-posix", "December 1, 2026"), ("en-us-u-ca-gregory", "December 1, 2026"),
        ("en-PR", "December 1, 2026"), ("en-840", "December 1, 2026"), ("en-Latn-GB", "1 December 2026"), ("en-USA", "1 December 2026"),
        ("en-u-rg-us", "1 December 2026"), ("DE-at", "1. Dezember 2026"), ("pt-Latn-BR", "1 de dezembro de 2026"),
    ])
    func date(_ language: String, _ expected: String) throws {
        let data = TemplateValue.map(["d": .string("2026-12-01T14:03:00Z"), "e": .string(" 2026-12-01 ")])
        #expect(try render("{{#date}}{{d}}{{/date}}", data, language: language) == expected)
        #expect(try render("{{#date}}{{e}}{{/date}}", data, language: language) == expected)
    }

    @Test("date takes the times ISO 8601 and RFC 3339 write", arguments: [
        "2026-12-01T14:03", "2026-12-01 14:03", "2026-12-01T23:59:60Z", "2026-12-01t00:00:00.123z", "2026-12-01T14:03:00+01:00", "2026-12-01T14:03:00-05:30",
    ])
    func dateTimes(_ text: String) throws {
        #expect(try render("{{#date}}{{v}}{{/date}}", .map(["v": .string(text)])) == "1 December 2026")
    }

    @Test("date writes days after the first plainly and escapes nothing it need not")
    func dateOtherDays() throws {
        #expect(try render("{{#date}}2024-02-29{{/date}}", .null, language: "fr") == "29 février 2024")
        #expect(try render("{{#date}}2026-03-07{{/date}}", .null, language: "it") == "7 marzo 2026")
    }

    @Test("date renders nothing for empty text (a post without a date)")
    func dateEmpty() throws {
        #expect(try render("[{{#date}}{{published}}{{/date}}]", .map(["published": .null])) == "[]")
    }

    @Test("date refuses text that is not a date, at the section's line and column", arguments: [
        "yesterday", "2026-13-01", "2026-02-29", "2026-12-32", "2026-1-01", "2026-12-01X", "2026-12-01T", "<script>2026-12-01",
        "2026-12-01T25:00:00Z", "2026-12-01T14:60", "2026-12-01T14:03:61Z", "2026-12-01T14:03:00+25:00", "2026-12-01T14:03:00Zjunk", "2026-12-01 1",
    ])
    func dateErrors(_ text: String) throws {
        let error = try #require(throws: DiagnosticError.self) {
            try render("<p>\n  {{#date}}{{v}}{{/date}}", .map(["v": .string(text)]))
        }
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.location.line == 2)
        #expect(diagnostic.location.column == 3)
        #expect(diagnostic.message.hasPrefix("'date' expects an ISO 8601 date"))
    }

    @Test("url_encode percent-encodes everything but unreserved characters, for a query value")
    func urlEncode() throws {
        let data = TemplateValue.map(["v": .string("a b&c=d/é?#%+~_.-\"<'\n")])
        #expect(try render("?q={{#url_encode}}{{v}}{{/url_encode}}", data) == "?q=a%20b%26c%3Dd%2F%C3%A9%3F%23%25%2B~_.-%22%3C%27%0A")
    }

    @Test("json writes a JSON string no HTML parser ends early: </script, <!-- and U+2028/2029 are escaped")
    func json() throws {
        let hostile = "</script><script>alert(1)</script><!-- \u{2028}\u{2029} \"q\" \\ & ]]> \u{0}\u{1F}"
        let output = try render("<script>var t = {{#json}}{{{v}}}{{/json}};</script>", .map(["v": .string(hostile)]))
        #expect(output == #"<script>var t = "\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e\u003c!-- \u2028\u2029 \"q\" \\ \u0026 ]]\u003e \u0000\u001f";</script>"#)
        let literal = String(output.dropFirst("<script>var t = ".count).dropLast(";</script>".count))
        let decoded = try JSONReader.read(Array(literal.utf8), file: "t")
        #expect(decoded.string == hostile)
    }

    @Test("helpers nest and see the context of their section")
    func nesting() throws {
        let data = TemplateValue.map(["items": .list([.map(["t": .string("one two three")]), .map(["t": .string("four")])])])
        #expect(try render("{{#items}}{{#json}}{{#truncate_5}}{{t}}{{/truncate_5}}{{/json}},{{/items}}", data) == "\"one…\",\"four\",")
    }

    @Test("a helper nested in another hands it raw text, so the outer one escapes once")
    func nestedEscapesOnce() throws {
        #expect(try render("{{#json}}{{#truncate_5}}a<b&cd{{/truncate_5}}{{/json}}", .null) == #""a\u003cb\u0026…""#)
        #expect(try render("{{#url_encode}}{{#truncate_9}}{{v}}{{/truncate_9}}{{/url_encode}}", .map(["v": .string("a&b")])) == "a%26b")
        #expect(try render("{{#truncate_9}}{{#date}}2026-12-01{{/date}}{{/truncate_9}}", .null) == "1 Decemb…")
    }

    @Test("a helper's content is indented like other text when a partial is indented")
    func indentation() throws {
        let partial = try Template("{{#truncate_3}}abcdef{{/truncate_3}}\n", name: "p")
        let renderer = TemplateRenderer(partials: TemplateLibrary(["p": partial]))
        let output = try renderer.render(try Template("<div>\n  {{> p}}\n</div>", name: "t"), data: .null)
        #expect(String(decoding: output, as: UTF8.self) == "<div>\n  ab…\n</div>")
    }

    @Test("a hostile length or huge text neither crashes nor takes long")
    func hostileLengths() throws {
        let long = String(repeating: "👍🏽", count: 200_000)
        let output = try render("{{#truncate_1000000}}{{v}}{{/truncate_1000000}}", .map(["v": .string(long)]))
        #expect(output == long)
        #expect(try render("{{#truncate_2}}{{v}}{{/truncate_2}}", .map(["v": .string(long)])) == "👍🏽…")
    }
}
