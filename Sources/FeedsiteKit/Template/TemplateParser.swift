/// Turns tokens into a node tree: removes standalone lines, pairs sections, parents and blocks,
/// and normalises block indentation.
struct TemplateParser {
    let text: SourceText
    let source: [UInt8]
    var diagnostics: DiagnosticCollector

    /// How deeply sections, parents and blocks may nest (rendering recurses once per level).
    static let maximumNesting = 100

    struct Frame {
        let token: TemplateToken
        var children: [TemplateNode] = []
        var overrides: [String: TemplateBlock] = [:]
    }

    init(text: SourceText, diagnostics: DiagnosticCollector) {
        self.text = text
        source = text.bytes
        self.diagnostics = diagnostics
    }
}

extension TemplateParser {
    /// The template's top-level nodes; problems are recorded in `diagnostics`.
    mutating func parse(_ tokens: [TemplateToken]) -> [TemplateNode] {
        var tokens = tokens
        let kept = markStandaloneLines(&tokens)
        var stack: [Frame] = []
        var nodes: [TemplateNode] = []
        var pendingText: [UInt8] = []

        func append(_ node: TemplateNode, to stack: inout [Frame], nodes: inout [TemplateNode]) {
            if stack.isEmpty { nodes.append(node) } else { stack[stack.count - 1].children.append(node) }
        }
        func flushText(_ stack: inout [Frame], _ nodes: inout [TemplateNode]) {
            guard !pendingText.isEmpty else { return }
            append(.text(pendingText), to: &stack, nodes: &nodes)
            pendingText = []
        }

        for (index, token) in tokens.enumerated() where kept[index] {
            switch token.kind {
            case .text, .newline:
                pendingText.append(contentsOf: source[token.start..<token.end])
                continue
            default:
                flushText(&stack, &nodes)
            }
            switch token.kind {
            case .variable(let escaped):
                if let name = TemplateName(token.name) {
                    append(.variable(name, escaped: escaped, offset: token.start), to: &stack, nodes: &nodes)
                }
            case .sectionOpen, .parentOpen, .blockOpen:
                guard stack.count < Self.maximumNesting else {
                    diagnostics.error(location(token.start), "sections, parents and blocks nest more than \(Self.maximumNesting) levels deep here",
                                      hint: "templates this deep are almost certainly a mistake; close the sections you opened")
                    return nodes
                }
                stack.append(Frame(token: token))
            case .partial:
                append(.partial(inclusion(token)), to: &stack, nodes: &nodes)
            case .close:
                guard let frame = stack.popLast() else {
                    diagnostics.error(location(token.start), "closing tag '\(token.name)' has no open section",
                                      hint: "remove it, or open the section with {{#\(token.name)}} before it")
                    continue
                }
                guard frame.token.name == token.name else {
                    let opened = location(frame.token.start)
                    diagnostics.error(location(token.start),
                        "closing tag '\(token.name)' does not match '\(frame.token.name)' opened at line \(opened.line), column \(opened.column)",
                        hint: "close '\(frame.token.name)' first with {{/\(frame.token.name)}}")
                    stack.append(frame)
                    continue
                }
                close(frame, with: token, stack: &stack, nodes: &nodes)
            case .text, .newline, .comment, .delimiters:
                break
            }
        }
        flushText(&stack, &nodes)
        for frame in stack.reversed() {
            let kind = switch frame.token.kind {
            case .parentOpen: "parent"
            case .blockOpen: "block"
            default: "section"
            }
            diagnostics.error(location(frame.token.start), "\(kind) '\(frame.token.name)' opened here is never closed",
                              hint: "add {{/\(frame.token.name)}} where it should end")
        }
        return nodes
    }
}

private extension TemplateParser {
    func location(_ offset: Int) -> SourceLocation {
        text.location(of: offset)
    }

    func inclusion(_ token: TemplateToken) -> TemplateInclusion {
        TemplateInclusion(name: String(token.name), dynamicName: token.isDynamic ? TemplateName(token.name) : nil,
                          indentation: token.standalone ? token.indentation : nil, offset: token.start)
    }

