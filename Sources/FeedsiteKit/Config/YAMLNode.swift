/// One node of a parsed YAML document, with the position where it starts.
package struct YAMLNode: Sendable {
    /// What the node holds.
    package enum Content: Sendable {
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        case mapping([YAMLEntry])
    }

    /// The node's content.
    package var content: Content
    /// Where the node starts (for a key, where the key starts).
    package var location: SourceLocation

    /// Creates a node.
    package init(_ content: Content, at location: SourceLocation) {
        self.content = content
        self.location = location
    }
}

/// One key and value of a YAML mapping.
package struct YAMLEntry: Sendable {
    /// The key as text (keys are always scalars here).
    package var key: String
    /// Where the key starts.
    package var keyLocation: SourceLocation
    /// The value.
    package var value: YAMLNode
}

/// A scalar with its source text and its value under the YAML 1.2 core schema.
package struct YAMLScalar: Sendable {
    /// The typed value of a scalar.
    package enum Value: Sendable, Equatable {
        case null
        case bool(Bool)
        case int(Int)
        case double(Double)
        case string(String)
    }

    /// How a scalar is written in the file.
    package enum Style: UInt8, Sendable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    /// The scalar's text after YAML unescaping and folding.
    package var text: String
    /// How it was written: anything but plain is always a string.
    package var style: Style
    /// The typed value.
    package var value: Value
    /// Where the scalar's node starts in the file (at its anchor or tag when it has one), as libyaml
    /// counts: in characters from the start of the text, a byte order mark not counted; nil for the
    /// stand-in of an alias to nothing. `YAMLScalarLocator` turns it into a position when one is needed.
    package var start: Int?

    /// Creates a scalar.
    package init(text: String, style: Style, value: Value, start: Int? = nil) {
        self.text = text
        self.style = style
        self.value = value
        self.start = start
    }

    /// Whether it was quoted or a block scalar (then it is always a string).
    package var isQuoted: Bool { style != .plain }
}

extension YAMLNode {
    /// A short description of the node's type for "expected X, found Y" messages.
    package var typeDescription: String {
        switch content {
        case .sequence: "a list"
        case .mapping: "a map"
        case .scalar(let scalar):
            switch scalar.value {
            case .null: "nothing (null)"
            case .bool: "a boolean"
            case .int: "an integer"
            case .double: "a number"
            case .string: "a string"
            }
        }
    }

    /// The node converted to template data; map keys keep their last value. A number that would not
    /// print as written (`1.10`, `0x1F`, `1e3`, `12345678901234567890`) is kept as its text, which
    /// a template prints as written: templates only print numbers and test them for truth, and a
    /// number and its (never empty) text are both true.
    package var templateValue: TemplateValue {
        switch content {
        case .scalar(let scalar):
            switch scalar.value {
            case .null: .null
            case .bool(let value): .bool(value)
            case .int(let value): Self.number(.int(value), written: scalar.text)
            case .double(let value): Self.number(.double(value), written: scalar.text)
            case .string(let value): .string(value)
            }
        case .sequence(let items):
            .list(items.map(\.templateValue))
        case .mapping(let entries):
            .map(Dictionary(entries.map { ($0.key, $0.value.templateValue) }, uniquingKeysWith: { _, last in last }))
        }
    }
}

extension YAMLNode {
    /// `value` when it prints as `text`, otherwise `text` itself.
    static func number(_ value: TemplateValue, written text: String) -> TemplateValue {
        value.renderedText == text ? value : .string(text)
    }
}
