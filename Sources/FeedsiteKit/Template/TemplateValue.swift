/// The data templates render: a closed set of cases that the YAML loader and the build produce.
package enum TemplateValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([TemplateValue])
    case map([String: TemplateValue])
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

    /// The text an interpolation tag prints: numbers as written in data (`85`, `1.21`), `null` as nothing.
    package var renderedText: String {
        switch self {
        case .null: ""
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .double(let value): Self.format(value)
        case .string(let value): value
        case .list, .map: ""
        }
    }

    /// Looks up a key when this is a map.
    package subscript(key: String) -> TemplateValue? {
        if case .map(let entries) = self { return entries[key] }
        return nil
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
