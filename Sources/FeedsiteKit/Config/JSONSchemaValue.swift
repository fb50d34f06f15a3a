/// A JSON value built to be written, with object members in the order they were added (a JSON
/// Schema reads best with `type` before `description`, and properties in the option table's order).
package indirect enum JSONSchemaValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONSchemaValue])
    case object([(key: String, value: JSONSchemaValue)])

    package static func == (left: JSONSchemaValue, right: JSONSchemaValue) -> Bool {
        switch (left, right) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        default: false
        }
    }
}

extension JSONSchemaValue {
    /// The value of member `key` when this is an object.
    package subscript(key: String) -> JSONSchemaValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The member names when this is an object, in order.
    package var keys: [String] {
        guard case .object(let members) = self else { return [] }
        return members.map(\.key)
    }

    /// The JSON text, indented by two spaces, with a final newline; short arrays of scalars stay on one line.
    package var text: String {
        var out = ""
        write(to: &out, indent: "")
        return out + "\n"
    }

    /// A template value (an option's default) as JSON; records and maps become objects (maps sorted by key).
    init(_ value: TemplateValue) {
        switch value {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        case .int(let int): self = .int(int)
        case .double(let double): self = .double(double)
        case .string(let string): self = .string(string)
        case .list(let items): self = .array(items.map(JSONSchemaValue.init))
        case .map(let entries): self = .object(entries.sorted { $0.key < $1.key }.map { ($0.key, JSONSchemaValue($0.value)) })
        case .record(let record): self = .object(record.schema.keys.map { ($0, JSONSchemaValue(record[$0] ?? .null)) })
        }
    }
}

private extension JSONSchemaValue {
    var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    func write(to out: inout String, indent: String) {
        switch self {
        case .null: out += "null"
        case .bool(let bool): out += bool ? "true" : "false"
        case .int(let int): out += String(int)
        case .double(let double): out += double == double.rounded() && abs(double) < 1e15 ? String(Int(double)) : String(double)
        case .string(let string): out += JSONString.quoted(string)
        case .array(let items) where items.isEmpty: out += "[]"
        case .array(let items) where items.allSatisfy(\.isScalar):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += ", " }
                item.write(to: &out, indent: indent)
            }
            out += "]"
        case .array(let items):
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += indent + "  "
                item.write(to: &out, indent: indent + "  ")
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let members) where members.isEmpty: out += "{}"
        case .object(let members):
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += indent + "  " + JSONString.quoted(member.key) + ": "
                member.value.write(to: &out, indent: indent + "  ")
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        }
    }
}
