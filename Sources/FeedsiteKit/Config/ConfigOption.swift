/// One option of site.yml, declared once: everything the decoder, the merge of `defaults`, the
/// template context, its schema and the README's reference need to know about it.
struct ConfigOption: Sendable {
    /// The key in site.yml.
    let key: String
    /// What it accepts.
    let type: OptionType
    /// What it is when unset.
    let defaultValue: OptionDefault
    /// How `defaults` combines with an account's own value.
    let merge: OptionMerge
    /// The names it gives the template context (none: templates do not see it).
    let context: [ContextField]
    /// One line for the README's reference.
    let summary: String
    /// Whether, written in `defaults`, its texts may name the account with `{handle}`, `{name}`…
    /// (`DefaultPlaceholders`); in any other option of `defaults` a placeholder is an error.
    let placeholders: Bool

    /// Declares an option; context fields made with `.same` or without a name take the key as name.
    init(_ key: String, _ type: OptionType, default defaultValue: OptionDefault = .none, merge: OptionMerge = .replace,
                 placeholders: Bool = false, context: [ContextField] = [], _ summary: String) {
        self.key = key
        self.type = type
        self.defaultValue = defaultValue
        self.merge = merge
        self.context = context.map { $0.named(key) }
        self.summary = summary
        self.placeholders = placeholders
    }
}

extension ConfigOption {
    /// Whether site.yml must set it.
    var isRequired: Bool {
        if case .required = defaultValue { return true }
        return false
    }

    /// The summary with what the README's reference and the JSON Schema add about placeholders.
    var described: String {
        guard placeholders else { return summary }
        return summary + " In `defaults`, " + DefaultPlaceholders.names.map { "`{\($0)}`" }.joined(separator: ", ")
            + " stand for each account's own values (see Placeholders in defaults)."
    }

    /// The value when site.yml does not set it (null when it has none of its own).
    var builtInValue: TemplateValue {
        if case .value(let value) = defaultValue { return value }
        return .null
    }
}
