import Testing
@testable import FeedsiteKit

/// A malformed template and the diagnostic it must produce.
struct BrokenTemplate: CustomTestStringConvertible, Sendable {
    let name: String
    let source: String
    let line: Int
    let column: Int
    let message: String
    var hint: String?

    var testDescription: String { name }
}

@Suite struct TemplateErrorTests {
    static let cases: [BrokenTemplate] = [
        BrokenTemplate(name: "unclosed section", source: "<ul>\n  {{#accounts}}\n  <li>{{name}}</li>\n", line: 2, column: 3,
                       message: "section 'accounts' opened here is never closed", hint: "add {{/accounts}} where it should end"),
        BrokenTemplate(name: "unclosed inverted section", source: "{{^empty}}x", line: 1, column: 1,
                       message: "section 'empty' opened here is never closed"),
        BrokenTemplate(name: "unclosed parent", source: "{{<layout}}{{$content}}x{{/content}}", line: 1, column: 1,
                       message: "parent 'layout' opened here is never closed"),
        BrokenTemplate(name: "unclosed block", source: "a\n {{$content}}x", line: 2, column: 2,
                       message: "block 'content' opened here is never closed"),
        BrokenTemplate(name: "mismatched closing tag", source: "{{#a}}\n{{#b}}\n{{/a}}\n{{/b}}", line: 3, column: 1,
                       message: "closing tag 'a' does not match 'b' opened at line 2, column 1", hint: "close 'b' first with {{/b}}"),
        BrokenTemplate(name: "closing tag without section", source: "x {{/items}}", line: 1, column: 3,
                       message: "closing tag 'items' has no open section"),
        BrokenTemplate(name: "empty tag", source: "a {{}} b", line: 1, column: 3, message: "empty tag"),
        BrokenTemplate(name: "blank tag", source: "a {{  }} b", line: 1, column: 3, message: "empty tag"),
        BrokenTemplate(name: "section without name", source: "{{#}}{{/}}", line: 1, column: 1, message: "section tag without a name"),
        BrokenTemplate(name: "partial without name", source: "x\n  {{> }}", line: 2, column: 3, message: "partial tag without a name"),
        BrokenTemplate(name: "name with a space", source: "{{account handle}}", line: 1, column: 1,
                       message: "invalid name 'account handle' in tag",
                       hint: "names cannot contain spaces; use dots for nested values, e.g. account.handle"),
        BrokenTemplate(name: "name with empty component", source: "é {{account..handle}}", line: 1, column: 3,
                       message: "invalid name 'account..handle' in tag"),
        // Columns count Unicode scalars: a combining accent is one, and a flag two.
        BrokenTemplate(name: "a combining accent and a flag before the tag", source: "e\u{301} 🇩🇪 {{}}", line: 1, column: 7,
                       message: "empty tag"),
        BrokenTemplate(name: "name ending with a dot", source: "{{#site.}}{{/site.}}", line: 1, column: 1,
                       message: "invalid name 'site.' in section tag"),
        BrokenTemplate(name: "unclosed tag", source: "<p>\n  {{title\n</p>", line: 2, column: 3,
                       message: "tag '{{' opened here is never closed"),
        BrokenTemplate(name: "unclosed triple mustache", source: "{{{html}}", line: 1, column: 1,
                       message: "tag '{{' opened here is never closed", hint: "add '}}}' to close it, or write the text as '{{=<% %>=}}' to change delimiters"),
        BrokenTemplate(name: "set delimiters without closing =", source: "{{=<% %>}}", line: 1, column: 1,
                       message: "set-delimiter tag must end with '='"),
        BrokenTemplate(name: "set delimiters with one delimiter", source: "\n{{=<%=}}", line: 2, column: 1,
                       message: "set-delimiter tag needs exactly two delimiters separated by a space, found '<%'"),
        BrokenTemplate(name: "set delimiters with three parts", source: "{{=< % >=}}", line: 1, column: 1,
                       message: "set-delimiter tag needs exactly two delimiters"),
        BrokenTemplate(name: "unclosed tag after new delimiters", source: "{{=<% %>=}}\n<% name", line: 2, column: 1,
                       message: "tag '<%' opened here is never closed"),
        BrokenTemplate(name: "dynamic name invalid", source: "{{>* a b}}", line: 1, column: 1, message: "invalid name 'a b' in partial tag"),
    ]

    @Test("each malformed template is reported at its line and column", arguments: cases)
    func malformed(_ broken: BrokenTemplate) throws {
        do {
            _ = try Template(broken.source, name: "templates/account.html")
            Issue.record("expected an error")
        } catch {
            let diagnostic = try #require(error.diagnostics.first { $0.message.hasPrefix(broken.message) },
                                          "got \(error.diagnostics.map(\.description))")
            #expect(diagnostic.location == SourceLocation(file: "templates/account.html", line: broken.line, column: broken.column))
            if let hint = broken.hint { #expect(diagnostic.hint == hint) }
        }
    }

    @Test("an error prints with the template's path, line and column")
    func printedForm() {
        do {
            _ = try Template("a\n\n\n\n\n\n\n\n\n\n\n\n\n  {{#accounts}}", name: "templates/account.html")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "templates/account.html:14:3: error: section 'accounts' opened here is never closed\n  hint: add {{/accounts}} where it should end")
        }
    }

    @Test("several problems in one template are all reported")
    func severalProblems() {
        do {
            _ = try Template("{{}}\n{{/x}}\n{{#y}}", name: "t.html")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.map(\.location.line) == [1, 2, 3])
        }
    }

    @Test("a partial that includes itself without end is an error at the tag, not a crash")
    func partialCycle() throws {
        let partial = try Template("x{{> loop}}", name: "partials/loop.html")
        let template = try Template("start\n{{> loop}}", name: "page.html")
        let renderer = TemplateRenderer(partials: TemplateLibrary(["loop": partial]))
        do {
            _ = try renderer.render(template, data: .map([:]))
            Issue.record("expected an error")
        } catch {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.location == SourceLocation(file: "partials/loop.html", line: 1, column: 2))
            #expect(diagnostic.message.contains("a partial cycle that never ends"))
        }
    }

    @Test("a parent that includes itself without end is an error too")
    func parentCycle() throws {
        let layout = try Template("{{<layout}}{{/layout}}", name: "layout.html")
        let renderer = TemplateRenderer(partials: TemplateLibrary(["layout": layout]))
        #expect(throws: DiagnosticError.self) {
            _ = try renderer.render(layout, data: .null)
        }
    }

    @Test("with the error policy, a missing partial is an error at the tag with a hint")
    func missingPartialError() throws {
        let template = try Template("<body>\n  {{> footr}}\n", name: "templates/index.html")
        let footer = try Template("f", name: "templates/partials/footer.html")
        let renderer = TemplateRenderer(partials: TemplateLibrary(["footer": footer]), missingPartials: .error)
        do {
            _ = try renderer.render(template, data: .null)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "templates/index.html:2:3: error: partial 'footr' does not exist\n  hint: did you mean 'footer'?")
        }
    }

    @Test("by default a missing partial renders nothing, as the specification says")
    func missingPartialRendersNothing() throws {
        let template = try Template("[{{> nothing}}]", name: "t")
        #expect(try TemplateRenderer().render(template, data: .null) == Array("[]".utf8))
    }
}
