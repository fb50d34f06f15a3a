import Testing
@testable import FeedsiteKit

/// One broken configuration and the first diagnostic it must produce.
struct BrokenConfig: CustomTestStringConvertible, Sendable {
    let name: String
    let yaml: String
    let line: Int
    let column: Int
    let message: String
    var hint: String?

    var testDescription: String { name }
}

@Suite struct SiteConfigErrorTests {
    static let cases: [BrokenConfig] = [
        BrokenConfig(name: "empty file", yaml: "", line: 1, column: 1, message: "the file is empty"),
        BrokenConfig(name: "only comments", yaml: "# nothing\n", line: 1, column: 1, message: "the file is empty"),
        BrokenConfig(name: "top level is a list", yaml: "- a\n- b\n", line: 1, column: 1,
                     message: "expected a map of settings at the top level, found a list"),
        BrokenConfig(name: "missing title", yaml: "accounts:\n  - handle: a\n", line: 1, column: 1, message: "missing required key 'title'"),
        BrokenConfig(name: "empty title", yaml: "title:\naccounts:\n  - handle: a\n", line: 1, column: 7, message: "'title' must not be empty"),
        BrokenConfig(name: "blank quoted title", yaml: "title: '  '\naccounts:\n  - handle: a\n", line: 1, column: 8,
                     message: "'title' must not be empty"),
        BrokenConfig(name: "title is a list", yaml: "title: [a]\naccounts:\n  - handle: a\n", line: 1, column: 8,
                     message: "expected a string, found a list"),
        BrokenConfig(name: "missing accounts", yaml: "title: T\n", line: 1, column: 1, message: "missing required key 'accounts'"),
        BrokenConfig(name: "empty accounts", yaml: "title: T\naccounts: []\n", line: 2, column: 11, message: "'accounts' is empty"),
        BrokenConfig(name: "accounts is a map", yaml: "title: T\naccounts:\n  handle: a\n", line: 3, column: 3,
                     message: "expected a list of accounts, found a map"),
        BrokenConfig(name: "account is a bare handle", yaml: ConfigFixture.site(accounts: "  - jack"), line: 3, column: 5,
                     message: "expected an account (a map with at least 'handle'), found a string 'jack'", hint: "write it as: - handle: jack"),
        BrokenConfig(name: "account without handle", yaml: ConfigFixture.site(accounts: "  - name: Jack"), line: 3, column: 5,
                     message: "this account has no 'handle'"),
        BrokenConfig(name: "unknown top-level key", yaml: ConfigFixture.site(extra: "titel: X\n"), line: 2, column: 1,
                     message: "unknown key 'titel' in the top level", hint: "did you mean 'title'?"),
        BrokenConfig(name: "account option at top level", yaml: ConfigFixture.site(extra: "theme: dark\n"), line: 2, column: 1,
                     message: "unknown key 'theme' in the top level",
                     hint: "'theme' is an account option: put it under 'defaults' (every account) or on one account"),
        BrokenConfig(name: "typo in account key", yaml: ConfigFixture.site(accounts: "  - handle: a\n    heigth: 5"), line: 4, column: 5,
                     message: "unknown key 'heigth' in an account", hint: "did you mean 'height'?"),
        BrokenConfig(name: "handle in defaults", yaml: ConfigFixture.site(extra: "defaults:\n  handle: x\n"), line: 3, column: 3,
                     message: "unknown key 'handle' in defaults"),
        BrokenConfig(name: "typo in compose key", yaml: ConfigFixture.site(accounts: "  - handle: a\n    compose:\n      txt: hi"),
                     line: 5, column: 7, message: "unknown key 'txt' in compose", hint: "did you mean 'text'?"),
        BrokenConfig(name: "handle with a dash", yaml: ConfigFixture.site(accounts: "  - handle: foo-bar"), line: 3, column: 16,
                     message: "handle 'foo-bar' contains '-'"),
        BrokenConfig(name: "quoted handle with a space", yaml: ConfigFixture.site(accounts: "  - handle: \"ab cd\""), line: 3, column: 16,
                     message: "handle 'ab cd' contains a space"),
        BrokenConfig(name: "handle with an accent", yaml: ConfigFixture.site(accounts: "  - handle: josé"), line: 3, column: 16,
                     message: "handle 'josé' contains 'é'"),
        BrokenConfig(name: "handle with @", yaml: ConfigFixture.site(accounts: "  - handle: '@jack'"), line: 3, column: 13,
                     message: "handle '@jack' starts with '@'", hint: "write the handle without '@': jack"),
        BrokenConfig(name: "handle too long", yaml: ConfigFixture.site(accounts: "  - handle: abcdefghijklmnop"), line: 3, column: 13,
                     message: "handle 'abcdefghijklmnop' has 16 characters; X handles have at most 15"),
        BrokenConfig(name: "handle is a list", yaml: ConfigFixture.site(accounts: "  - handle: [a]"), line: 3, column: 13,
                     message: "expected a handle (text), found a list"),
        BrokenConfig(name: "duplicate handle ignoring case", yaml: ConfigFixture.site(accounts: "  - handle: Jack\n  - handle: jack"),
                     line: 4, column: 13, message: "duplicate handle 'jack': 'Jack' at line 3 is the same account"),
        BrokenConfig(name: "duplicate key", yaml: "title: A\ntitle: B\naccounts:\n  - handle: a\n", line: 2, column: 1,
                     message: "duplicate key 'title' (first defined at line 1, column 1)"),
        BrokenConfig(name: "theme typo", yaml: ConfigFixture.site(accounts: "  - handle: a\n    theme: drak"), line: 4, column: 12,
                     message: "'drak' is not a valid theme; expected one of 'light', 'dark', 'auto'", hint: "did you mean 'dark'?"),
        BrokenConfig(name: "height zero", yaml: ConfigFixture.site(accounts: "  - handle: a\n    height: 0"), line: 4, column: 13,
                     message: "'height' must be at least 1, found 0"),
        BrokenConfig(name: "height quoted", yaml: ConfigFixture.site(accounts: "  - handle: a\n    height: \"600\""), line: 4, column: 13,
                     message: "expected a positive integer (pixels), found a string '600'", hint: "remove the quotes: height: 600"),
        BrokenConfig(name: "height decimal", yaml: ConfigFixture.site(accounts: "  - handle: a\n    height: 600.5"), line: 4, column: 13,
                     message: "expected a positive integer (pixels), found a number '600.5'"),
        BrokenConfig(name: "width negative", yaml: ConfigFixture.site(extra: "defaults:\n  width: -3\n"), line: 3, column: 10,
                     message: "'width' must be at least 1, found -3"),
        BrokenConfig(name: "tweet_limit out of range", yaml: ConfigFixture.site(accounts: "  - handle: a\n    tweet_limit: 21"),
                     line: 4, column: 18, message: "'tweet_limit' must be from 1 to 20, found 21"),
        BrokenConfig(name: "chrome as a string", yaml: ConfigFixture.site(accounts: "  - handle: a\n    chrome: noheader"),
                     line: 4, column: 13, message: "found a string 'noheader'", hint: "write a list, e.g. [noheader]"),
        BrokenConfig(name: "chrome value typo", yaml: ConfigFixture.site(accounts: "  - handle: a\n    chrome: [noheader, nofoter]"),
                     line: 4, column: 24, message: "'nofoter' is not a valid chrome value", hint: "did you mean 'nofooter'?"),
        BrokenConfig(name: "dnt yes", yaml: ConfigFixture.site(extra: "defaults:\n  dnt: yes\n"), line: 3, column: 8,
                     message: "expected true or false, found a string 'yes'", hint: "YAML 1.2 reads 'yes' as text; write true or false"),
        BrokenConfig(name: "show_replies quoted", yaml: ConfigFixture.site(accounts: "  - handle: a\n    show_replies: 'true'"),
                     line: 4, column: 19, message: "expected true or false, found a string 'true'", hint: "remove the quotes"),
        BrokenConfig(name: "aria_polite invalid", yaml: ConfigFixture.site(accounts: "  - handle: a\n    aria_polite: loud"),
                     line: 4, column: 18, message: "'loud' is not a valid aria_polite; expected one of 'polite', 'assertive', 'rude'"),
        BrokenConfig(name: "loading_timeout zero", yaml: ConfigFixture.site(accounts: "  - handle: a\n    loading_timeout: 0"),
                     line: 4, column: 22, message: "'loading_timeout' must be from 0.5 to 300, found 0"),
        BrokenConfig(name: "loading_timeout text", yaml: ConfigFixture.site(accounts: "  - handle: a\n    loading_timeout: soon"),
                     line: 4, column: 22, message: "expected a number of seconds, found a string 'soon'"),
        BrokenConfig(name: "loading_timeout NaN", yaml: ConfigFixture.site(accounts: "  - handle: a\n    loading_timeout: .nan"),
                     line: 4, column: 22, message: "expected a number of seconds, found '.nan': NaN is not a number of seconds",
                     hint: "write a number from 0.5 to 300"),
        BrokenConfig(name: "loading_timeout infinity", yaml: ConfigFixture.site(accounts: "  - handle: a\n    loading_timeout: -.inf"),
                     line: 4, column: 22, message: "expected a number of seconds, found '-.inf': infinity is not a number of seconds",
                     hint: "write a number from 0.5 to 300"),
        BrokenConfig(name: "load typo", yaml: ConfigFixture.site(accounts: "  - handle: a\n    load: clik"),
                     line: 4, column: 11, message: "'clik' is not a valid load; expected one of 'auto', 'click'", hint: "did you mean 'click'?"),
        BrokenConfig(name: "remember_consent not a boolean", yaml: ConfigFixture.site(extra: "defaults:\n  remember_consent: always\n"),
                     line: 3, column: 21, message: "expected true or false, found a string 'always'"),
        BrokenConfig(name: "lang with underscore", yaml: ConfigFixture.site(accounts: "  - handle: a\n    lang: pt_BR"),
                     line: 4, column: 11, message: "'pt_BR' is not a valid language tag for 'lang'", hint: "use '-' between the parts: pt-BR"),
        BrokenConfig(name: "language invalid", yaml: ConfigFixture.site(extra: "language: english!\n"), line: 2, column: 11,
                     message: "'english!' is not a valid language tag for 'language'"),
        BrokenConfig(name: "base_url without scheme", yaml: ConfigFixture.site(extra: "base_url: example.com\n"), line: 2, column: 11,
                     message: "'base_url' must be an absolute http or https URL, found 'example.com'", hint: "add the scheme: https://example.com"),
        BrokenConfig(name: "base_url ftp", yaml: ConfigFixture.site(extra: "base_url: ftp://example.com\n"), line: 2, column: 11,
                     message: "'base_url' must be an http or https URL, found a 'ftp:' URL"),
        BrokenConfig(name: "base_url without host", yaml: ConfigFixture.site(extra: "base_url: https:///path\n"), line: 2, column: 11,
                     message: "'base_url' has no host name"),
        BrokenConfig(name: "base_url with a query", yaml: ConfigFixture.site(extra: "base_url: https://example.com/feeds?lang=en\n"),
                     line: 2, column: 11,
                     message: "'base_url' has a query ('?…'): 'https://example.com/feeds?lang=en'; it would end up inside every canonical link",
                     hint: "give only the scheme, host and path where the site lives, such as https://example.com/feeds"),
        BrokenConfig(name: "base_url with a fragment", yaml: ConfigFixture.site(extra: "base_url: https://example.com/#top\n"),
                     line: 2, column: 11,
                     message: "'base_url' has a fragment ('#…'): 'https://example.com/#top'; it would end up inside every canonical link",
                     hint: "give only the scheme, host and path where the site lives, such as https://example.com/feeds"),
        BrokenConfig(name: "base_url with a password", yaml: ConfigFixture.site(extra: "base_url: https://me:secret@example.com\n"),
                     line: 2, column: 11,
                     message: "'base_url' contains a user name or password: 'https://***@example.com'; it would be published in every page and the sitemap",
                     hint: "remove the 'user:password@' part; the site's address is public"),
        BrokenConfig(name: "base_url with a port out of range", yaml: ConfigFixture.site(extra: "base_url: https://example.com:99999/\n"),
                     line: 2, column: 11, message: "'base_url' has the port '99999'; a port is a number from 1 to 65535",
                     hint: "remove the port, or write the one the site is served on"),
        BrokenConfig(name: "base_url with a bad percent", yaml: ConfigFixture.site(extra: "base_url: https://example.com/a%zz/\n"),
                     line: 2, column: 11, message: "'base_url' has '%zz': '%' must be followed by two hex digits",
                     hint: "write a literal '%' as %25"),
        BrokenConfig(name: "base_url with a non-ASCII host", yaml: ConfigFixture.site(extra: "base_url: https://café.example\n"),
                     line: 2, column: 11, message: "'base_url' has a host name that is not ASCII: 'café.example'",
                     hint: "write the host in its ASCII form (IDNA, starting with xn--), as the browser's address bar shows it"),
        BrokenConfig(name: "compose url javascript", yaml: ConfigFixture.site(accounts: "  - handle: a\n    compose:\n      url: javascript:alert(1)"),
                     line: 5, column: 12, message: "'url' must be an http or https URL, found a 'javascript:' URL"),
        BrokenConfig(name: "intent_host typo", yaml: ConfigFixture.site(extra: "intent_host: x.co\n"), line: 2, column: 14,
                     message: "'x.co' is not a valid intent_host; expected one of 'twitter.com', 'x.com'", hint: "did you mean 'x.com'?"),
        BrokenConfig(name: "hashtag with #", yaml: ConfigFixture.site(accounts: "  - handle: a\n    compose:\n      hashtags: ['#swift']"),
                     line: 5, column: 18, message: "hashtag '#swift' starts with '#'"),
        BrokenConfig(name: "hashtag with space", yaml: ConfigFixture.site(accounts: "  - handle: a\n    compose:\n      hashtags: [swift lang]"),
                     line: 5, column: 23, message: "hashtag 'swift lang' contains a space"),
        BrokenConfig(name: "hashtag with a letter beyond ASCII and a dash", yaml: ConfigFixture.site(accounts: "  - handle: a\n    compose:\n      hashtags: [naïve-x]"),
                     line: 5, column: 23, message: "hashtag 'naïve-x' contains '-'"),
        BrokenConfig(name: "hashtags as a string", yaml: ConfigFixture.site(accounts: "  - handle: a\n    compose:\n      hashtags: swift"),
                     line: 5, column: 17, message: "expected a list of hashtags, found a string 'swift'"),
        BrokenConfig(name: "related as a string", yaml: ConfigFixture.site(accounts: "  - handle: a\n    compose:\n      related: jack"),
                     line: 5, column: 16, message: "expected a list of handles, found a string 'jack'"),
        BrokenConfig(name: "related handle invalid", yaml: ConfigFixture.site(accounts: "  - handle: a\n    compose:\n      related: [ok, no.pe]"),
                     line: 5, column: 23, message: "handle 'no.pe' contains '.'"),
        BrokenConfig(name: "via with @", yaml: ConfigFixture.site(accounts: "  - handle: a\n    compose:\n      via: '@jack'"),
                     line: 5, column: 12, message: "handle '@jack' starts with '@'"),
        BrokenConfig(name: "in_reply_to not numeric", yaml: ConfigFixture.site(accounts: "  - handle: a\n    compose:\n      in_reply_to: 12ab"),
                     line: 5, column: 20, message: "'in_reply_to' must be a numeric post id (1 to 19 digits), found '12ab'"),
        BrokenConfig(name: "compose as a string", yaml: ConfigFixture.site(accounts: "  - handle: a\n    compose: hello"),
                     line: 4, column: 14, message: "expected a map of compose options, found a string 'hello'"),
        BrokenConfig(name: "params as a list", yaml: ConfigFixture.site(extra: "params: [a]\n"), line: 2, column: 9,
                     message: "expected a map of values for templates, found a list"),
        BrokenConfig(name: "merge key", yaml: ConfigFixture.site(extra: "<<: {a: 1}\n"), line: 2, column: 1,
                     message: "unknown key '<<' in the top level", hint: "merge keys ('<<') are not part of YAML 1.2; use 'defaults' for options shared by accounts"),
        BrokenConfig(name: "merge key in an account", yaml: "d: &d {theme: dark}\ntitle: T\naccounts:\n  - handle: a\n    <<: *d\n",
                     line: 5, column: 5, message: "unknown key '<<' in an account",
                     hint: "merge keys ('<<') are not part of YAML 1.2; use 'defaults' for options shared by accounts"),
        BrokenConfig(name: "merge key in defaults", yaml: ConfigFixture.site(extra: "defaults:\n  <<: {theme: dark}\n"), line: 3, column: 3,
                     message: "unknown key '<<' in defaults",
                     hint: "merge keys ('<<') are not part of YAML 1.2; use 'defaults' for options shared by accounts"),
        BrokenConfig(name: "second document", yaml: "title: T\naccounts:\n  - handle: a\n---\ntitle: U\n", line: 4, column: 1,
                     message: "a second YAML document starts here; feedsite reads exactly one"),
        BrokenConfig(name: "unknown alias", yaml: "base: &base {theme: dark}\ntitle: T\naccounts:\n  - *bse\n", line: 4, column: 5,
                     message: "alias '*bse' refers to no anchor defined above it", hint: "did you mean '*base'?"),
        BrokenConfig(name: "tab indentation", yaml: "title: T\naccounts:\n\t- handle: a\n", line: 3, column: 1,
                     message: "a tab character cannot be used for indentation in YAML"),
        BrokenConfig(name: "unquoted colon in value", yaml: "title: a: b\naccounts:\n  - handle: a\n", line: 1, column: 9,
                     message: "unexpected ':' here; a value that contains ': ' must be quoted"),
        BrokenConfig(name: "unclosed quote", yaml: "title: \"abc\naccounts:\n  - handle: a\n", line: 1, column: 8,
                     message: "this quoted string is never closed"),
        BrokenConfig(name: "bad indentation", yaml: "title: T\naccounts:\n  - handle: a\n   name: b\n", line: 4, column: 4,
                     message: "unexpected indentation: expected another '- ' item of the list at line 3, column 3, or a key aligned with the keys above"),
        BrokenConfig(name: "unclosed flow list", yaml: "title: T\naccounts: [{handle: a}\n", line: 3, column: 1,
                     message: "expected ',' or ']' in the list opened at line 2, column 11"),
        BrokenConfig(name: "value starting with @", yaml: "title: @home\naccounts:\n  - handle: a\n", line: 1, column: 8,
                     message: "'@' cannot start a YAML value"),
        BrokenConfig(name: "invalid UTF-8", yaml: "title: caf\u{FFFD}\n", line: 1, column: 11, message: "the file is not valid UTF-8"),
        BrokenConfig(name: "unknown tag", yaml: "title: !foo T\naccounts:\n  - handle: a\n", line: 1, column: 8,
                     message: "unsupported tag '!foo'"),
        BrokenConfig(name: "unknown placeholder in a defaults feed",
                     yaml: ConfigFixture.site(extra: "defaults:\n  feed: https://bridge.example/{handel}.rss\n"), line: 3, column: 32,
                     message: "unknown placeholder '{handel}' in 'feed'", hint: "did you mean '{handle}'? the only placeholder is {handle}"),
        BrokenConfig(name: "unclosed placeholder in a feed", yaml: ConfigFixture.site(accounts: "  - handle: a\n    feed: 'feeds/{handle.xml'"),
                     line: 4, column: 18, message: "'{' without a closing '}' in 'feed'"),
        BrokenConfig(name: "feed with another scheme", yaml: ConfigFixture.site(accounts: "  - handle: a\n    feed: ftp://example.com/a.rss"),
                     line: 4, column: 11, message: "'feed' must be an http or https URL"),
        BrokenConfig(name: "feed is a list", yaml: ConfigFixture.site(accounts: "  - handle: a\n    feed: [a]"),
                     line: 4, column: 11, message: "expected a string, found a list"),
        BrokenConfig(name: "typo in feed key", yaml: ConfigFixture.site(accounts: "  - handle: a\n    fed: x.rss"),
                     line: 4, column: 5, message: "unknown key 'fed' in an account", hint: "did you mean 'feed'?"),
        BrokenConfig(name: "posts out of range", yaml: ConfigFixture.site(accounts: "  - handle: a\n    posts: 500"),
                     line: 4, column: 12, message: "'posts' must be from 1 to 200, found 500"),
        BrokenConfig(name: "typo in snapshots key", yaml: ConfigFixture.site(extra: "snapshot: data\n"),
                     line: 2, column: 1, message: "unknown key 'snapshot' in the top level", hint: "did you mean 'snapshots'?"),
        BrokenConfig(name: "int tag on text", yaml: "title: T\naccounts:\n  - handle: a\n    height: !!int tall\n", line: 4, column: 13,
                     message: "'tall' is not a valid value for tag '!!int'"),
    ]

