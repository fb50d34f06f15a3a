import Foundation
import Testing
@testable import FeedsiteKit

/// The hostile values of `EscapingTests` in every field of a post, its feed and its snapshot, taken
/// from a feed through a snapshot to the built page: nothing reaches the page unescaped, and the
/// pages pass `check --strict`.
@Suite struct PostEscapingTests {
    /// A JSON Feed whose feed title, post title, text, author and media alt are all `value`, with
    /// the post's link `url` and its media at `mediaURL`; its HTML is `html` when given, else the text.
    static func feed(_ value: String, html: String? = nil, url: String = "https://example.com/posts/1",
                     mediaURL: String = "https://example.com/cat.png") -> String {
        let q = JSONString.quoted(value)
        let content = html.map { "\"content_html\": \(JSONString.quoted($0))" } ?? "\"content_text\": \(q)"
        return """
        {"version": "https://jsonfeed.org/version/1.1", "title": \(q), "items": [
          {"id": "1", "url": \(JSONString.quoted(url)), "title": \(q), \(content), "date_published": "2026-11-29T14:03:00Z",
           "authors": [{"name": \(q)}], "attachments": [{"url": \(JSONString.quoted(mediaURL)), "mime_type": "image/png", "title": \(q)}]}
        ]}
        """
    }

    /// A template that places every post and snapshot field in text and in quoted attributes.
    static let fixtureTemplate = """
        <h1>{{account.handle}}</h1>
        {{#account.posts}}<article title="{{title}}"><h2>{{title}}</h2><p data-text='{{text}}'>{{text}}</p><div>{{{html}}}</div>\
        {{#media}}<a href="{{url}}" title="{{alt}}">{{alt}}</a>{{/media}}{{#url}}<a href="{{url}}">{{published_display}}</a>{{/url}}</article>{{/account.posts}}
        {{#account.snapshot}}<p title="{{error}}">{{error}}</p><p data-source="{{source}}">{{source}}</p>{{/account.snapshot}}
        """

    /// The feed read, put in a snapshot whose source and error are `value`, and built; the account page scanned.
    static func page(_ value: String, feed: String, template: String? = nil) throws -> (page: StructureSink, site: TemporarySite) {
        let read = try FeedReader.read(Array(feed.utf8), source: "feeds/victim.json")
        let snapshot = Snapshot(handle: "victim", record: SnapshotRecord(source: value, fetchedAt: "2026-11-29T15:00:00Z",
                                                                         changedAt: "2026-11-29T15:00:00Z", error: value), posts: read.posts)
        var files = ["site.yml": "title: T\naccounts:\n  - handle: victim\n    feed: feeds/victim.json\n",
                     "snapshots/victim.json": String(decoding: snapshot.json, as: UTF8.self)]
        if let template { files["templates/account.html"] = template }
        let site = try TemporarySite(files)
        _ = try site.build()
        return (StructureSink.scan(site.read("output/victim/index.html") ?? ""), site)
    }

    @Test("a hostile value in any post field reads back as written in text and quoted attributes, and adds no element or attribute",
          arguments: EscapingTests.corpus)
    func hostileFields(_ value: String) throws {
        for template in [nil, Self.fixtureTemplate] {
            let plain = try Self.page("plain text", feed: Self.feed("plain text"), template: template).page
            let hostile = try Self.page(value, feed: Self.feed(value), template: template)
            #expect(hostile.page.structure == plain.structure)
            #expect(hostile.page.text == plain.text.replacingOccurrences(of: "plain text", with: value))
            #expect(hostile.page.attributes == plain.attributes.mapValues { $0.map { $0.replacingOccurrences(of: "plain text", with: value) } })
            if template != nil {
                #expect(plain.text.components(separatedBy: "plain text").count - 1 == 6, "title, text, html, alt, error and source")
            }
            let report = try LinkChecker(strict: true).check(folder: hostile.site.path + "/output")
            #expect(report.findings.filter { $0.severity == .error } == [], "\(report.findings)")
        }
    }

    static let forbiddenTags = ["script", "iframe", "style", "base", "meta", "form", "svg", "math", "object", "embed", "img", "input"]

    @Test("hostile HTML and URLs in a post reach the page as no script, handler, frame or non-http link", arguments: EscapingTests.corpus)
    func hostileHTMLAndURLs(_ value: String) throws {
        let (page, site) = try Self.page("x", feed: Self.feed("x", html: value, url: "https://example.com/" + value, mediaURL: value),
                                         template: Self.fixtureTemplate)
        for element in page.structure {
            let name = element.dropFirst().prefix { $0 != " " && $0 != ">" }
            #expect(!Self.forbiddenTags.contains(String(name)), "\(element)")
            #expect(!element.contains(" on"), "\(element)")
        }
        for href in page.attributes["a.href", default: []] {
            #expect(href.hasPrefix("https://") || href.hasPrefix("http://"), "\(href)")
        }
        let report = try LinkChecker(strict: true).check(folder: site.path + "/output")
        #expect(report.findings.filter { $0.severity == .error } == [], "\(report.findings)")
    }
}
