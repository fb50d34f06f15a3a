import Testing
@testable import FeedsiteKit

@Suite struct RelativeLinkTests {
    static let pages = ["index.html", "404.html", "alice/index.html", "bob/index.html", "a/b/c.html", "a/d/e.html"]
    static let links = ["../assets/site.css", "../../x.css", "x.css", "./y/", "/abs/z.html", "../a/../b.html", "%2E%2E/z",
                        "..", "../", "../../", "a?b#c", " ../w ", ".", "../index.html", "../../../too-far"]

    @Test("resolving through the memo gives exactly what resolving each link afresh gives, in any page order")
    func memoMatchesDirectResolution() {
        for order in [Self.pages, Self.pages.reversed(), Self.pages.shuffled()] {
            var memo = RelativeLink.Memo()
            for page in order {
                for link in Self.links {
                    #expect(memo.resolve(link, from: page, in: []).target == RelativeLink.target(of: link, from: page), "\(link) from \(page)")
                }
            }
        }
    }

    @Test("plain links take the short way only where it gives what full resolution gives")
    func simpleTargets() {
        let links = Self.links + ["alice/index.html", "alice/", "a/b/c", "a.b/c", ".hidden/x", "x/.y", "...", "a/.../b", "a//b", "a/./b",
                                  "a/../b", "./a", "a/.", "a/..", "/a", "a b", "a%20b", "a?x", "a#x", "é/x", "~u/x", "x-1_2/"]
        var shortWays = 0
        for page in Self.pages + ["/abs.html", "a//b.html", ".x/index.html"] {
            for link in links {
                guard let simple = RelativeLink.simpleTarget(of: link, from: page) else { continue }
                shortWays += 1
                #expect(simple == RelativeLink.resolvedTarget(of: link, from: page), "\(link) from \(page)")
            }
        }
        #expect(shortWays > 50)
        #expect(RelativeLink.simpleTarget(of: "alice/", from: "index.html") == "alice/index.html")
        #expect(RelativeLink.simpleTarget(of: "a/../b", from: "index.html") == nil)
        #expect(RelativeLink.simpleTarget(of: "x", from: "a//b.html") == nil)
    }

    @Test("whether a link's target exists is remembered only where the target cannot differ")
    func memoExistence() {
        let files: Set<String> = ["index.html", "assets/site.css", "a/assets/x.css", "alice/index.html", "x/index.html", "page.html"]
        for order in [Self.pages, Self.pages.reversed()] {
            var memo = RelativeLink.Memo()
            for page in order {
                for link in Self.links + ["../assets/site.css", "assets/x.css", "x/", "page", "../alice/"] {
                    let target = RelativeLink.target(of: link, from: page)
                    let exists = target.map { files.contains($0) || files.contains($0 + "/index.html") || files.contains($0 + ".html") } ?? false
                    let resolved = memo.resolve(link, from: page, in: files)
                    #expect(resolved.target == target && resolved.exists == exists, "\(link) from \(page)")
                }
            }
        }
    }

    @Test("links resolve against the page's folder", arguments: [
        ("../assets/site.css", "alice/index.html", "assets/site.css"),
        ("../assets/site.css", "a/b/c.html", "a/assets/site.css"),
        ("x/", "index.html", "x/index.html"),
        ("../../x", "alice/index.html", nil),
    ] as [(String, String, String?)])
    func resolution(_ link: String, _ page: String, _ expected: String?) {
        var memo = RelativeLink.Memo()
        #expect(memo.resolve(link, from: page, in: []).target == expected)
    }
}
