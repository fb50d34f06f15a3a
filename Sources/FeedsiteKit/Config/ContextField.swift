/// One name an option gives the template context (`account.theme`, `account.compose_url`) and
/// how its value is made from the option's value.
struct ContextField: Sendable {
    /// The name inside the option's record (`theme` of `account.theme`).
    let name: String
    /// What templates find there.
    let kind: Kind
    /// What it holds, for the README; nil: the option's value as set.
    let summary: String?
    /// How the value is made.
    let source: Source

    /// The kinds of value a template sees.
    enum Kind: String, Sendable {
        case string, number, boolean
        /// Free-form data: any name below it may resolve.
        case map
    }

    /// How a field's value is made from its option's value.
    enum Source: Sendable {
        /// The option's value as it is.
        case value
        /// A function of the option's value.
        case transform(@Sendable (TemplateValue) -> TemplateValue)
        /// A function of the whole account and the site's intent host.
        case account(@Sendable (Account, IntentHost) -> TemplateValue)
    }
}

extension ContextField {
    /// The option's value as set, under the option's own key.
    static func same(_ kind: Kind, summary: String? = nil) -> ContextField {
        ContextField(name: "", kind: kind, summary: summary, source: .value)
    }

    /// A value made from the option's value.
    static func transformed(_ name: String, _ kind: Kind, _ summary: String,
                            _ transform: @escaping @Sendable (TemplateValue) -> TemplateValue) -> ContextField {
        ContextField(name: name, kind: kind, summary: summary, source: .transform(transform))
    }

    /// A value made from the whole account.
    static func fromAccount(_ name: String, _ kind: Kind, _ summary: String,
                            _ make: @escaping @Sendable (Account, IntentHost) -> TemplateValue) -> ContextField {
        ContextField(name: name, kind: kind, summary: summary, source: .account(make))
    }

    /// This field's value, given `value`, the value of its option (on `account` for account options).
    func value(_ value: TemplateValue, account: Account?, intentHost: IntentHost) -> TemplateValue {
        source.value(value, account: account, intentHost: intentHost)
    }

    /// The field with an empty name replaced by `key`.
    func named(_ key: String) -> ContextField {
        name.isEmpty ? ContextField(name: key, kind: kind, summary: summary, source: source) : self
    }
}

extension ContextField.Source {
    /// The field's value, given `value`, the value of its option (on `account` for account options).
    @inline(__always)
    func value(_ value: TemplateValue, account: Account?, intentHost: IntentHost) -> TemplateValue {
        switch self {
        case .value: value
        case .transform(let transform): transform(value)
        case .account(let make): account.map { make($0, intentHost) } ?? .null
        }
    }
}
