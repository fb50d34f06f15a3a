import Foundation
import Testing
@testable import FeedsiteKit

/// What the default templates (`templates/` in the repository, written by `feedsite init`) render:
/// the one place that expects their exact markup. Tests of the builder use small fixture templates.
@Suite struct DefaultTemplatesTests {
    /// Two accounts: one with the defaults, one with every timeline and compose option set.
    static let siteYAML = SiteBuilderTests.siteYAML

    /// A site of the default templates and `yaml`, built.
    static func built(_ yaml: String = siteYAML) throws -> TemporarySite {
        let site = try TemporarySite(["site.yml": yaml])
        _ = try site.build()
        return site
    }

    @Test("the account page links the canonical compose URL, with &amp; between parameters, opening in a new tab")
    func composeLink() throws {
        let site = try Self.built()
        let page = try #require(site.read("output/outputdd/index.html"))
        #expect(page.contains("href=\"https://twitter.com/intent/tweet?text=%40OUTPUT.DD\" target=\"_blank\" rel=\"noopener noreferrer\""))
        let jack = try #require(site.read("output/jack/index.html"))
        #expect(jack.contains("href=\"https://twitter.com/intent/tweet?text=Tom%20%26%20Jerry%20%231%20%2B%20100%25%20%F0%9F%98%80%20caf%C3%A9"
            + "&amp;url=https%3A%2F%2Fexample.com%2Fa%3Fb%3Dc&amp;hashtags=swift,ios&amp;via=jack&amp;related=a,b_c&amp;in_reply_to=1234567890\""))
    }

    @Test("every timeline option becomes a data- attribute of the timeline anchor, and the theme is on the html element")
    func timelineAttributes() throws {
        let site = try Self.built()
        let jack = try #require(site.read("output/jack/index.html"))
        #expect(jack.contains("<a class=\"twitter-timeline\" href=\"https://twitter.com/jack\" data-theme=\"dark\" data-height=\"400\" "
            + "data-width=\"320\" data-tweet-limit=\"5\" data-chrome=\"noheader noborders\" data-dnt=\"true\" data-lang=\"de\" "
            + "data-aria-polite=\"assertive\" data-show-replies=\"true\">"))
        #expect(jack.contains("data-timeout-ms=\"2500\""))
        #expect(jack.contains("<html lang=\"en\" data-theme=\"dark\">"))
        let outputdd = try #require(site.read("output/outputdd/index.html"))
        #expect(outputdd.contains("data-theme=\"auto\" data-height=\"600\">"))
    }

    @Test("with load: click the account page starts with the consent panel, the overlay hidden and aria-busy false")
    func clickMarkup() throws {
        let site = try Self.built(Self.siteYAML.replacingOccurrences(of: "    theme: dark\n", with: "    theme: dark\n    load: click\n    remember_consent: true\n"))
        let jack = try #require(site.read("output/jack/index.html"))
        #expect(jack.contains("aria-busy=\"false\" data-feedsite-timeline data-load=\"click\" data-remember-consent data-timeout-ms"))
        #expect(jack.contains("<div class=\"timeline-overlay\" role=\"status\" hidden>"))
        #expect(jack.contains("<button class=\"button\" type=\"button\" data-feedsite-consent>Show posts</button>"))
        #expect(jack.contains("<p class=\"consent-forget\" hidden><a href=\"#\" data-feedsite-forget>Stop loading posts automatically</a></p>"))
        let outputdd = try #require(site.read("output/outputdd/index.html"))
        #expect(outputdd.contains("data-feedsite-timeline data-load=\"auto\" data-timeout-ms"))
        #expect(!outputdd.contains("timeline-consent"))
        #expect(!outputdd.contains("consent-forget"))
    }

    @Test("every part of the timeline that needs JavaScript starts hidden and the region not busy, so that without it only the noscript link shows",
          arguments: ["auto", "click"])
    func scriptedPartsStartHidden(load: String) throws {
        let site = try Self.built(Self.siteYAML.replacingOccurrences(of: "    theme: dark\n", with: "    theme: dark\n    load: \(load)\n"))
        let jack = try #require(site.read("output/jack/index.html"))
        #expect(jack.contains("aria-busy=\"false\" data-feedsite-timeline data-load=\"\(load)\""))
        #expect(jack.contains("<div class=\"timeline-overlay\" role=\"status\" hidden>"))
        #expect(jack.contains("<div class=\"timeline-fallback\" role=\"alert\" hidden>"))
        #expect(jack.contains("<div class=\"timeline-consent\" hidden>") == (load == "click"))
        #expect(!jack.contains("<div class=\"timeline-consent\">"))
        #expect(jack.contains("<noscript><p class=\"noscript\">Showing posts here needs JavaScript. <a href=\"https://twitter.com/jack\">"))
    }

    @Test("names sit in bdi elements, and in the title between isolate marks, so that a right-to-left name never reorders the handle beside it")
    func isolatedNames() throws {
        let site = try Self.built("""
            title: Isolated
            description: "\\u202Esite"
            accounts:
              - handle: victim
                name: "\\u202Eevil"
                description: "\\u202Eabout"
                load: click
            """)
        let isolated = [
            ("victim/index.html", "<title>&#x2068;\u{202E}evil&#x2069; (@victim) · &#x2068;Isolated&#x2069;</title>"),
            ("victim/index.html", "<h1><bdi>\u{202E}evil</bdi> <span class=\"handle\">@victim</span></h1>"),
            ("victim/index.html", "<p><strong><bdi>\u{202E}evil</bdi></strong> <span class=\"handle\">@victim</span></p>"),
            ("victim/index.html", "<p class=\"description\" dir=\"auto\">\u{202E}about</p>"),
            ("index.html", "<li><a href=\"victim/index.html\"><bdi class=\"name\">\u{202E}evil</bdi> <span class=\"handle\">@victim</span> <span class=\"network\">on X</span>"),
            ("index.html", "<span class=\"description\" dir=\"auto\">\u{202E}about</span></a></li>"),
            ("index.html", "<p class=\"lead\" dir=\"auto\">\u{202E}site</p>"),
        ]
        for (page, markup) in isolated {
            #expect(site.read("output/" + page)?.contains(markup) == true, "\(page) lacks \(markup)")
        }
    }

    @Test("titles and descriptions from site.yml are isolated as names are: isolate marks in the title element and the metadata, bdi in the page")
    func isolatedTitlesAndDescriptions() throws {
        let site = try Self.built("""
            title: "\\u202Esite"
            description: "\\u202Eabout"
            base_url: https://example.com
            accounts:
              - handle: victim
                description: "\\u202Eown"
              - handle: plain
            """)
        let isolated = [
            ("index.html", "<title>&#x2068;\u{202E}site&#x2069;</title>"),
            ("index.html", "<meta name=\"description\" content=\"&#x2068;\u{202E}about&#x2069;\">"),
            ("index.html", "<meta property=\"og:title\" content=\"&#x2068;\u{202E}site&#x2069;\">"),
            ("index.html", "<meta property=\"og:description\" content=\"&#x2068;\u{202E}about&#x2069;\">"),
            ("index.html", "<meta property=\"og:site_name\" content=\"&#x2068;\u{202E}site&#x2069;\">"),
            ("index.html", "<a class=\"site-title\" href=\"./index.html\"><bdi>\u{202E}site</bdi></a>"),
            ("index.html", "<h1><bdi>\u{202E}site</bdi></h1>"),
            ("index.html", "title=\"Latest posts · \u{2068}\u{202E}site\u{2069}\""),
            ("victim/index.html", "<title>&#x2068;victim&#x2069; (@victim) · &#x2068;\u{202E}site&#x2069;</title>"),
            ("victim/index.html", "<meta property=\"og:description\" content=\"&#x2068;\u{202E}own&#x2069;\">"),
            ("latest/index.html", "<title>Latest posts · &#x2068;\u{202E}site&#x2069;</title>"),
            ("404.html", "<title>Page not found · &#x2068;\u{202E}site&#x2069;</title>"),
        ]
        for (page, markup) in isolated {
            #expect(site.read("output/" + page)?.contains(markup) == true, "\(page) lacks \(markup)")
        }
    }

    @Test("the index lists every account with name, handle and a relative link, under the escaped site title")
    func index() throws {
        let site = try Self.built()
        let index = try #require(site.read("output/index.html"))
        #expect(index.contains("<li><a href=\"outputdd/index.html\"><bdi class=\"name\">OUTPUT.DD</bdi> <span class=\"handle\">@OutputDD</span> <span class=\"network\">on X</span></a></li>"))
        #expect(index.contains("<li><a href=\"jack/index.html\"><bdi class=\"name\">jack</bdi> <span class=\"handle\">@jack</span> <span class=\"network\">on X</span></a></li>"))
        #expect(index.contains("<title>&#x2068;Feeds &amp; Friends&#x2069;</title>"))
        #expect(index.contains("href=\"./assets/site.css\""))
    }

    @Test("the sample site builds without any warning or finding")
    func defaultTemplatesHaveNoWarnings() throws {
        let site = try TemporarySite.sample()
        let result = try site.build()
        #expect(result.warnings.isEmpty)
        #expect(result.check.findings.isEmpty)
        let report = try LinkChecker(strict: true).check(folder: site.path + "/output")
        #expect(report.findings.isEmpty)
        #expect(report.intentURLs == result.accounts)
    }

    @Test("with base_url the pages link their canonical URL and load the stylesheet from it")
    func baseURL() throws {
        let site = try Self.built("base_url: https://example.com/feeds/\n" + Self.siteYAML)
        #expect(site.read("output/jack/index.html")?.contains("<link rel=\"canonical\" href=\"https://example.com/feeds/jack/\">") == true)
        #expect(site.read("output/404.html")?.contains("href=\"https://example.com/feeds/assets/site.css\"") == true)
    }

    @Test("without base_url there is no canonical link")
    func noBaseURL() throws {
        let site = try Self.built()
        #expect(site.read("output/jack/index.html")?.contains("rel=\"canonical\"") == false)
    }

    @Test("a hostile value shows as text in the title, heading, description and index, and never adds an element or attribute",
          arguments: EscapingTests.corpus)
    func hostileValue(_ value: String) throws {
        let baseline = try EscapingTests.pages("plain text")
        let hostile = try EscapingTests.pages(value)
        #expect(hostile.index.structure == baseline.index.structure)
        #expect(hostile.account.structure == baseline.account.structure)
        #expect(hostile.account.attributes["meta.content"]?.contains("\u{2068}" + value + "\u{2069}") == true, "the description meta tag")
        #expect(hostile.account.text.contains("\(value) @victim"), "the h1 holds the name as text")
        #expect(hostile.account.text.contains("\u{2068}" + value + "\u{2069} (@victim) · \u{2068}" + value + "\u{2069}"), "the title element")
        #expect(try EscapingTests.composeText(hostile.account) == value)
        #expect(hostile.index.text.contains(value + " @victim"))
    }
}