    @Test("each broken configuration is reported at its line and column with its message", arguments: cases)
    func brokenConfiguration(_ broken: BrokenConfig) throws {
        var bytes = Array(broken.yaml.utf8)
        if broken.name == "invalid UTF-8" {
            bytes = Array("title: caf".utf8) + [0xFF, 0x0A]
        }
        let diagnostics: [Diagnostic]
        do {
            _ = try SiteConfigLoader.decode(bytes, file: "site.yml", siteFolder: "/site")
            Issue.record("expected an error for \(broken.name)")
            return
        } catch {
            diagnostics = error.diagnostics
        }
        let first = try #require(diagnostics.first { $0.message.contains(broken.message) },
                                 "no diagnostic contains \"\(broken.message)\"; got \(diagnostics.map(\.description))")
        #expect(first.severity == .error)
        #expect(first.location.file == "site.yml")
        #expect(first.location.line == broken.line, "line for \(broken.name)")
        #expect(first.location.column == broken.column, "column for \(broken.name)")
        if let hint = broken.hint {
            #expect(first.hint == hint)
        }
    }

    @Test("every diagnostic of every broken configuration points at a line and column inside its file")
    func positionsInsideTheFile() {
        for broken in Self.cases {
            let lines = broken.yaml.split(separator: "\n", omittingEmptySubsequences: false)
            let diagnostics = ConfigFixture.diagnostics(broken.yaml)
            #expect(!diagnostics.isEmpty, "\(broken.name)")
            for diagnostic in diagnostics {
                let (line, column) = (diagnostic.location.line, diagnostic.location.column)
                let inside = (1...lines.count).contains(line) && (1...(lines[line - 1].count + 1)).contains(column)
                #expect(inside, "\(broken.name): \(diagnostic)")
            }
        }
    }

    @Test("all problems of a file are reported together, sorted by position")
    func collectsAllProblemsSorted() {
        let yaml = """
        title: T
        defaults:
          theme: blue
        accounts:
          - handle: a-b
            height: 0
          - handle: ok
            dnt: maybe
        """
        let diagnostics = ConfigFixture.diagnostics(yaml)
        #expect(diagnostics.map(\.location.line) == [3, 5, 6, 8])
        #expect(diagnostics.allSatisfy { $0.severity == .error })
    }

    @Test("an error prints as path:line:col: error: message with the hint on the next line")
    func printedForm() {
        let diagnostics = ConfigFixture.diagnostics(ConfigFixture.site(accounts: "  - handle: a\n    heigth: 5"))
        #expect(diagnostics.map(\.description) == ["site.yml:4:5: error: unknown key 'heigth' in an account\n  hint: did you mean 'height'?"])
    }
}

extension SiteConfigErrorTests {
    @Test("snapshots: may not be /, the site folder or above it, or inside the templates, the output or the data files' folder", arguments: [
        "snapshots: /", "snapshots: .", "snapshots: ..", "snapshots: templates/assets", "snapshots: output", "snapshots: output/s",
        "snapshots: data", "snapshots: data/snaps",
    ])
    func refusedSnapshotsFolder(line: String) {
        let diagnostics = ConfigFixture.diagnostics("title: T\n\(line)\naccounts:\n  - handle: a\n")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.location == SourceLocation(file: "site.yml", line: 2, column: 12))
        #expect(diagnostics.first?.message.hasPrefix("refusing to keep snapshots in") == true)
        #expect(ConfigFixture.diagnostics("title: T\nsnapshots: state/snapshots\naccounts:\n  - handle: a\n").isEmpty)
        #expect(ConfigFixture.diagnostics("title: T\nsnapshots: database\naccounts:\n  - handle: a\n").isEmpty)
    }
}
