/// A Mustache template parsed once into a node tree, ready to render many times. A class: a partial
/// is taken out of the library at each tag that includes it, and a struct copy retained each of its parts
/// (callgrind, the posts benchmark's account template, 200 pages: 83.5 M -> 80.4 M instructions).
package final class Template: Sendable {
    /// The template's file (or name), as shown in error messages.
    package let name: String
    /// The source with its line starts, for locations in messages.
    let text: SourceText
    let nodes: [TemplateNode]
    /// The nodes as the renderer steps through them.
    let program: TemplateProgram

    /// Parses `source`; every syntax problem is reported with line and column.
    package init(source: [UInt8], name: String) throws(DiagnosticError) {
        // A UTF-8 byte-order mark is how some editors start a file, not text: it must not land mid-page.
        let text = SourceText(source.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(source.dropFirst(3)) : source, file: name)
        if let problem = TemplateEncoding.problem(in: text) { throw DiagnosticError([problem]) }
        var tokenizer = TemplateTokenizer(text: text)
        let tokens = tokenizer.tokenize()
        var parser = TemplateParser(text: text, diagnostics: tokenizer.diagnostics)
        let nodes = parser.parse(tokens)
        try parser.diagnostics.throwIfErrors()
        self.name = name
        self.text = text
        self.nodes = nodes
        program = TemplateProgram(nodes)
    }

    /// Parses template text.
    package convenience init(_ text: String, name: String) throws(DiagnosticError) {
        try self.init(source: Array(text.utf8), name: name)
    }

    /// The template's bytes.
    var source: [UInt8] { text.bytes }

    /// Where a byte offset of the source stands.
    func location(of offset: Int) -> SourceLocation {
        text.location(of: offset)
    }
}
