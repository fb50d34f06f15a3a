/// A Mustache template parsed once into a node tree, ready to render many times.
package struct Template: Sendable {
    /// The template's file (or name), as shown in error messages.
    package let name: String
    let source: [UInt8]
    let nodes: [TemplateNode]

    /// Parses `source`; every syntax problem is reported with line and column.
    package init(source: [UInt8], name: String) throws(DiagnosticError) {
        var tokenizer = TemplateTokenizer(source: source, template: name)
        let tokens = tokenizer.tokenize()
        var parser = TemplateParser(source: source, template: name, diagnostics: tokenizer.diagnostics)
        let nodes = parser.parse(tokens)
        try parser.diagnostics.throwIfErrors()
        self.name = name
        self.source = source
        self.nodes = nodes
    }

    /// Parses template text.
    package init(_ text: String, name: String) throws(DiagnosticError) {
        try self.init(source: Array(text.utf8), name: name)
    }

    /// Where a byte offset of the source stands.
    func location(of offset: Int) -> SourceLocation {
        TemplateTokenizer.location(of: offset, in: source, file: name)
    }
}
