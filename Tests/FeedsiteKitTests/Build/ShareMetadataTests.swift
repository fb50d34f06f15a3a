import Foundation
import Testing
@testable import FeedsiteKit

/// Every page carries Open Graph and X card metadata and links the site's icon; read back from the
/// built pages with the HTML tokenizer, as a crawler reads them (attribute values decoded).
@Suite struct ShareMetadataTests {
    static let accounts = "  - handle: jack\n    description: Jack's posts\n  - handle: bob\n    image: https://cdn.example/bob.png\n"

    @Test("with base_url every page has og:title, og:description, og:type, og:site_name, og:url and an absolute og:image, and a large X card")
    func withBaseURL() throws {
        let site = try TemporarySite(["site.yml": "title: Feeds\ndescription: A few feeds\nbase_url: https://example.com/feeds/\n"
                                          + "image: assets/card.png\ntwitter_site: feedsite_dev\naccounts:\n" + Self.accounts,
                                      "templates/assets/card.png": "png"])
        _ = try site.build()
        let index = try Self.head(site, "index.html")
        #expect(index.meta["og:title"] == "\u{2068}Feeds\u{2069}")
        #expect(index.meta["og:description"] == "\u{2068}A few feeds\u{2069}")
        #expect(index.meta["og:type"] == "website")
        #expect(index.meta["og:site_name"] == "\u{2068}Feeds\u{2069}")
        #expect(index.meta["og:url"] == "https://example.com/feeds/")
        #expect(index.meta["og:image"] == "https://example.com/feeds/assets/card.png")
        #expect(index.meta["twitter:card"] == "summary_large_image")
        #expect(index.meta["twitter:site"] == "@feedsite_dev")

        let jack = try Self.head(site, "jack/index.html")
        #expect(jack.meta["og:title"] == "\u{2068}jack\u{2069} (@jack) · \u{2068}Feeds\u{2069}")
        #expect(jack.meta["og:description"] == "\u{2068}Jack's posts\u{2069}")
        #expect(jack.meta["og:type"] == "profile")
        #expect(jack.meta["og:url"] == "https://example.com/feeds/jack/")
        #expect(jack.meta["og:image"] == "https://example.com/feeds/assets/card.png")

        // An account's own image wins on its page only; without a description the site's is used.
        let bob = try Self.head(site, "bob/index.html")
        #expect(bob.meta["og:image"] == "https://cdn.example/bob.png")
        #expect(bob.meta["og:description"] == "\u{2068}A few feeds\u{2069}")

        let latest = try Self.head(site, "latest/index.html")
        #expect(latest.meta["og:url"] == "https://example.com/feeds/latest/")
        #expect(latest.meta["og:title"] == "Latest posts · \u{2068}Feeds\u{2069}")
        let notFound = try Self.head(site, "404.html")
        #expect(notFound.meta["og:url"] == nil)
        #expect(notFound.meta["og:title"] == "Page not found · \u{2068}Feeds\u{2069}")
    }

    @Test("without base_url there is no og:url, a path image gives no og:image and the card is a summary; an absolute image still shows")
    func withoutBaseURL() throws {
        let site = try TemporarySite(["site.yml": "title: Feeds\nimage: /assets/card.png\naccounts:\n" + Self.accounts,
                                      "templates/assets/card.png": "png"])
        _ = try site.build()
        let index = try Self.head(site, "index.html")
        #expect(index.meta["og:url"] == nil)
        #expect(index.meta["og:image"] == nil)
        #expect(index.meta["twitter:card"] == "summary")
        #expect(index.meta["twitter:site"] == nil)
        #expect(index.meta["og:description"] == "\u{2068}Feeds\u{2069}")
        let bob = try Self.head(site, "bob/index.html")
        #expect(bob.meta["og:image"] == "https://cdn.example/bob.png")
        #expect(bob.meta["twitter:card"] == "summary_large_image")
        #expect(bob.meta["og:description"] == "\u{2068}\u{2068}bob\u{2069} (@bob) on X\u{2069}", "the name is isolated inside the isolated description")
    }

