/// Typed reads of option values (stored as template data so that templates see them as they are).
extension TemplateValue {
    /// The text of a string value.
    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value of a number, integer or decimal.
    var number: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// The items of a list.
    var list: [TemplateValue]? {
        if case .list(let items) = self { return items }
        return nil
    }

    /// The texts of a list of strings.
    var strings: [String]? {
        list?.compactMap(\.string)
    }
}
