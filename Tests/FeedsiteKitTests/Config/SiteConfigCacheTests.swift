import Testing
@testable import FeedsiteKit

/// Decoding a site.yml's next version with what the one before left gives the config, or the
/// errors (file, line, column, message, hint), that decoding it alone gives.
@Suite struct SiteConfigCacheTests {
    static let good = "title: T\ndefaults:\n  dnt: true\naccounts:\n  - handle: a\n    name: A\n  - handle: b\n    group: News\n"

    /// The config's accounts (handle, options, position) and title as text, or the diagnostics.
    static func outcome(_ yaml: String, cache: SiteConfigCache?) -> String {
        outcome(Array(yaml.utf8), cache: cache)
    }

    static func outcome(_ bytes: [UInt8], cache: SiteConfigCache?) -> String {
        do {
            let config = try SiteConfigLoader.decode(bytes, file: "site.yml", siteFolder: "/site", cache: cache)
            return "\(config.title)|" + config.accounts.map { "\($0.handle)@\($0.location)=\($0.options.values)" }.joined(separator: ";")
        } catch {
            return error.diagnostics.map { "\($0.description)|\($0.hint ?? "")" }.joined(separator: "\n")
        }
    }

    @Test("a broken version decoded after a good one gives the errors it gives alone, at the same line and column",
          arguments: SiteConfigErrorTests.cases)
    func sameErrors(_ broken: BrokenConfig) throws {
        let cache = SiteConfigCache(file: "site.yml")
        _ = try SiteConfigLoader.decode(Array(Self.good.utf8), file: "site.yml", siteFolder: "/site", cache: cache)
        // As SiteConfigErrorTests reads it: that test's text stands for bytes a String cannot hold.
        let bytes = broken.name == "invalid UTF-8" ? Array("title: caf".utf8) + [0xFF, 0x0A] : Array(broken.yaml.utf8)
        let alone = Self.outcome(bytes, cache: nil)
        #expect(Self.outcome(bytes, cache: cache) == alone)
        #expect(alone.split(separator: "\n").contains { $0.hasPrefix("site.yml:\(broken.line):\(broken.column): error: ") && $0.contains(broken.message) })
    }

    @Test("accounts kept from the version before are those decoding alone gives, at their new lines; new defaults decode them again")
    func keptAccounts() {
        let cache = SiteConfigCache(file: "site.yml")
        let versions = [
            Self.good,
            Self.good.replacingOccurrences(of: "title: T\n", with: "title: Longer\n# two more\nlanguage: en\n"),
            Self.good.replacingOccurrences(of: "dnt: true", with: "dnt: false"),
            Self.good.replacingOccurrences(of: "group: News", with: "group: news\n  - handle: c\n    group: News"),
            Self.good.replacingOccurrences(of: "title: T\n", with: "title: T\nheigth: 5\n"),
            Self.good,
        ]
        for yaml in versions {
            #expect(Self.outcome(yaml, cache: cache) == Self.outcome(yaml, cache: nil), "\(yaml)")
        }
        #expect(Self.outcome(versions[1], cache: cache).contains("a@site.yml:7:13="), "the accounts moved two lines down")
    }

    /// A site of `count` accounts with options that decoding checks (groups, networks, placeholders in `defaults`).
    static func site(_ count: Int) -> String {
        "title: T\ndefaults:\n  description: \"{handle} here\"\naccounts:\n" + (0..<count).map {
            ($0 % 4 == 1 ? "  - handle: u\($0)@example.social\n    network: mastodon\n" : "  - handle: u\($0)\n") + ($0 % 3 == 0 ? "    group: News\n" : "")
        }.joined()
    }

