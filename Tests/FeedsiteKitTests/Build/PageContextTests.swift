import Testing
@testable import FeedsiteKit

@Suite struct PageContextTests {
    /// The keys a context value offers, whether it is a map or a record.
    static func keys(_ value: TemplateValue) -> Set<String>? {
        switch value {
        case .map(let entries): Set(entries.keys)
        case .record(let record): Set(record.schema.keys)
        default: nil
        }
    }

    /// Checks that `value` has exactly the fields `schema` documents, recursively, and records what differs.
    static func mismatches(_ value: TemplateValue, _ schema: ContextSchema, path: String) -> [String] {
        switch schema {
        case .any, .scalar:
            return []
        case .list(let element):
            guard case .list(let items) = value else { return ["\(path) is not a list"] }
            return items.flatMap { mismatches($0, element, path: path + "[]") }
        case .map(let fields):
            if case .null = value { return [] }
            guard let keys = keys(value) else { return ["\(path) is not a map"] }
            var found: [String] = []
            if keys != Set(fields.keys) {
                found.append("\(path) has \(keys.sorted()), documented \(fields.keys.sorted())")
            }
            for (key, field) in fields {
                if let member = value[key] { found += mismatches(member, field, path: path + "." + key) }
            }
            return found
        }
    }

    @Test("every page's context has exactly the fields the documented context lists", arguments: [false, true])
    func matchesSchema(includeAccounts: Bool) throws {
        let config = try ConfigFixture.config("""
        title: T
        base_url: https://example.com
        accounts:
          - handle: jack
          - handle: ana
            name: Ana
        """)
        let context = PageContext(config: config, accountPagesListAccounts: includeAccounts)
        let pages = [context.indexPage(), context.notFoundPage(), context.accountPage(0), context.accountPage(1)]
        for page in pages {
            #expect(Self.mismatches(page, ContextSchema.page, path: "page") == [])
        }
    }

    @Test("an account page that lists the accounts marks its own entry current with a url to itself")
    func currentEntry() throws {
        let config = try ConfigFixture.config("title: T\naccounts:\n  - handle: jack\n  - handle: ana\n")
        let page = PageContext(config: config, accountPagesListAccounts: true).accountPage(1)
        guard case .list(let entries) = try #require(page["accounts"]) else { Issue.record("accounts is not a list"); return }
        #expect(entries.map { $0["current"] } == [.bool(false), .bool(true)])
        #expect(entries.map { $0["url"] } == [.string("../jack/index.html"), .string("index.html")])
        #expect(page["account"]?["handle"] == .string("ana"))
    }
}
