/// Builds the node tree from parser events: anchors and aliases, duplicate keys, tags and the alias budget.
struct YAMLTreeBuilder {
    let file: String
    let aliasBudget: Int
    /// How many lists and maps enclose the document read in the whole file (1 for the items of a top-level list read alone),
    /// counted towards the depth limit so that a part read alone is refused where the whole file would be.
    let outerDepth: Int
    var diagnostics = DiagnosticCollector()
    private(set) var root: YAMLNode?
    private var stack: [Frame] = []
    private var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    private var documents = 0
    /// How many nodes aliases added.
    private(set) var aliasNodes = 0
    /// Whether the document was marked: `---` or directives before it (`start`), `...` after it (`end`).
    private(set) var marks: (start: Bool, directives: Bool, end: Bool) = (false, false, false)

    init(file: String, aliasBudget: Int, outerDepth: Int = 0) {
        self.file = file
        self.aliasBudget = aliasBudget
        self.outerDepth = outerDepth
    }

    /// Takes one event; returns a diagnostic when parsing must stop here.
    mutating func consume(_ event: consuming YAMLEvent) -> Diagnostic? {
        switch event {
        case .documentStart(let at, let marked, let directives):
            documents += 1
            marks.start = marks.start || marked
            marks.directives = marks.directives || directives
            if documents > 1 {
                return Diagnostic(at: at, "a second YAML document starts here; feedsite reads exactly one",
                                  hint: "remove the '---' line and merge the two parts, or delete everything after it")
            }
        case .alias(let name, let at):
            guard let anchored = anchors[name] else {
                diagnostics.error(at, "alias '*\(name)' refers to no anchor defined above it",
                                  hint: Suggestion.closest(to: name, in: anchors.keys).map { "did you mean '*\($0)'?" }
                                      ?? "define '&\(name)' on a value before this line")
                attach(YAMLNode(.scalar(YAMLScalar(text: "", style: .plain, value: .null)), at: at), size: 1)
                return nil
            }
            aliasNodes += anchored.size
            if aliasNodes > aliasBudget {
                return Diagnostic(at: at, "aliases expand this document to more than \(aliasBudget) nodes",
                                  hint: "this looks like an alias bomb; write the values out instead of nesting aliases")
            }
            var node = anchored.node
            node.location = at
            attach(node, size: anchored.size)
        case .scalar(let text, let style, let start, let anchor, let tag, let at):
            let value = resolve(text, isPlain: style == .plain, tag: tag, at: at)
            let node = YAMLNode(.scalar(YAMLScalar(text: text, style: style, value: value, start: start)), at: at)
            if let anchor { anchors[anchor] = (node, 1) }
            attach(node, size: 1)
        case .sequenceStart(let anchor, let tag, let at):
            if stack.count + outerDepth >= Self.maximumDepth { return tooDeep(at) }
            checkCollectionTag(tag, expected: "seq", at: at)
            stack.append(Frame(kind: .sequence, anchor: anchor, location: at))
        case .mappingStart(let anchor, let tag, let at):
            if stack.count + outerDepth >= Self.maximumDepth { return tooDeep(at) }
            checkCollectionTag(tag, expected: "map", at: at)
            stack.append(Frame(kind: .mapping, anchor: anchor, location: at))
        case .collectionEnd:
            guard let frame = stack.popLast() else { return nil }
            let content: YAMLNode.Content = frame.kind == .sequence ? .sequence(frame.items) : .mapping(frame.entries)
            let node = YAMLNode(content, at: frame.location)
            if let anchor = frame.anchor { anchors[anchor] = (node, frame.size) }
            attach(node, size: frame.size)
        case .documentEnd(let marked):
            marks.end = marks.end || marked
        case .other:
            break
        }
        return nil
    }
}

extension YAMLTreeBuilder {
    /// How deeply lists and maps may nest: far beyond any config, well within the stack.
    static let maximumDepth = 200
}

private extension YAMLTreeBuilder {

    func tooDeep(_ at: SourceLocation) -> Diagnostic {
        Diagnostic(at: at, "lists and maps nest more than \(Self.maximumDepth) levels deep here",
                   hint: "nest lists and maps at most \(Self.maximumDepth) levels deep: flatten the data")
    }

