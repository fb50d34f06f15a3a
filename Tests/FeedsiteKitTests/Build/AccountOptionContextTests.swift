import Testing
@testable import FeedsiteKit

/// Two distinct values of one account option, written as YAML, and the context fields each gives
/// the account `base` (fields not listed keep their built-in value). For options that merge key by
/// key, `merged` is what `first` in `defaults` and `second` on the account give together.
struct OptionSample: Sendable, CustomTestStringConvertible {
    let key: String
    let first: String
    let firstFields: [String: TemplateValue]
    let second: String
    let secondFields: [String: TemplateValue]
    var merged: [String: TemplateValue]?

    var testDescription: String { key }
}

@Suite struct AccountOptionContextTests {
    /// One sample per account option; a new option needs one here (`samplesCoverTheTable` says so).
    static let samples: [OptionSample] = [
        OptionSample(key: "handle", first: "Other_1", firstFields: [
            "handle": .string("Other_1"), "name": .string("Other_1"), "profile_url": .string("https://twitter.com/Other_1"),
            "compose_url": .string("https://twitter.com/intent/tweet?text=%40Other_1%20"),
        ], second: "Other_2", secondFields: [
            "handle": .string("Other_2"), "name": .string("Other_2"), "profile_url": .string("https://twitter.com/Other_2"),
            "compose_url": .string("https://twitter.com/intent/tweet?text=%40Other_2%20"),
        ]),
        // Another network needs a handle of its own (NetworkConfigTests): with `base`, only X's.
        OptionSample(key: "network", first: "x", firstFields: [:], second: "x", secondFields: [:]),
        OptionSample(key: "name", first: "Ana B", firstFields: ["name": .string("Ana B")], second: "Ana C", secondFields: ["name": .string("Ana C")]),
        OptionSample(key: "description", first: "first text", firstFields: ["description": .string("first text")],
                     second: "second text", secondFields: ["description": .string("second text")]),
        OptionSample(key: "group", first: "Space", firstFields: ["group": .string("Space")], second: "News", secondFields: ["group": .string("News")]),
        // `image` is the page's (`page.image`, ShareMetadataTests), not the account record's.
        OptionSample(key: "image", first: "https://example.com/a.png", firstFields: [:], second: "https://example.com/b.png", secondFields: [:]),
        OptionSample(key: "params", first: "{a: 1, b: 2}", firstFields: ["params": .map(["a": .int(1), "b": .int(2)])],
                     second: "{b: 3}", secondFields: ["params": .map(["b": .int(3)])], merged: ["params": .map(["a": .int(1), "b": .int(3)])]),
        OptionSample(key: "compose", first: "{hashtags: [news], via: site}",
                     firstFields: ["compose_url": .string("https://twitter.com/intent/tweet?text=%40base%20&hashtags=news&via=site")],
                     second: "{text: Hi, via: own}", secondFields: ["compose_url": .string("https://twitter.com/intent/tweet?text=Hi&via=own")],
                     merged: ["compose_url": .string("https://twitter.com/intent/tweet?text=Hi&hashtags=news&via=own")]),
        OptionSample(key: "feed", first: "feeds/{handle}.xml", firstFields: ["has_feed": .bool(true)], second: "none", secondFields: [:]),
        // `posts` limits `account.posts`, which a snapshot fills (PostsContextTests): with none, it changes nothing.
        OptionSample(key: "posts", first: "5", firstFields: [:], second: "200", secondFields: [:]),
        OptionSample(key: "media", first: "copy", firstFields: ["media": .string("copy")],
                     second: "hotlink", secondFields: ["media": .string("hotlink")]),
        // The limits bound what `feedsite fetch` copies (MediaDownloadsTests): the context does not show them.
        OptionSample(key: "media_size_limit", first: "2", firstFields: [:], second: "100", secondFields: [:]),
        OptionSample(key: "media_total_limit", first: "20", firstFields: [:], second: "10000", secondFields: [:]),
        OptionSample(key: "theme", first: "dark", firstFields: ["theme": .string("dark")], second: "light", secondFields: ["theme": .string("light")]),
        OptionSample(key: "height", first: "437", firstFields: ["height": .int(437)], second: "512", secondFields: ["height": .int(512)]),
        OptionSample(key: "width", first: "311", firstFields: ["width": .int(311)], second: "320", secondFields: ["width": .int(320)]),
        OptionSample(key: "tweet_limit", first: "7", firstFields: ["tweet_limit": .int(7)], second: "3", secondFields: ["tweet_limit": .int(3)]),
        OptionSample(key: "chrome", first: "[nofooter, noscrollbar]", firstFields: ["chrome": .string("nofooter noscrollbar")],
                     second: "[noheader]", secondFields: ["chrome": .string("noheader")]),
        OptionSample(key: "dnt", first: "true", firstFields: ["dnt": .bool(true)], second: "false", secondFields: [:]),
        OptionSample(key: "lang", first: "fr-CA", firstFields: ["lang": .string("fr-CA")], second: "de", secondFields: ["lang": .string("de")]),
        OptionSample(key: "aria_polite", first: "assertive", firstFields: ["aria_polite": .string("assertive")],
                     second: "rude", secondFields: ["aria_polite": .string("rude")]),
        OptionSample(key: "show_replies", first: "true", firstFields: ["show_replies": .bool(true)], second: "false", secondFields: [:]),
        OptionSample(key: "loading_timeout", first: "2.5", firstFields: ["loading_timeout_ms": .int(2500)],
                     second: "30", secondFields: ["loading_timeout_ms": .int(30000)]),
        OptionSample(key: "load", first: "click", firstFields: ["load": .string("click"), "load_on_click": .bool(true)], second: "auto", secondFields: [:]),
        OptionSample(key: "live_timeline", first: "auto", firstFields: ["live_timeline": .string("auto"), "live_timeline_on_click": .bool(false)],
                     second: "click", secondFields: [:]),
        OptionSample(key: "remember_consent", first: "true", firstFields: ["remember_consent": .bool(true)], second: "false", secondFields: [:]),
    ]