    @Test("a path image without base_url warns once, at the site's image, that og:image needs base_url; with --base-url it does not")
    func pathImageWithoutBaseURL() throws {
        let site = try TemporarySite(["site.yml": "title: Feeds\nimage: assets/card.png\ndefaults:\n  image: assets/people.png\naccounts:\n"
                                          + "  - handle: jack\n  - handle: bob\n", "templates/assets/card.png": "png", "templates/assets/people.png": "png"])
        let warnings = try site.build().warnings
        #expect(warnings.map { "\($0.severity) \($0.location.line):\($0.location.column) \($0.message) | \($0.hint ?? "")" } == [
            "warning 2:8 the image 'assets/card.png' is a path, and og:image needs base_url to make it absolute: no share card shows it"
                + " | set base_url: in site.yml (the address the site is served at), or pass --base-url",
        ])
        try site.write(["site.yml": "title: Feeds\ndefaults:\n  image: assets/people.png\naccounts:\n  - handle: jack\n    image: https://cdn.example/j.png\n  - handle: bob\n"])
        #expect(try site.build().warnings.map { "\($0.location.line):\($0.location.column)" } == ["7:13"], "at the first account with a path image")
        let config = try ConfigFixture.config(try #require(site.read("site.yml")))
        #expect(try BaseURLOverride("https://example.com", source: .flag).applied(to: config).imageWithoutBaseURLWarning == nil)
    }

    @Test("characters that may not stand raw in a URL are percent-encoded in an absolute image URL, after its host")
    func encodedAbsoluteImage() throws {
        let site = try TemporarySite(["site.yml": "title: T\nimage: 'https://cdn.example/a\"b<c>{d}é.png?q=<1>'\naccounts:\n  - handle: jack\n"])
        _ = try site.build()
        #expect(try Self.head(site, "index.html").meta["og:image"] == "https://cdn.example/a%22b%3Cc%3E%7Bd%7D%C3%A9.png?q=%3C1%3E")
    }

    @Test("a path image is percent-encoded when made absolute, and a leading slash does not double")
    func encodedImagePath() throws {
        let site = try TemporarySite(["site.yml": "title: T\nbase_url: https://example.com\nimage: /assets/café card.png\naccounts:\n  - handle: jack\n"])
        let problems = ConfigFixture.diagnostics(try #require(site.read("site.yml")))
        #expect(problems.map(\.message) == ["the path '/assets/café card.png' for 'image' contains a space or a control character"])
        try site.write(["site.yml": "title: T\nbase_url: https://example.com\nimage: /assets/café.png\naccounts:\n  - handle: jack\n",
                        "templates/assets/café.png": "png"])
        _ = try site.build()
        #expect(try Self.head(site, "index.html").meta["og:image"] == "https://example.com/assets/caf%C3%A9.png")
    }

    @Test("an image path that names no file the site publishes stops the build at its value in site.yml, once per path")
    func missingImage() throws {
        let site = try TemporarySite(["site.yml": "title: T\nimage: assets/card.png\ndefaults:\n  image: assets/people.png\naccounts:\n"
                                          + "  - handle: jack\n  - handle: bob\n  - handle: ann\n    image: https://cdn.example/ann.png\n"])
        #expect {
            try site.build()
        } throws: { error in
            let diagnostics = (error as? DiagnosticError)?.diagnostics ?? []
            return diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message) | \($0.hint ?? "")" } == [
                "2:8 the site's image 'assets/card.png' is not a file the site publishes | add templates/assets/card.png, or correct the path",
                "6:13 @jack's image 'assets/people.png' is not a file the site publishes | add templates/assets/people.png, or correct the path",
            ]
        }
        #expect(site.read("output/index.html") == nil)
        try site.write(["templates/assets/card.png": "png", "templates/assets/people.png": "png"])
        _ = try site.build()
        #expect(try Self.head(site, "bob/index.html").meta["twitter:card"] == "summary")
    }

    @Test("titles, descriptions and names with quotes, ampersands and angle brackets stay whole in the attributes")
    func escapedForAttributes() throws {
        let title = #"Tom's "feeds" & <friends>"#
        let site = try TemporarySite(["site.yml": "title: '\(title.replacingOccurrences(of: "'", with: "''"))'\n"
                                          + "description: '\"quoted\" & <b>'\naccounts:\n  - handle: jack\n    name: '\"J\" & <K>'\n"])
        _ = try site.build()
        let index = try Self.head(site, "index.html")
        #expect(index.meta["og:title"] == "\u{2068}\(title)\u{2069}")
        #expect(index.meta["og:site_name"] == "\u{2068}\(title)\u{2069}")
        #expect(index.meta["og:description"] == "\u{2068}\"quoted\" & <b>\u{2069}")
        let jack = try Self.head(site, "jack/index.html")
        #expect(jack.meta["og:title"] == "\u{2068}\"J\" & <K>\u{2069} (@jack) · \u{2068}\(title)\u{2069}")
        #expect(try #require(site.read("output/index.html")).contains(#"content="&#x2068;Tom&#39;s &quot;feeds&quot; &amp; &lt;friends&gt;&#x2069;""#))
    }

    @Test("the starter's favicon.svg is linked from every page, relative to it, and absolutely from the 404 page")
    func starterFavicon() throws {
        let site = try TemporarySite(["site.yml": "title: T\nbase_url: https://example.com/x\naccounts:\n  - handle: jack\n"])
        _ = try site.build()
        #expect(try Self.head(site, "index.html").icon == Icon(href: "./assets/favicon.svg", type: "image/svg+xml"))
        #expect(try Self.head(site, "jack/index.html").icon == Icon(href: "../assets/favicon.svg", type: "image/svg+xml"))
        #expect(try Self.head(site, "latest/index.html").icon == Icon(href: "../assets/favicon.svg", type: "image/svg+xml"))
        #expect(try Self.head(site, "404.html").icon == Icon(href: "https://example.com/x/assets/favicon.svg", type: "image/svg+xml"))
        #expect(site.read("output/assets/favicon.svg") != nil)
    }

    @Test("a favicon in static/ is linked relative to each page, so a site under a sub-path finds it")
    func staticFavicon() throws {
        let site = try TemporarySite(["site.yml": "title: T\nbase_url: https://example.com/x\naccounts:\n  - handle: jack\n", "static/favicon.ico": "icon"])
        try FileManager.default.removeItem(atPath: site.path + "/templates/assets/favicon.svg")
        _ = try site.build()
        #expect(try Self.head(site, "jack/index.html").icon == Icon(href: "../favicon.ico", type: "image/x-icon"))
        #expect(try Self.head(site, "404.html").icon == Icon(href: "https://example.com/x/favicon.ico", type: "image/x-icon"))
    }

    @Test("favicon.svg wins over favicon.ico, which wins over icon.png, in templates/assets/ then at the top of static/; with none no icon is linked", arguments: [
        (["favicon.ico", "icon.png"], Icon(href: "./assets/favicon.ico", type: "image/x-icon")),
        (["icon.png"], Icon(href: "./assets/icon.png", type: "image/png")),
        (["favicon.svg", "favicon.ico", "icon.png"], Icon(href: "./assets/favicon.svg", type: "image/svg+xml")),
        ([], nil),
        (["static/favicon.ico"], Icon(href: "./favicon.ico", type: "image/x-icon")),
        (["static/icon.png", "static/favicon.svg"], Icon(href: "./favicon.svg", type: "image/svg+xml")),
        (["static/favicon.ico", "icon.png"], Icon(href: "./assets/icon.png", type: "image/png")),
        (["static/sub/favicon.ico"], nil),
    ])
    func faviconChoice(files: [String], icon: Icon?) throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: jack\n"])
        try FileManager.default.removeItem(atPath: site.path + "/templates/assets/favicon.svg")
        for file in files { try site.write(file.hasPrefix("static/") ? file : "templates/assets/" + file, "icon") }
        _ = try site.build()
        #expect(try Self.head(site, "index.html").icon == icon)
    }

    @Test("a bad image or twitter_site is an error at its value that says what was expected", arguments: [
        ("image: ftp://example.com/card.png", 2, 8, "'image' must be an http or https URL, found a 'ftp:' URL"),
        ("image: //cdn.example/card.png", 2, 8, "the path '//cdn.example/card.png' for 'image' starts with '//', which names another host"),
        ("image: ../card.png", 2, 8, "the path '../card.png' for 'image' has a '.' or '..' segment"),
        ("image: assets/card.png?v=2", 2, 8, "the path 'assets/card.png?v=2' for 'image' has a query or fragment ('?' or '#')"),
        ("image: 'assets\\card.png'", 2, 8, "the path 'assets\\card.png' for 'image' contains a backslash"),
        ("image: assets/", 2, 8, "the path 'assets/' for 'image' names a folder, not an image file"),
        ("image: [a.png]", 2, 8, "expected a string, found a list"),
        ("twitter_site: '@feedsite'", 2, 15, "handle '@feedsite' starts with '@'"),
        ("twitter_site: feed-site", 2, 19, "handle 'feed-site' contains '-'; handles use only letters A-Z, digits and '_'"),
        ("defaults:\n  image: ftp://x/y.png", 3, 10, "'image' must be an http or https URL, found a 'ftp:' URL"),
    ])
    func badValues(line: String, row: Int, column: Int, message: String) throws {
        let problems = ConfigFixture.diagnostics(ConfigFixture.site(extra: line + "\n"))
        let first = try #require(problems.first)
        #expect(first.message == message)
        #expect(first.location.line == row)
        #expect(first.location.column == column)
        // Each of image's own messages comes with a hint (the YAML type mismatch has none of its own).
        #expect(first.hint != nil || message.hasPrefix("expected") || message.contains(" contains '-'"))
    }
}

