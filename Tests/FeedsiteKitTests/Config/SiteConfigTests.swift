import Testing
@testable import FeedsiteKit

@Suite struct SiteConfigTests {
    @Test("a minimal file gets the documented defaults")
    func defaults() throws {
        let config = try ConfigFixture.config(ConfigFixture.site())
        #expect(config.title == "T")
        #expect(config.language == "en")
        #expect(config.intentHost == .twitter)
        #expect(config.templatesFolder == "/site/templates")
        #expect(config.outputFolder == "/site/output")
        #expect(config.baseURL == nil)
        let account = try #require(config.accounts.first)
        #expect(account.handle == "jack")
        #expect(account.name == "jack")
        #expect(account.slug == "jack")
        #expect(account.compose.text == "@jack ")
        #expect(account.options["theme"] == .string("auto"))
        #expect(account.options["height"] == .int(600))
        #expect(account.options["loading_timeout"] == .double(10))
        #expect(account.options["load"] == .string("auto"))
        #expect(account.options["remember_consent"] == .bool(false))
        #expect(account.options["width"] == .null)
        #expect(account.options["chrome"] == .list([]))
        #expect(account.location == SourceLocation(file: "site.yml", line: 3, column: 13))
    }

    @Test("every option is read from the file")
    func everyOption() throws {
        let yaml = """
        title: Feeds
        description: About
        base_url: https://example.com/feeds/
        language: de-CH
        templates: ../shared/tpl
        output: /tmp/out
        intent_host: x.com
        params: {color: red, n: 3}
        accounts:
          - handle: OutputDD
            name: OUTPUT.DD
            description: Desc
            params: {a: [1, 2]}
            compose:
              text: "@OUTPUT.DD"
              url: http://example.com/x?y=1
              hashtags: [swift, café]
              via: jack
              related: [a, b_c]
              in_reply_to: 1234567890123456789
            theme: dark
            height: 400
            width: 320
            tweet_limit: 5
            chrome: [noheader, transparent, noheader]
            dnt: true
            lang: fr
            aria_polite: assertive
            show_replies: true
            loading_timeout: 2.5
            load: click
            remember_consent: true
        """
        let config = try ConfigFixture.config(yaml)
        #expect(config.description == "About")
        #expect(config.baseURL == "https://example.com/feeds")
        #expect(config.language == "de-CH")
        #expect(config.templatesFolder == "/shared/tpl")
        #expect(config.outputFolder == "/tmp/out")
        #expect(config.intentHost == .x)
        #expect(config.params == ["color": .string("red"), "n": .int(3)])
        let account = try #require(config.accounts.first)
        #expect(account.handle == "OutputDD")
        #expect(account.slug == "outputdd")
        #expect(account.name == "OUTPUT.DD")
        #expect(account.options["description"] == .string("Desc"))
        #expect(account.options["params"] == .map(["a": .list([.int(1), .int(2)])]))
        #expect(account.compose == ComposeOptions(text: "@OUTPUT.DD", url: "http://example.com/x?y=1", hashtags: ["swift", "café"],
                                                  via: "jack", related: ["a", "b_c"], inReplyTo: "1234567890123456789"))
        let expected: [String: TemplateValue] = [
            "theme": .string("dark"), "height": .int(400), "width": .int(320), "tweet_limit": .int(5),
            "chrome": .list([.string("noheader"), .string("transparent")]), "dnt": .bool(true), "lang": .string("fr"),
            "aria_polite": .string("assertive"), "show_replies": .bool(true), "loading_timeout": .double(2.5),
            "load": .string("click"), "remember_consent": .bool(true),
        ]
        for (key, value) in expected {
            #expect(account.options[key] == value, "\(key)")
        }
    }

    @Test("defaults apply to every account, an account's own value wins, compose and params merge key by key")
    func defaultsMerge() throws {
        let yaml = """
        title: T
        defaults:
          theme: dark
          height: 500
          load: click
          description: Shared
          params: {a: 1, b: 2}
          compose:
            hashtags: [news]
            via: site
        accounts:
          - handle: one
          - handle: two
            theme: light
            params: {b: 3}
            compose:
              text: Hello
              via: other
        """
        let config = try ConfigFixture.config(yaml)
        let one = config.accounts[0]
        let two = config.accounts[1]
        #expect(one.options["theme"] == .string("dark"))
        #expect(one.options["load"] == .string("click"))
        #expect(two.options["load"] == .string("click"))
        #expect(one.options["height"] == .int(500))
        #expect(one.options["description"] == .string("Shared"))
        #expect(one.options["params"] == .map(["a": .int(1), "b": .int(2)]))
        #expect(one.compose == ComposeOptions(text: "@one ", hashtags: ["news"], via: "site"))
        #expect(two.options["theme"] == .string("light"))
        #expect(two.options["height"] == .int(500))
        #expect(two.options["params"] == .map(["a": .int(1), "b": .int(3)]))
        #expect(two.compose == ComposeOptions(text: "Hello", hashtags: ["news"], via: "other"))
    }

    @Test("an optional key left empty means unset")
    func nullMeansUnset() throws {
        let config = try ConfigFixture.config("title: T\ndescription:\nbase_url: ~\naccounts:\n  - handle: a\n    name:\n    height:\n")
        #expect(config.description == nil)
        #expect(config.baseURL == nil)
        #expect(config.accounts[0].name == "a")
        #expect(config.accounts[0].options["height"] == .int(600))
    }

    @Test("anchors can share values between accounts")
    func anchorsShareValues() throws {
        let yaml = "title: T\naccounts:\n  - handle: a\n    compose: &c {text: hi, hashtags: [x]}\n  - handle: b\n    compose: *c\n"
        let config = try ConfigFixture.config(yaml)
        #expect(config.accounts[1].compose == ComposeOptions(text: "hi", hashtags: ["x"]))
    }

    @Test("the sample site.yml of the repository is valid and lists outputdd")
    func sampleSite() throws {
        let config = try SiteConfigLoader.load(path: RepositoryPaths.sampleConfig)
        #expect(config.accounts.count >= 3)
        let outputdd = try #require(config.accounts.first { $0.handle == "outputdd" })
        #expect(outputdd.name == "OUTPUT.DD")
        #expect(outputdd.compose.text == "@OUTPUT.DD")
        #expect(config.templatesFolder == RepositoryPaths.templates)
    }

    @Test("a missing config file is an input error with a hint")
    func missingFile() {
        #expect {
            try SiteConfigLoader.load(path: "/nonexistent/site.yml")
        } throws: { error in
            guard let error = error as? InputError else { return false }
            return error.message == "/nonexistent/site.yml: no such file (expected the site configuration)"
                && error.hint?.contains("feedsite init") == true
        }
    }

    @Test("a long account list (decoded in two halves at once) keeps its order and reports problems in both halves")
    func longAccountList() throws {
        let count = 2_500
        var lines: [String] = []
        for index in 0..<count {
            switch index {
            case 7: lines.append("  - handle: bad-handle-7")
            case 2_300: lines.append("  - handle: u2300\n    heigth: 5")
            case 2_499: lines.append("  - handle: U3")
            default: lines.append("  - handle: u\(index)\n    name: N\(index)")
            }
        }
        let yaml = ConfigFixture.site(accounts: lines.joined(separator: "\n"))
        let problems = ConfigFixture.diagnostics(yaml).map { "\($0.location.line):\($0.location.column) \($0.message)" }
        // Lines: 1 title, 2 accounts:, then two per account, but account 7 has one: account i >= 8 starts at line 2i + 2.
        #expect(problems.count == 3, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("17:16 handle 'bad-handle-7' contains '-'") })
        #expect(problems.contains { $0.hasPrefix("4603:5 unknown key 'heigth'") })
        #expect(problems.contains { $0.hasPrefix("5000:13 duplicate handle 'U3': 'u3' at line 9") })

        let valid = ConfigFixture.site(accounts: (0..<count).map { "  - handle: u\($0)\n    name: N\($0)" }.joined(separator: "\n"))
        let config = try ConfigFixture.config(valid)
        #expect(config.accounts.map(\.name) == (0..<count).map { "N\($0)" })
        #expect(config.accounts[count - 1].location.line == 2 * count + 1)
    }
}