    mutating func close(_ frame: Frame, with closing: TemplateToken, stack: inout [Frame], nodes: inout [TemplateNode]) {
        let node: TemplateNode
        switch frame.token.kind {
        case .sectionOpen(let inverted):
            guard let name = TemplateName(frame.token.name) else { return }
            node = .section(TemplateSection(name: name, inverted: inverted, children: frame.children, offset: frame.token.start,
                                            openStandalone: frame.token.standalone, closeStandalone: closing.standalone))
        case .parentOpen:
            node = .parent(inclusion(frame.token), overrides: frame.overrides)
        default:
            let block = Self.block(frame.token, children: frame.children, closeStandalone: closing.standalone)
            if let last = stack.indices.last, stack[last].token.kind == .parentOpen {
                stack[last].overrides[block.name] = block
                return
            }
            node = .block(block)
        }
        if stack.isEmpty { nodes.append(node) } else { stack[stack.count - 1].children.append(node) }
    }

    /// A block with its content dedented by its intrinsic indentation (that of its first line,
    /// when the opening tag stands alone), so that it can be re-indented where it is expanded.
    static func block(_ token: TemplateToken, children: [TemplateNode], closeStandalone: Bool) -> TemplateBlock {
        var block = TemplateBlock(name: String(token.name), children: children, indentation: token.indentation,
                                  openStandalone: token.standalone, closeStandalone: closeStandalone, offset: token.start)
        guard token.standalone, let intrinsic = intrinsicIndentation(children), !intrinsic.isEmpty else { return block }
        var lineStart = true
        TemplateIndentation.dedent(&block.children, by: intrinsic, lineStart: &lineStart)
        block.indentation = intrinsic
        return block
    }

    static func intrinsicIndentation(_ children: [TemplateNode]) -> [UInt8]? {
        switch children.first {
        case .text(let bytes)?:
            return Array(bytes.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
        case .partial(let inclusion)?, .parent(let inclusion, _)?:
            return inclusion.indentation
        case .block(let block)? where block.openStandalone:
            return block.indentation
        default:
            return nil
        }
    }

    /// Marks standalone lines; returns which tokens stay (text and line breaks of standalone lines go).
    func markStandaloneLines(_ tokens: inout [TemplateToken]) -> [Bool] {
        var kept = [Bool](repeating: true, count: tokens.count)
        var openKinds: [TemplateToken.Kind] = []
        var lineStart = 0
        while lineStart < tokens.count {
            var lineEnd = lineStart
            while lineEnd < tokens.count, tokens[lineEnd].kind != .newline { lineEnd += 1 }
            let last = min(lineEnd, tokens.count - 1) // includes the newline token when there is one
            var tags: [Int] = []
            var blank = true
            var touchesParent = false
            for i in lineStart...last {
                switch tokens[i].kind {
                case .text:
                    if !source[tokens[i].start..<tokens[i].end].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
                        blank = false
                    }
                case .newline:
                    break
                default:
                    tags.append(i)
                    if !tokens[i].canStandAlone { blank = false }
                    switch tokens[i].kind {
                    case .sectionOpen, .blockOpen:
                        openKinds.append(tokens[i].kind)
                    case .parentOpen:
                        openKinds.append(tokens[i].kind)
                        touchesParent = true
                    case .close:
                        if openKinds.popLast() == .parentOpen { touchesParent = true }
                    default:
                        break
                    }
                }
            }
            let indentation: [UInt8] = tokens[lineStart].kind == .text && (tags.first ?? -1) > lineStart
                ? Array(source[tokens[lineStart].start..<tokens[lineStart].end]) : []
            if blank, !tags.isEmpty, tags.count == 1 || touchesParent {
                for i in lineStart...last {
                    if tokens[i].kind == .text || tokens[i].kind == .newline {
                        kept[i] = false
                    } else {
                        tokens[i].standalone = true
                    }
                }
                tokens[tags[0]].indentation = indentation
            } else if blank, tags.count == 2, tokens[tags[0]].kind == .blockOpen, tokens[tags[1]].kind == .close {
                // A block opened and closed alone on its line keeps the line but indents what it expands to.
                tokens[tags[0]].indentation = indentation
            }
            lineStart = lineEnd + 1
        }
        return kept
    }
}
