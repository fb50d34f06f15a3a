/// A template's node tree flattened into one list of plain instructions, made once when the template
/// is parsed: rendering steps through instructions that copy without reference counting, where walking
/// the nodes retained and released each node, its name and its text at every tag of every page
/// (callgrind, the posts benchmark's account template, 200 pages: 90.0 M -> 83.5 M instructions).
///
/// A section's or block's content is the instructions after it, up to its `end`; a parent's blocks
/// are ranges after the template's own instructions.
final class TemplateProgram: Sendable {
    let ops: [TemplateOp]
    /// The template's own instructions (after them: the blocks its parent tags override).
    let body: Range<Int>
    /// All literal text, each text instruction a range of it.
    let text: [UInt8]
    /// The names tags use, by index; `nameIDs[nameStarts[i]..<nameStarts[i + 1]]` are name i's `TemplateKey` numbers.
    let names: [TemplateName]
    let nameIDs: [Int]
    let nameStarts: [Int]
    let sections: [TemplateSection]
    let inclusions: [TemplateInclusion]
    let blocks: [TemplateBlock]
    /// Per parent tag: the blocks it overrides, by name, as the range of each block's content.
    let overrides: [[String: Range<Int>]]

    init(_ nodes: [TemplateNode]) {
        var builder = Builder()
        builder.append(nodes)
        body = 0..<builder.ops.count
        while !builder.pendingOverrides.isEmpty {
            let (parent, name, block) = builder.pendingOverrides.removeFirst()
            let start = builder.ops.count
            builder.append(block.children)
            builder.overrides[parent][name] = start..<builder.ops.count
        }
        ops = builder.ops
        text = builder.text
        names = builder.names
        nameIDs = builder.nameIDs
        nameStarts = builder.nameStarts + [builder.nameIDs.count]
        sections = builder.sections
        inclusions = builder.inclusions
        blocks = builder.blocks
        overrides = builder.overrides
    }
}

/// One instruction of a `TemplateProgram`: a kind and three numbers whose meaning depends on it.
struct TemplateOp: Sendable {
    enum Kind: UInt8, Sendable {
        /// `program.text[a..<b]`.
        case text
        /// The name `a`; `b` is 1 when escaped.
        case variable
        /// `program.sections[b]` named `a`; its content runs to `end`.
        case section
        /// The same, inverted.
        case invertedSection
        /// `program.inclusions[b]`.
        case partial
        /// `program.inclusions[b]`, with `program.overrides[a]`.
        case parent
        /// `program.blocks[b]`; its own content runs to `end`.
        case block
    }

    let kind: Kind
    let a: Int
    let b: Int
    /// Where the instructions after a section or block start.
    var end: Int
}

private extension TemplateProgram {
    struct Builder {
        var ops: [TemplateOp] = []
        var text: [UInt8] = []
        var names: [TemplateName] = []
        var nameIDs: [Int] = []
        var nameStarts: [Int] = []
        var nameIndex: [TemplateName: Int] = [:]
        var sections: [TemplateSection] = []
        var inclusions: [TemplateInclusion] = []
        var blocks: [TemplateBlock] = []
        var overrides: [[String: Range<Int>]] = []
        var pendingOverrides: [(parent: Int, name: String, block: TemplateBlock)] = []

        mutating func name(_ name: TemplateName) -> Int {
            if let index = nameIndex[name] { return index }
            let index = names.count
            names.append(name)
            nameStarts.append(nameIDs.count)
            nameIDs += name.ids
            nameIndex[name] = index
            return index
        }

        mutating func append(_ nodes: [TemplateNode]) {
            for node in nodes {
                switch node {
                case .text(let bytes):
                    let start = text.count
                    text += bytes
                    ops.append(TemplateOp(kind: .text, a: start, b: text.count, end: ops.count + 1))
                case .variable(let name, let escaped, _):
                    ops.append(TemplateOp(kind: .variable, a: self.name(name), b: escaped ? 1 : 0, end: ops.count + 1))
                case .section(let section):
                    let at = ops.count
                    sections.append(section)
                    ops.append(TemplateOp(kind: section.inverted ? .invertedSection : .section, a: self.name(section.name), b: sections.count - 1, end: 0))
                    append(section.children)
                    ops[at].end = ops.count
                case .partial(let inclusion):
                    inclusions.append(inclusion)
                    ops.append(TemplateOp(kind: .partial, a: 0, b: inclusions.count - 1, end: ops.count + 1))
                case .parent(let inclusion, let own):
                    inclusions.append(inclusion)
                    overrides.append([:])
                    for (name, block) in own { pendingOverrides.append((overrides.count - 1, name, block)) }
                    ops.append(TemplateOp(kind: .parent, a: overrides.count - 1, b: inclusions.count - 1, end: ops.count + 1))
                case .block(let block):
                    let at = ops.count
                    blocks.append(block)
                    ops.append(TemplateOp(kind: .block, a: 0, b: blocks.count - 1, end: 0))
                    append(block.children)
                    ops[at].end = ops.count
                }
            }
        }
    }
}
