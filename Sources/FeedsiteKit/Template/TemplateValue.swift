/// The data templates render: a closed set of cases that the YAML loader and the build produce.
package enum TemplateValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([TemplateValue])
    case map([String: TemplateValue])
    /// A map with a fixed set of keys (see `TemplateRecord`); it renders like `.map` with the same
    /// entries but is a different value: a record never equals a map.
    case record(TemplateRecord)
}

extension TemplateValue {
    /// Mustache truthiness: `null`, `false`, `""` and empty lists hide a section; `0` and maps do not.
    /// The empty string counts as false so that `{{#description}}…{{/description}}` skips unset text.
    package var isFalsey: Bool {
        switch self {
        case .null: true
        case .bool(let value): !value
        case .list(let items): items.isEmpty
        case .string(let text): text.isEmpty
        default: false
        }
    }

    /// Whether this is a list, a map or a record: what renders as no text.
    var isCollection: Bool {
        switch self {
        case .list, .map, .record: true
        default: false
        }
    }

    /// The text an interpolation tag prints: numbers as written in data (`85`, `1.21`), `null` as nothing.
    package var renderedText: String {
        switch self {
        case .null: ""
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .double(let value): Self.format(value)
        case .string(let value): value
        case .list, .map, .record: ""
        }
    }

    /// Looks up a key when this is a map.
    package subscript(key: String) -> TemplateValue? {
        switch self {
        case .map(let entries): entries[key]
        case .record(let record): record[key]
        default: nil
        }
    }

    /// Looks up a key whose `TemplateKey` number is `id` when this is a map or a record.
    @inline(__always)
    func member(_ key: String, id: Int) -> TemplateValue? {
        switch self {
        case .map(let entries): entries[key]
        case .record(let record): record.value(of: id)
        default: nil
        }
    }
}

private extension TemplateValue {
    static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return String(value)
    }
}
