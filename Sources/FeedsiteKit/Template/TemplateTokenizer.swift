/// Splits template source into text, line breaks and tags, following set-delimiter tags as it goes.
struct TemplateTokenizer {
    let text: SourceText
    let source: [UInt8]
    var diagnostics = DiagnosticCollector()
    private var openDelimiter: [UInt8] = Array("{{".utf8)
    private var closeDelimiter: [UInt8] = Array("}}".utf8)

    init(text: SourceText) {
        self.text = text
        source = text.bytes
    }
}

extension TemplateTokenizer {
    /// Every token in source order; problems are recorded in `diagnostics`.
    mutating func tokenize() -> [TemplateToken] {
        var tokens: [TemplateToken] = []
        var position = 0
        while position < source.count {
            let tagStart = find(openDelimiter, from: position) ?? source.count
            appendText(position, tagStart, to: &tokens)
            guard tagStart < source.count else { break }
            guard let token = tag(at: tagStart) else { break }
            position = token.end
            if token.kind == .delimiters, token.name.isEmpty { continue } // malformed: reported, skipped
            tokens.append(token)
        }
        return tokens
    }
}

private extension TemplateTokenizer {
    func location(_ offset: Int) -> SourceLocation {
        text.location(of: offset)
    }

    func find(_ needle: [UInt8], from start: Int) -> Int? {
        BytePattern(bytes: needle).firstOffset(in: source, from: start)
    }

    /// Appends text split at line breaks: a `\n` or `\r\n` becomes its own newline token.
    func appendText(_ start: Int, _ end: Int, to tokens: inout [TemplateToken]) {
        var lineStart = start
        var index = start
        while index < end {
            if source[index] == UInt8(ascii: "\n") {
                let breakStart = index > lineStart && source[index - 1] == UInt8(ascii: "\r") ? index - 1 : index
                if breakStart > lineStart { tokens.append(TemplateToken(kind: .text, start: lineStart, end: breakStart)) }
                tokens.append(TemplateToken(kind: .newline, start: breakStart, end: index + 1))
                lineStart = index + 1
            }
            index += 1
        }
        if end > lineStart { tokens.append(TemplateToken(kind: .text, start: lineStart, end: end)) }
    }

    /// Reads the tag starting at `start`; nil when it is never closed (the rest cannot be read).
    mutating func tag(at start: Int) -> TemplateToken? {
        let contentStart = start + openDelimiter.count
        var closing = closeDelimiter
        let isTriple = contentStart < source.count && source[contentStart] == UInt8(ascii: "{")
        if isTriple { closing = [UInt8(ascii: "}")] + closeDelimiter }
        guard let contentEnd = find(closing, from: contentStart) else {
            let shown = String(decoding: openDelimiter, as: UTF8.self)
            diagnostics.error(location(start), "tag '\(shown)' opened here is never closed",
                              hint: "add '\(String(decoding: closing, as: UTF8.self))' to close it, or write the text as '{{=<% %>=}}' to change delimiters")
            return nil
        }
        let end = contentEnd + closing.count
        var content = Substring(String(decoding: source[contentStart..<contentEnd], as: UTF8.self))
        var token = TemplateToken(kind: .variable(escaped: true), start: start, end: end)
        if isTriple {
            content = content.dropFirst()
            token.kind = .variable(escaped: false)
            return named(token, content.trimmingSpaces, what: "triple-mustache tag")
        }
        let trimmed = content.trimmingSpaces
        guard let sigil = trimmed.first else {
            diagnostics.error(location(start), "empty tag", hint: "write a name between the delimiters, e.g. {{title}}")
            return TemplateToken(kind: .comment, start: start, end: end)
        }
        let rest = trimmed.dropFirst().trimmingSpaces
        switch sigil {
        case "!":
            token.kind = .comment
            return token
        case "=":
            token.kind = .delimiters
            setDelimiters(trimmed, token: &token)
            return token
        case "&":
            token.kind = .variable(escaped: false)
            return named(token, rest, what: "'&' tag")
        case "#", "^":
            token.kind = .sectionOpen(inverted: sigil == "^")
            return named(token, rest, what: "section tag")
        case "/":
            token.kind = .close
            return named(token, rest, what: "closing tag", allowDynamic: true)
        case ">", "<":
            token.kind = sigil == ">" ? .partial : .parentOpen
            return named(token, rest, what: sigil == ">" ? "partial tag" : "parent tag", allowDynamic: true)
        case "$":
            token.kind = .blockOpen
            return named(token, rest, what: "block tag")
        case "{":
            diagnostics.error(location(start), "'{' inside a tag without a matching triple mustache",
                              hint: "write {{{name}}} for unescaped output")
            return TemplateToken(kind: .comment, start: start, end: end)
        default:
            return named(token, trimmed, what: "tag")
        }
    }

    mutating func named(_ token: TemplateToken, _ name: Substring, what: String, allowDynamic: Bool = false) -> TemplateToken {
        var token = token
        var name = name
        if allowDynamic, name.first == "*" {
            token.isDynamic = true
            name = name.dropFirst().trimmingSpaces
        }
        token.name = name
        let isDataName: Bool
        switch token.kind {
        case .variable, .sectionOpen: isDataName = true
        default: isDataName = token.isDynamic
        }
        if name.isEmpty {
            diagnostics.error(location(token.start), "\(what) without a name", hint: "write a name after the sigil, e.g. {{#items}}")
        } else if name.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
            diagnostics.error(location(token.start), "invalid name '\(name)' in \(what)",
                              hint: "names cannot contain spaces; use dots for nested values, e.g. account.handle")
        } else if isDataName, TemplateName(name) == nil {
            diagnostics.error(location(token.start), "invalid name '\(name)' in \(what)",
                              hint: "names are words separated by single dots, e.g. account.handle")
        } else {
            return token
        }
        token.kind = .comment
        return token
    }

    /// Applies `{{=<% %>=}}`; on bad syntax records an error and leaves `token.name` empty.
    mutating func setDelimiters(_ content: Substring, token: inout TemplateToken) {
        let at = location(token.start)
        guard content.count >= 2, content.last == "=" else {
            diagnostics.error(at, "set-delimiter tag must end with '='", hint: "write it as {{=<% %>=}}")
            return
        }
        let inner = content.dropFirst().dropLast()
        let parts = inner.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard parts.count == 2, parts.allSatisfy({ !$0.contains("=") }) else {
            diagnostics.error(at, "set-delimiter tag needs exactly two delimiters separated by a space, found '\(inner.trimmingSpaces)'",
                              hint: "write it as {{=<% %>=}}")
            return
        }
        openDelimiter = Array(parts[0].utf8)
        closeDelimiter = Array(parts[1].utf8)
        token.name = "="
    }
}
