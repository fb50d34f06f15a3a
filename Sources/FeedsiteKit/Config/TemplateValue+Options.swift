/// Typed reads of option values (stored as template data so that templates see them as they are).
extension TemplateValue {
    /// The text of a string value.
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value of a number, integer or decimal.
    var numberValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// The texts of a list of strings.
    var stringList: [String]? {
        if case .list(let items) = self { return items.compactMap(\.stringValue) }
        return nil
    }
}
