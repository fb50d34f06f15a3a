/// One JSON value as `JSONReader` read it, with the byte offset where it starts in its text, so that
/// whoever interprets the document can point at `file:line:col` (through `SourceText`).
package struct JSONValue: Sendable, Equatable {
    /// What the value is.
    package enum Kind: Sendable, Equatable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A number, as it is written (no precision is lost; see `JSONValue.number`).
        case number(String)
        /// A string, escapes decoded.
        case string(String)
        /// An array.
        case array([JSONValue])
        /// An object's members in document order (duplicate keys are kept; `member(_:)` takes the first).
        case object([JSONMember])
    }

    /// What the value is.
    package var kind: Kind
    /// The byte offset of the value's first character.
    package var offset: Int
}

/// One `"key": value` member of a JSON object.
package struct JSONMember: Sendable, Equatable {
    /// The key, escapes decoded.
    package var key: String
    /// The byte offset of the key's opening quote.
    package var keyOffset: Int
    /// The value.
    package var value: JSONValue
}

extension JSONValue {
    /// The first member called `key` when this is an object; nil otherwise.
    package func member(_ key: String) -> JSONValue? {
        guard case .object(let members) = kind else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The text when this is a string.
    package var string: String? {
        if case .string(let text) = kind { return text }
        return nil
    }

    /// The number when this is a number that fits a `Double`.
    package var number: Double? {
        if case .number(let literal) = kind { return Double(literal) }
        return nil
    }

    /// The value when this is `true` or `false`.
    package var bool: Bool? {
        if case .bool(let value) = kind { return value }
        return nil
    }

    /// The elements when this is an array.
    package var array: [JSONValue]? {
        if case .array(let elements) = kind { return elements }
        return nil
    }

    /// The members when this is an object.
    package var members: [JSONMember]? {
        if case .object(let members) = kind { return members }
        return nil
    }

    /// Whether this is `null`.
    package var isNull: Bool { kind == .null }

    /// "an object", "a string", … for messages such as "expected a string, found an array".
    package var kindName: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