    @Test("a series of random edits of the accounts, each decoded after the ones before, gives what decoding each alone gives",
          arguments: [5, 13, 31])
    func randomEdits(_ seed: UInt64) {
        var dice = IncrementalBuildTests.Dice(state: seed)
        let cache = SiteConfigCache(file: "site.yml")
        var yaml = Self.site(20)
        var last = yaml
        for step in 0..<120 {
            var edited = YAMLIncrementalReaderTests.randomEdit(dice.next(4) == 0 ? last : yaml, dice: &dice)
            // Edits that decoding judges: a duplicate handle, a group spelled otherwise, a bad value, new defaults.
            switch dice.next(8) {
            case 0: edited = edited.replacingOccurrences(of: "handle: u\(dice.next(20))\n", with: "handle: u\(dice.next(20))\n")
            case 1: edited = edited.replacingOccurrences(of: "group: News", with: "group: news", options: [], range: nil)
            case 2: edited = edited.replacingOccurrences(of: "  - handle: u\(dice.next(20))\n", with: "  - handle: u\(dice.next(20))\n    posts: -\(dice.next(3))\n")
            case 3: edited = edited.replacingOccurrences(of: "{handle} here", with: "{name} \(dice.next(9))")
            default: break
            }
            yaml = edited
            let alone = Self.outcome(yaml, cache: nil)
            #expect(Self.outcome(yaml, cache: cache) == alone, "step \(step): \(yaml)")
            if !alone.contains("error:") { last = yaml }
        }
    }

    @Test("an account edited to nest past the depth limit is refused after the version before, as decoding it alone refuses it")
    func editPastDepthLimit() throws {
        let base = Self.site(12)
        let deep = base.replacingOccurrences(of: "  - handle: u6\n",
                                             with: "  - handle: u6\n    params: {x: " + String(repeating: "[", count: 197) + String(repeating: "]", count: 197) + "}\n")
        #expect(deep != base)
        let cache = SiteConfigCache(file: "site.yml")
        #expect(!Self.outcome(base, cache: cache).contains("error"))
        let alone = Self.outcome(deep, cache: nil)
        #expect(alone.contains("nest more than 200 levels deep"))
        #expect(Self.outcome(deep, cache: cache) == alone)
    }

    @Test("an edit of one account decodes that account alone: the others are the accounts decoded before, moved with their lines")
    func decodesOneAccount() throws {
        let cache = SiteConfigCache(file: "site.yml")
        let first = try SiteConfigLoader.decode(Array(Self.site(12).utf8), file: "site.yml", siteFolder: "/site", cache: cache)
        let edited = Self.site(12).replacingOccurrences(of: "  - handle: u6\n", with: "  - handle: u6\n    name: Six\n    posts: 3\n")
        let second = try SiteConfigLoader.decode(Array(edited.utf8), file: "site.yml", siteFolder: "/site", cache: cache)
        #expect(second.accounts[6].name == "Six")
        #expect(zip(first.accounts, second.accounts).enumerated().map { $1.0 === $1.1 } == (0..<12).map { $0 < 6 })
        #expect(zip(first.accounts, second.accounts).dropFirst(7).allSatisfy { $1.location.line == $0.location.line + 2 && $1.options == $0.options })
    }

    @Test("a version that changes only the title takes the accounts decoded before as they are")
    func reusesAccounts() throws {
        let cache = SiteConfigCache(file: "site.yml")
        let first = try SiteConfigLoader.decode(Array(Self.good.utf8), file: "site.yml", siteFolder: "/site", cache: cache)
        let retitled = Self.good.replacingOccurrences(of: "title: T", with: "title: U")
        let second = try SiteConfigLoader.decode(Array(retitled.utf8), file: "site.yml", siteFolder: "/site", cache: cache)
        #expect(second.title == "U")
        #expect(zip(first.accounts, second.accounts).allSatisfy { $0 === $1 })
        let other = try SiteConfigLoader.decode(Array(retitled.utf8), file: "other.yml", siteFolder: "/site", cache: cache)
        #expect(other.accounts.first?.location.file == "other.yml", "a cache of another file is not used")
    }
}
