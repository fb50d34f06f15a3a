/// One node of a parsed template. Offsets point into the template's source, for error positions.
indirect enum TemplateNode: Sendable {
    /// Literal template text, as UTF-8.
    case text([UInt8])
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{& name}}` (not escaped).
    case variable(TemplateName, escaped: Bool, offset: Int)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
    case section(TemplateSection)
    /// `{{> name}}` or `{{>* name}}`.
    case partial(TemplateInclusion)
    /// `{{< name}}…{{/name}}` with the blocks it overrides.
    case parent(TemplateInclusion, overrides: [String: TemplateBlock])
    /// `{{$ name}}default{{/name}}`.
    case block(TemplateBlock)
}

/// A section or inverted section.
///
/// A class, not a struct: rendering takes a section out of its node for every item of every list,
/// and a struct's copy retains its name's arrays and its children each time, a class once
/// (callgrind, see the commit that made it one).
final class TemplateSection: Sendable {
    let name: TemplateName
    let inverted: Bool
    let children: [TemplateNode]
    let offset: Int
    /// Whether the opening and closing tags stood alone on their lines (their lines were removed).
    let openStandalone: Bool
    let closeStandalone: Bool

    init(name: TemplateName, inverted: Bool, children: [TemplateNode], offset: Int, openStandalone: Bool, closeStandalone: Bool) {
        self.name = name
        self.inverted = inverted
        self.children = children
        self.offset = offset
        self.openStandalone = openStandalone
        self.closeStandalone = closeStandalone
    }
}

/// A partial or parent tag: which template to include and how to indent it.
struct TemplateInclusion: Sendable {
    /// The template's name, or for a dynamic name (`*name`) the data name that holds it.
    let name: String
    let dynamicName: TemplateName?
    /// The white space before a standalone tag, added to every line of the included template.
    var indentation: [UInt8]?
    let offset: Int
}

/// A block: a named, overridable piece of a template.
struct TemplateBlock: Sendable {
    let name: String
    var children: [TemplateNode]
    /// The indentation the block's content is expanded with (intrinsic or of its standalone tag).
    var indentation: [UInt8]
    /// Whether the opening tag stood alone on its line (expansion then starts on a fresh line).
    let openStandalone: Bool
    let closeStandalone: Bool
    let offset: Int
}