/// A page's share metadata as a crawler reads it.
struct HeadMetadata {
    /// `<meta property|name=… content=…>`, by property or name.
    var meta: [String: String] = [:]
    /// The `<link rel="icon">`, when there is one.
    var icon: Icon?
}

/// A `<link rel="icon">`.
struct Icon: Equatable, Sendable, CustomTestStringConvertible {
    var href: String
    var type: String?
    var testDescription: String { href }
}

private extension ShareMetadataTests {
    static func head(_ site: TemporarySite, _ page: String) throws -> HeadMetadata {
        let html = try #require(site.read("output/" + page), "\(page) was not written")
        return Array(html.utf8).withUnsafeBufferPointer { buffer in
            var tokenizer = HTMLTokenizer(input: buffer, sink: HeadMetaSink())
            return tokenizer.run().head
        }
    }
}

/// Collects the `<meta>` and icon `<link>` elements of a page.
private struct HeadMetaSink: HTMLTokenSink {
    static var wantsText: Bool { false }
    static var wantsComments: Bool { false }
    var head = HeadMetadata()

    mutating func startTag(_ tag: HTMLTag) {
        var attributes: [String: String] = [:]
        for attribute in tag.attributes where !attribute.isDuplicate {
            attributes[String(decoding: tag.name(of: attribute), as: UTF8.self)] = String(decoding: tag.value(of: attribute), as: UTF8.self)
        }
        switch String(decoding: tag.name, as: UTF8.self) {
        case "meta":
            if let key = attributes["property"] ?? attributes["name"], let content = attributes["content"] {
                #expect(head.meta[key] == nil, "\(key) appears twice")
                head.meta[key] = content
            }
        case "link" where attributes["rel"] == "icon":
            #expect(head.icon == nil, "two icon links")
            head.icon = Icon(href: attributes["href"] ?? "", type: attributes["type"])
        default:
            break
        }
    }

    mutating func endTag(name: UnsafeBufferPointer<UInt8>) {}
    mutating func text(_ bytes: [UInt8]) {}
    mutating func comment(_ bytes: [UInt8]) {}
    mutating func doctype(name: [UInt8]?, publicID: [UInt8]?, systemID: [UInt8]?, forceQuirks: Bool) {}
}
