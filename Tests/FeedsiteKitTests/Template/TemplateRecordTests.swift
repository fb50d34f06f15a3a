import Testing
@testable import FeedsiteKit

@Suite struct TemplateRecordTests {
    static let inner = TemplateRecord.Schema(["name", "empty", "items", "flag"])
    static let outer = TemplateRecord.Schema(["user", "title", "nothing"])

    /// The same data twice: as records and as plain maps.
    static func data(asRecords: Bool) -> TemplateValue {
        let user: [(String, TemplateValue)] = [
            ("name", .string("Ana & Bo")), ("empty", .string("")), ("items", .list([.int(1), .int(2)])), ("flag", .bool(true)),
        ]
        let top: [(String, TemplateValue)] = [("title", .string("T")), ("nothing", .null)]
        func value(_ pairs: [(String, TemplateValue)], _ schema: TemplateRecord.Schema) -> TemplateValue {
            asRecords ? .record(TemplateRecord(schema, pairs.map(\.1))) : .map(Dictionary(uniqueKeysWithValues: pairs))
        }
        let userValue = value(user, inner)
        return value([("user", userValue)] + top, outer)
    }

    static let templates = [
        "{{user.name}}|{{{user.name}}}|{{title}}|{{missing}}|{{user.missing}}|{{user.name.deeper}}",
        "{{#user}}{{name}} {{title}}{{/user}}",
        "{{#user.items}}<{{.}}:{{name}}:{{user.flag}}>{{/user.items}}",
        "{{^user.empty}}empty{{/user.empty}}{{#user.empty}}not{{/user.empty}}{{^nothing}}null{{/nothing}}",
        "{{#user}}{{#flag}}[{{title}}]{{/flag}}{{/user}}{{^user}}never{{/user}}",
        "{{user}}{{#title}}{{.}}{{/title}}",
    ]

    @Test("records render exactly like maps with the same entries", arguments: templates)
    func rendersLikeMap(_ source: String) throws {
        let template = try Template(source, name: "t")
        let fromRecords = try TemplateRenderer().render(template, data: Self.data(asRecords: true))
        let fromMaps = try TemplateRenderer().render(template, data: Self.data(asRecords: false))
        #expect(String(decoding: fromRecords, as: UTF8.self) == String(decoding: fromMaps, as: UTF8.self))
    }

    @Test("names resolve in a record, fall through to outer contexts and miss as nothing")
    func lookups() throws {
        let template = try Template("{{user.name}}/{{#user}}{{name}}-{{title}}-{{missing}}{{/user}}/{{#user.items}}{{.}}{{title}}{{name}}{{/user.items}}", name: "t")
        let output = try TemplateRenderer().render(template, data: Self.data(asRecords: true))
        #expect(String(decoding: output, as: UTF8.self) == "Ana &amp; Bo/Ana &amp; Bo-T-/1T2T")
    }

    @Test("subscripts and entries give the values by key; a key the schema lacks is nil")
    func subscripts() {
        let record = TemplateRecord(Self.inner, [.string("a"), .string(""), .list([]), .bool(false)])
        #expect(record["name"] == .string("a"))
        #expect(record["flag"] == .bool(false))
        #expect(record["nope"] == nil)
        #expect(TemplateValue.record(record)["items"] == .list([]))
        #expect(record.entries == ["name": .string("a"), "empty": .string(""), "items": .list([]), "flag": .bool(false)])
    }

    @Test("records are equal when keys and values are, and never equal to a map")
    func equality() {
        let a = TemplateRecord(Self.inner, [.string("a"), .null, .null, .null])
        let b = TemplateRecord(TemplateRecord.Schema(["name", "empty", "items", "flag"]), [.string("a"), .null, .null, .null])
        let c = TemplateRecord(Self.inner, [.string("b"), .null, .null, .null])
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != c)
        #expect(TemplateValue.record(a) != .map(a.entries))
    }

    @Test("a name finds its own key in records whose schemas share keys in other orders, also in a schema made after the template was parsed")
    func sharedKeys() throws {
        let template = try Template("{{#a}}{{x}}{{y}}{{#b}}{{y}}{{x}}{{z}}{{late_key}}{{/b}}{{/a}}", name: "t")
        let inner = TemplateRecord.Schema(["z", "late_key", "y", "x"])
        let outer = TemplateRecord.Schema(["y", "b", "x"])
        let data = TemplateValue.map(["a": .record(TemplateRecord(outer, [
            .string("1"), .record(TemplateRecord(inner, [.string("3"), .string("4"), .string("5"), .string("6")])), .string("2"),
        ]))])
        #expect(String(decoding: try TemplateRenderer().render(template, data: data), as: UTF8.self) == "215634")
    }
}
