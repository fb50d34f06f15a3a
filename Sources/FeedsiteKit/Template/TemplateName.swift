/// A name in a tag: `.` (the implicit iterator) or dotted components such as `account.handle`.
///
/// A class, not a struct: the renderer takes a tag's name out of its node at every tag it renders,
/// and a struct's copy retains both arrays each time, a class once.
final class TemplateName: Sendable, Hashable, CustomStringConvertible {
    /// The components; empty for the implicit iterator `.`.
    let components: [String]
    /// Each component's `TemplateKey` number, for finding it in records without hashing or comparing strings.
    let ids: [Int]

    /// The name as written.
    var description: String { components.isEmpty ? "." : components.joined(separator: ".") }

    /// Parses `text`; nil when it is not a valid name (empty component, white space inside).
    init?(_ text: Substring) {
        if text == "." {
            components = []
            ids = []
            return
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty }),
              !text.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else {
            return nil
        }
        components = parts.map(String.init)
        ids = components.map(TemplateKey.id(of:))
    }

    static func == (lhs: TemplateName, rhs: TemplateName) -> Bool {
        lhs === rhs || lhs.components == rhs.components
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(components)
    }
}
