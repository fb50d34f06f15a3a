import Testing
@testable import FeedsiteKit

/// The JSON Schema of site.yml against the option tables and the decoder: the same keys, and every
/// value the schema offers (each example, each end of each range, each choice) decodes, while one step
/// past a range or a name outside the choices does not.
@Suite struct SiteSchemaTests {
    /// Each map of options the schema describes, with its table's options.
    static var maps: [(place: String, schema: JSONSchemaValue, options: [ConfigOption])] {
        let document = SiteSchema.document
        let account = document["properties"]?["accounts"]?["items"] ?? .null
        return [
            ("the top level", document, OptionTable.site.options),
            ("defaults", document["properties"]?["defaults"] ?? .null, SiteSchema.sharedAccountOptions),
            ("an account", account, OptionTable.account.options),
            ("compose", account["properties"]?["compose"] ?? .null, OptionTable.compose.options),
        ]
    }

    @Test("the schema has exactly the keys the decoder reads, in every map, and refuses any other key as the decoder does")
    func sameKeys() {
        for (place, schema, options) in Self.maps {
            let extra = place == "the top level" ? ["defaults", "accounts"] : []
            #expect(schema["properties"]?.keys == options.map(\.key) + extra, "\(place)")
            #expect(schema["additionalProperties"] == .bool(false), "\(place)")
        }
        #expect(SiteSchema.document["required"] == .array([.string("title"), .string("accounts")]))
        #expect(SiteSchema.document["properties"]?["accounts"]?["items"]?["required"] == .array([.string("handle")]))
    }

    @Test("each option's default, choices and range in the schema are those of the option table")
    func sameValues() throws {
        for (place, schema, options) in Self.maps {
            for option in options {
                let property = try #require(schema["properties"]?[option.key], "\(place): \(option.key)")
                if case .value(let value) = option.defaultValue {
                    #expect(property["default"] == JSONSchemaValue(value), "\(place): \(option.key)")
                } else {
                    #expect(property["default"] == nil, "\(place): \(option.key)")
                }
                #expect(property["description"] != nil, "\(place): \(option.key)")
                switch option.type {
                case .choice(let names):
                    #expect(property["enum"] == .array(names.map(JSONSchemaValue.string) + (option.isRequired ? [] : [.null])))
                case .list(.choice(let names), _):
                    #expect(property["items"]?["enum"] == .array(names.map(JSONSchemaValue.string)), "\(place): \(option.key)")
                case .integer(let range, _):
                    #expect(property["minimum"] == .int(range.lowerBound) && property["maximum"] == .int(range.upperBound))
                case .number(let range, _):
                    #expect(property["minimum"] == .double(range.lowerBound) && property["maximum"] == .double(range.upperBound))
                default:
                    break
                }
            }
        }
    }

    @Test("every value the schema offers decodes: each example, both ends of each range, each choice, and null where an option may be empty")
    func schemaValuesDecode() {
        for (label, yaml) in Self.sites(Self.accepted) {
            #expect(ConfigFixture.diagnostics(yaml).isEmpty, "\(label) is valid by the schema:\n\(yaml)")
        }
    }

    @Test("what the schema refuses, the decoder refuses too: one past each end of a range, a name outside the choices, a value of another type")
    func schemaRefusalsFail() {
        for (label, yaml) in Self.sites(Self.refused) {
            #expect(!ConfigFixture.diagnostics(yaml).isEmpty, "\(label) is refused by the schema:\n\(yaml)")
        }
    }

    @Test("the schema is written as JSON that feedsite's own strict reader reads, starting with the 2020-12 dialect")
    func readsBack() throws {
        let value = try JSONReader.read(Array(SiteSchema.text.utf8), file: SiteSchema.fileName)
        #expect(value.member("$schema")?.kind == .string("https://json-schema.org/draft/2020-12/schema"))
        #expect(SiteSchema.text.hasSuffix("}\n"))
    }
}

private extension SiteSchemaTests {
    /// A site.yml for each option of each map and each value `pick` takes from the option's property schema.
    static func sites(_ pick: (JSONSchemaValue) -> [JSONSchemaValue]) -> [(label: String, yaml: String)] {
        maps.flatMap { place, schema, options in
            options.flatMap { option in
                pick(schema["properties"]?[option.key] ?? .null).map { value in
                    ("\(place): \(option.key): \(value.text)", site(place: place, key: option.key, value: value))
                }
            }
        }
    }

    /// A minimal site with `key: value` (JSON is YAML) at `place`.
    static func site(place: String, key: String, value: JSONSchemaValue) -> String {
        let json = value.text.split(separator: "\n").joined(separator: " ")
        switch place {
        case "the top level": return key == "title" ? "title: \(json)\naccounts:\n  - handle: jack\n" : ConfigFixture.site(extra: "\(key): \(json)\n")
        case "defaults":
            // An account lives on the network `defaults` names, and needs a handle of that network.
            let handle = key == "network" ? value.stringValue.flatMap(Network.init(rawValue:))?.exampleHandle ?? "jack" : "jack"
            return ConfigFixture.site(accounts: "  - handle: \(handle)", extra: "defaults:\n  \(key): \(json)\n")
        case "an account":
            if key == "handle" {
                let network = Network.allCases.first { $0.exampleHandle == value.stringValue }?.rawValue ?? "x"
                return ConfigFixture.site(accounts: "  - handle: \(json)\n    network: \(network)")
            }
            if key == "network" {
                let handle = value.stringValue.flatMap(Network.init(rawValue:))?.exampleHandle ?? "jack"
                return ConfigFixture.site(accounts: "  - handle: \(handle)\n    network: \(json)")
            }
            return ConfigFixture.site(accounts: "  - handle: jack\n    \(key): \(json)")
        default: return ConfigFixture.site(accounts: "  - handle: jack\n    compose:\n      \(key): \(json)")
        }
    }

    static func accepted(_ property: JSONSchemaValue) -> [JSONSchemaValue] {
        var values: [JSONSchemaValue] = []
        if case .array(let examples) = property["examples"] ?? .null { values += examples }
        if case .array(let names) = property["enum"] ?? .null { values += names }
        if case .array(let names) = property["items"]?["enum"] ?? .null { values += names.map { .array([$0]) } }
        if ["integer", "number"].contains(property["type"]?.firstType) {
            values += [property["minimum"], property["maximum"]].compactMap { $0 }
        }
        if let value = property["default"] { values.append(value) }
        if case .array(let types) = property["type"] ?? .null, types.contains(.string("null")) { values.append(.null) }
        return values
    }

    static func refused(_ property: JSONSchemaValue) -> [JSONSchemaValue] {
        var values: [JSONSchemaValue] = []
        if property["enum"] != nil { values.append(.string("no-such-choice")) }
        if property["items"]?["enum"] != nil { values.append(.array([.string("no-such-choice")])) }
        guard ["integer", "number"].contains(property["type"]?.firstType) else { return values }
        if case .int(let minimum) = property["minimum"] { values.append(.int(minimum - 1)) }
        if case .int(let maximum) = property["maximum"] { values.append(maximum < .max ? .int(maximum + 1) : .double(Double(maximum) * 2)) }
        if case .double(let minimum) = property["minimum"] { values.append(.double(minimum - 0.25)) }
        if case .double(let maximum) = property["maximum"] { values.append(.double(maximum + 0.25)) }
        values.append(.string("a word"))
        return values
    }
}

private extension JSONSchemaValue {
    var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The first of the types a `type` keyword names.
    var firstType: String? {
        switch self {
        case .string(let type): type
        case .array(let types): types.first?.stringValue
        default: nil
        }
    }

}
