/// Checks that what a template writes unescaped suits the HTML around it: `{{#json}}` (a script's
/// string literal) and `{{{name}}}` / `{{& name}}` inside an attribute value, where a quote in the data
/// ends the value and adds attributes, and inline scripts, which every page's Content Security Policy
/// (`script-src 'self'`) blocks.
struct TemplateMarkupChecker {
    /// The errors and warnings found, in the order found.
    private(set) var diagnostics: [Diagnostic] = []
}

extension TemplateMarkupChecker {
    /// Checks the tags and scripts of `template`'s own source (a partial is checked as a template of its own).
    mutating func check(_ template: Template) {
        let markup = TemplateMarkup(template.source)
        walk(template.nodes, in: template, markup: markup, insideHelper: false)
        for offset in markup.inlineScripts {
            diagnostics.append(Diagnostic(.warning, at: template.location(of: offset),
                "this inline <script> never runs: every page's Content Security Policy allows scripts from the site's own files only (script-src 'self')",
                hint: "move the code into a file in templates/assets/ and load it with <script src=\"…/assets/NAME.js\"></script>; "
                    + "to hand it data, write <script type=\"application/json\" id=\"NAME\">{{#json}}…{{/json}}</script> and read it from there"))
        }
    }
}

private extension TemplateMarkupChecker {
    mutating func walk(_ nodes: [TemplateNode], in template: Template, markup: TemplateMarkup, insideHelper: Bool) {
        for node in nodes {
            switch node {
            case .text, .partial:
                break
            case .variable(let name, let escaped, let offset):
                guard !escaped, !insideHelper, markup.isInAttributeValue(offset) else { continue }
                diagnostics.append(Diagnostic(.warning, at: template.location(of: offset),
                    "'\(name)' is written unescaped into an attribute value: a quote in it ends the value, and what follows becomes attributes",
                    hint: "write {{\(name)}} in attributes, which escapes quotes and '<', '&'"))
            case .section(let section):
                let helper = section.inverted ? nil : TemplateHelper(section.name)
                if helper == .json, !insideHelper, markup.isInAttributeValue(section.offset) {
                    diagnostics.append(Diagnostic(.error, at: template.location(of: section.offset),
                        "{{#json}} inside an attribute value: its JSON string keeps '\"' as \\\", which ends the value, so the data can add attributes",
                        hint: "write {{name}} in attributes (it escapes quotes for HTML); {{#json}} is for <script type=\"application/json\"> blocks"))
                }
                walk(section.children, in: template, markup: markup, insideHelper: insideHelper || helper != nil)
            case .parent(_, let overrides):
                for block in overrides.values.sorted(by: { $0.offset < $1.offset }) {
                    walk(block.children, in: template, markup: markup, insideHelper: insideHelper)
                }
            case .block(let block):
                walk(block.children, in: template, markup: markup, insideHelper: insideHelper)
            }
        }
    }
}