    @Test("there is one sample per account option")
    func samplesCoverTheTable() {
        #expect(Self.samples.map(\.key).sorted() == OptionTable.account.keys.sorted())
    }

    @Test("an option set on the account changes exactly its own fields of the page context", arguments: samples)
    func onTheAccount(_ sample: OptionSample) throws {
        #expect(try Self.changes(defaults: nil, account: sample.key == "handle" ? nil : "\(sample.key): \(sample.first)",
                                 handle: sample.key == "handle" ? sample.first : "base") == sample.firstFields)
    }

    @Test("an option set in defaults changes exactly its own fields; the account's own value wins or merges key by key",
          arguments: samples.filter { OptionTable.account.options[OptionTable.account.slot($0.key)].merge != .perAccount })
    func inDefaults(_ sample: OptionSample) throws {
        #expect(try Self.changes(defaults: "\(sample.key): \(sample.first)", account: nil) == sample.firstFields)
        #expect(try Self.changes(defaults: "\(sample.key): \(sample.first)", account: "\(sample.key): \(sample.second)")
                == sample.merged ?? sample.secondFields)
    }

    @Test("every option set at once, in defaults and on an account, reaches its own line of a rendered page")
    func renderedPage() throws {
        let shared = Self.samples.filter { OptionTable.account.options[OptionTable.account.slot($0.key)].merge != .perAccount }
        let yaml = "title: T\ndefaults:\n" + shared.map { "  \($0.key): \($0.first)\n" }.joined() + "accounts:\n  - handle: base\n"
            + "  - handle: \(Self.samples[0].second)\n" + Self.samples.dropFirst().map { "    \($0.key): \($0.second)\n" }.joined()
        let config = try ConfigFixture.config(yaml)
        let context = PageContext(config: config, accountPagesListAccounts: false)
        let names = OptionTable.account.contextFields.map(\.field.name)
        // Maps render as nothing: a section lists the sample's keys instead.
        let template = try Template(names.map { name in
            name == "params" ? "params={{#account.params}}a={{a}} b={{b}}{{/account.params}}" : "\(name)={{{account.\(name)}}}"
        }.joined(separator: "\n"), name: "every-option")

        let baseline = try Self.fields(of: ConfigFixture.config("title: T\naccounts:\n  - handle: base\n"))
        var first = baseline
        var second = baseline
        for sample in Self.samples {
            // Options each account sets itself are not in `defaults`: the first account keeps their built-in values.
            first.merge(OptionTable.account.options[OptionTable.account.slot(sample.key)].merge == .perAccount ? [:] : sample.firstFields) { _, new in new }
            second.merge(sample.merged ?? sample.secondFields) { _, new in new }
        }
        for (index, expected) in [first, second].enumerated() {
            let page = try TemplateRenderer().render(template, data: context.accountPage(index))
            let lines = names.map { name in
                guard case .map(let params) = expected[name] else { return "\(name)=\(expected[name]?.renderedText ?? "")" }
                return "params=a=\(params["a"]?.renderedText ?? "") b=\(params["b"]?.renderedText ?? "")"
            }
            #expect(String(decoding: page, as: UTF8.self).split(separator: "\n").map(String.init) == lines)
        }
    }
}

private extension AccountOptionContextTests {
    /// The `account` fields of the first account's page context.
    static func fields(of config: SiteConfig) throws -> [String: TemplateValue] {
        let page = PageContext(config: config, accountPagesListAccounts: false).accountPage(0)
        guard case .record(let account) = page["account"] else { throw ContextError.noAccountRecord }
        return account.entries
    }

    /// The fields of account `handle`'s page context that differ from those of a plain account `base`.
    static func changes(defaults: String?, account: String?, handle: String = "base") throws -> [String: TemplateValue] {
        let baseline = try fields(of: ConfigFixture.config("title: T\naccounts:\n  - handle: base\n"))
        var yaml = "title: T\n"
        if let defaults { yaml += "defaults:\n  \(defaults)\n" }
        yaml += "accounts:\n  - handle: \(handle)\n"
        if let account { yaml += "    \(account)\n" }
        return try fields(of: ConfigFixture.config(yaml)).filter { baseline[$0.key] != $0.value }
    }

    enum ContextError: Error { case noAccountRecord }
}
