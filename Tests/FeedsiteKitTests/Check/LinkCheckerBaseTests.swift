import Testing
@testable import FeedsiteKit

/// `<base href>`: the first one with an `href` moves every relative link of the page.
@Suite struct LinkCheckerBaseTests {
    static let files: Set<String> = ["app/main.js", "app/style.css", "app/img/x.png", "app/deep/index.html", "index.html", "top.css"]

    func check(_ html: String, path: String = "app/deep/index.html", files: Set<String> = files) -> CheckReport {
        LinkChecker().check(pages: [LinkChecker.Page(path: path, bytes: Array(html.utf8))], existingFiles: files.union([path]))
    }

    @Test("a root-relative base moves the page's relative links there: script, stylesheet and image resolve")
    func rootRelativeBase() {
        let html = "<head><base href=\"/app/\"><link rel=stylesheet href=\"style.css\"><script src=\"main.js\"></script></head>"
            + "<body><img src=\"img/x.png\"><a href=\"deep/\">here</a><a href=\"/top.css\">top</a></body>"
        let report = check(html)
        #expect(report.findings.isEmpty)
        #expect(report.links == 5, "the base address itself is not a link")
        #expect(check(html.replacingOccurrences(of: "main.js", with: "mian.js")).findings.map(\.message)
            == ["'mian.js' points to app/mian.js, which does not exist"])
    }

    @Test("the base applies to links before it too, and only the first base with an href counts")
    func firstBaseOnly() {
        let html = "<a href=\"main.js\">m</a><base target=_blank><base href=\"/app/\"><base href=\"/elsewhere/\"><a href=\"style.css\">s</a>"
        #expect(check(html, path: "index.html").findings.isEmpty)
    }

    @Test("a base relative to the page resolves against the page first", arguments: [
        ("../", "deep/index.html"), ("../../app/", "main.js"), ("./", "index.html"), ("../img/", "x.png"),
    ])
    func relativeBase(_ base: String, _ link: String) {
        #expect(check("<base href=\"\(base)\"><a href=\"\(link)\">x</a>").findings.isEmpty)
        #expect(check("<base href=\"\(base)\"><a href=\"\(link).missing\">x</a>").findings.map(\.rule) == [.brokenLink])
    }

    @Test("with an absolute base, relative links point at another site and are not looked for in the folder", arguments: [
        "https://cdn.example.com/", "HTTP://cdn.example.com/app/", "//cdn.example.com/",
    ])
    func absoluteBase(_ base: String) {
        let report = check("<base href=\"\(base)\"><script src=\"main.js\"></script><a href=\"/nothing/here\">x</a><img src=\"missing.png\">")
        #expect(report.findings.isEmpty)
        #expect(report.links == 0)
    }

    @Test("a base of only a fragment or query leaves links where they were")
    func fragmentBase() {
        #expect(check("<base href=\"#top\"><a href=\"index.html\">x</a>").findings.isEmpty)
        #expect(check("<base href=\"?q\"><a href=\"main.js\">x</a>").findings.map(\.rule) == [.brokenLink])
    }

    @Test("a base that leaves the checked folder takes the page's relative links with it; root-relative ones stay")
    func baseOutside() {
        let report = check("<base href=\"../../../\"><a href=\"main.js\">x</a><a href=\"/top.css\">t</a>")
        #expect(report.findings.map(\.message) == ["'main.js' points outside the checked folder, as the page's <base href> does"])
        #expect(report.links == 2)
    }

    @Test("a build checks its pages with their base too: links it writes resolve, others are broken")
    func resolvedDuringBuild() {
        var result = LinkChecker().inspect(LinkChecker.Page(path: "app/deep/index.html", bytes: Array("<base href=/app/><script src=main.js></script><img src=no.png>".utf8)))
        var memo = RelativeLink.Memo()
        LinkChecker().resolveLinks(of: &result, existingFiles: Self.files, memo: &memo)
        #expect(result.findings.map(\.message) == ["'no.png' points to app/no.png, which does not exist"])
    }

    @Test("what a base makes of relative links", arguments: [
        ("/app/", "a/b.html", RelativeLink.Base.document("app/index.html")),
        ("/app", "a/b.html", .document("app")),
        ("sub/", "a/b.html", .document("a/sub/index.html")),
        ("  ../x/ ", "a/b.html", .document("x/index.html")),
        ("", "a/b.html", .document("a/b.html")),
        ("#f", "a/b.html", .document("a/b.html")),
        ("https://example.com/", "a/b.html", .external),
        ("mailto:a@b.c", "a/b.html", .external),
        ("//example.com/", "a/b.html", .external),
        ("../../", "a/b.html", .outside),
    ])
    func base(_ href: String, _ page: String, _ expected: RelativeLink.Base) {
        #expect(RelativeLink.base(href, page: page) == expected)
    }
}