    struct Frame {
        enum Kind { case sequence, mapping }
        let kind: Kind
        let anchor: String?
        let location: SourceLocation
        var size = 1
        var items: [YAMLNode] = []
        var entries: [YAMLEntry] = []
        var pendingKey: (text: String, location: SourceLocation)?
        // A dictionary for every map costs more (callgrind, generate_site.py 1000, clean build: attach 12.8M -> 7.2M instructions).
        /// The keys seen so far, by text: made only once a map has many keys (small maps are searched).
        var keyIndex: [String: SourceLocation]?

        /// Where `key` first appeared in this map, if it did.
        func location(ofKey key: String) -> SourceLocation? {
            if let keyIndex { return keyIndex[key] }
            return entries.first(where: { $0.key == key })?.keyLocation
        }

        /// Records the key of the entry about to be added.
        mutating func noteKey(_ key: String, at location: SourceLocation) {
            if keyIndex == nil, entries.count >= 16 {
                keyIndex = Dictionary(entries.map { ($0.key, $0.keyLocation) }, uniquingKeysWith: { first, _ in first })
            }
            keyIndex?[key] = location
        }
    }

    /// Adds `node` to the innermost open collection, in place (moving the frame out and back would copy its arrays).
    mutating func attach(_ node: YAMLNode, size: Int) {
        let last = stack.count - 1
        guard last >= 0 else {
            root = node
            return
        }
        stack[last].size += size
        switch stack[last].kind {
        case .sequence:
            stack[last].items.append(node)
        case .mapping:
            if let key = stack[last].pendingKey {
                stack[last].entries.append(YAMLEntry(key: key.text, keyLocation: key.location, value: node))
                stack[last].pendingKey = nil
            } else {
                let text: String
                if case .scalar(let scalar) = node.content {
                    text = scalar.text
                } else {
                    diagnostics.error(node.location, "a map key must be a plain value, not \(node.typeDescription)",
                                      hint: "write the key as text followed by ':'")
                    text = ""
                }
                if let first = stack[last].location(ofKey: text) {
                    diagnostics.error(node.location, "duplicate key '\(text)' (first defined at line \(first.line), column \(first.column))",
                                      hint: "remove one of the two, or merge their values")
                } else {
                    stack[last].noteKey(text, at: node.location)
                }
                stack[last].pendingKey = (text, node.location)
            }
        }
    }

    static let coreTag = "tag:yaml.org,2002:"

    mutating func resolve(_ text: String, isPlain: Bool, tag: String?, at: SourceLocation) -> YAMLScalar.Value {
        guard let tag else { return isPlain ? YAMLCoreSchema.resolvePlain(text) : .string(text) }
        if tag == "!" || tag == Self.coreTag + "str" { return .string(text) }
        let resolved = YAMLCoreSchema.resolvePlain(text)
        let matches: Bool
        switch (tag.dropFirst(Self.coreTag.count), resolved) {
        case ("null", .null), ("bool", .bool), ("int", .int), ("float", .double): matches = true
        case ("float", .int(let value)): return .double(Double(value))
        default: matches = false
        }
        if matches, tag.hasPrefix(Self.coreTag) { return resolved }
        if ["null", "bool", "int", "float"].contains(tag.dropFirst(Self.coreTag.count)), tag.hasPrefix(Self.coreTag) {
            diagnostics.error(at, "'\(text)' is not a valid value for tag '!!\(tag.dropFirst(Self.coreTag.count))'",
                              hint: "remove the tag or correct the value")
        } else {
            diagnostics.error(at, "unsupported tag '\(Self.shortTag(tag))'",
                              hint: "remove the tag; feedsite reads plain YAML 1.2 values (strings, numbers, booleans, null, lists, maps)")
        }
        return .string(text)
    }

    mutating func checkCollectionTag(_ tag: String?, expected: String, at: SourceLocation) {
        guard let tag, tag != "!", tag != Self.coreTag + expected else { return }
        diagnostics.error(at, "unsupported tag '\(Self.shortTag(tag))'", hint: "remove the tag")
    }

    static func shortTag(_ tag: String) -> String {
        tag.hasPrefix(coreTag) ? "!!" + tag.dropFirst(coreTag.count) : tag
    }
}
