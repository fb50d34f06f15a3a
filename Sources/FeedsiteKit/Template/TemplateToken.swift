/// A piece of template source found by the tokenizer: text, a line break, or a tag.
struct TemplateToken {
    enum Kind: Equatable {
        case text
        case newline
        case variable(escaped: Bool)
        case sectionOpen(inverted: Bool)
        case close
        case partial
        case parentOpen
        case blockOpen
        case comment
        case delimiters
    }

    var kind: Kind
    /// Byte range in the source: the text, or the whole tag with its delimiters.
    var start: Int
    var end: Int
    /// The tag's name, trimmed (for dynamic names, without the `*`).
    var name: Substring = ""
    var isDynamic = false
    /// Set when the token's line is standalone (and so removed from the output).
    var standalone = false
    /// For standalone tags, the white space that began their line.
    var indentation: [UInt8] = []

    /// Whether the tag may stand alone on a line and take the line with it.
    var canStandAlone: Bool {
        switch kind {
        case .text, .newline, .variable: false
        default: true
        }
    }
}
