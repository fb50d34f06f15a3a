import Testing
@testable import FeedsiteKit

@Suite struct OptionTableTests {
    /// Where an unknown key can stand, and the keys the table says are accepted there.
    static let places: [(name: String, yaml: String, place: String, keys: [String])] = [
        ("top level", ConfigFixture.site(extra: "qqqqqqqqqq: 1\n"), "the top level", OptionTable.site.keys + ["defaults", "accounts"]),
        ("account", ConfigFixture.site(accounts: "  - handle: a\n    qqqqqqqqqq: 1"), "an account", OptionTable.account.keys),
        ("defaults", ConfigFixture.site(extra: "defaults:\n  qqqqqqqqqq: 1\n"), "defaults",
         OptionTable.account.options.filter { $0.merge != .perAccount }.map(\.key)),
        ("compose", ConfigFixture.site(accounts: "  - handle: a\n    compose:\n      qqqqqqqqqq: 1"), "compose", OptionTable.compose.keys),
    ]

    @Test("the decoder accepts exactly the table's keys, and lists them in table order for an unknown key",
          arguments: places.indices)
    func decoderKeys(_ index: Int) throws {
        let (_, yaml, place, keys) = Self.places[index]
        let diagnostic = try #require(ConfigFixture.diagnostics(yaml).first)
        #expect(diagnostic.message == "unknown key 'qqqqqqqqqq' in \(place)")
        #expect(diagnostic.hint == "\(place) accepts: \(keys.joined(separator: ", "))")
    }

    @Test("the context schema's site and account names are the context fields the tables declare (and, for account, the snapshot's), and the page context has them")
    func contextSchemaKeys() throws {
        let config = try ConfigFixture.config("title: T\naccounts:\n  - handle: jack\n")
        let page = PageContext(config: config, accountPagesListAccounts: false).accountPage(0)
        for (name, table) in [("site", OptionTable.site), ("account", OptionTable.account)] {
            let declared = table.contextFields.map(\.field.name) + (name == "account" ? PostsContext.fields.map(\.name) + ["latest"] : [])
            guard case .map(let schema) = ContextSchema.page, case .map(let fields) = schema[name],
                  case .record(let record) = page[name] else {
                Issue.record("'\(name)' is not a map in the schema or not a record in the page context")
                continue
            }
            #expect(Set(fields.keys) == Set(declared))
            #expect(record.schema.keys == declared)
        }
    }
}
