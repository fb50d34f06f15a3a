import FeedsiteTestSupport
import Testing
@testable import FeedsiteKit

/// The 404 page and the extra pages get the `accounts` list only when their template reads it (it costs a
/// value per account on each page); a template that reads it, directly or through a partial, still gets it.
@Suite struct PageAccountsListTests {
    static let list = "<ul>{{#accounts}}<li>{{handle}}</li>{{/accounts}}</ul>"
    static let groups = "{{#groups}}{{#accounts}}<b>{{handle}}</b>{{/accounts}}{{/groups}}"

    static func page(_ body: String) -> String {
        "<!doctype html><html lang=\"en\"><head><title>p</title></head><body>" + body + "</body></html>"
    }

    @Test("a 404 page and extra pages that list the accounts (directly, through a partial, through groups) get every account, in order")
    func listed() throws {
        var files = RiverFixture.threeAccounts()
        files["site.yml"] = "title: River\naccounts:\n" + [("jack", "A"), ("ana", "B"), ("zed", "A")].map { handle, group in
            "  - handle: \(handle)\n    feed: feeds/\(handle).xml\n    group: \(group)\n"
        }.joined()
        files["templates/404.html"] = Self.page("{{> who}}")
        files["templates/partials/who.html"] = Self.list
        files["templates/pages/about.html"] = Self.page(Self.list)
        files["templates/pages/people.html"] = Self.page(Self.groups)
        files["templates/pages/plain.html"] = Self.page("<p>{{site.title}}</p>")
        let site = try TemporarySite(files)
        let config = try SiteConfigLoader.load(path: site.path + "/site.yml")
        let loaded = try LoadedSite.withoutSnapshots(config: config, displayPath: { $0 })
        #expect(loaded.notFoundListsAccounts)
        #expect(loaded.extraPagesListAccounts == [true, true, false])
        _ = try site.build()
        #expect(site.read("output/404.html")?.contains("<ul><li>jack</li><li>ana</li><li>zed</li></ul>") == true)
        #expect(site.read("output/about/index.html")?.contains("<ul><li>jack</li><li>ana</li><li>zed</li></ul>") == true)
        #expect(site.read("output/people/index.html")?.contains("<b>jack</b><b>zed</b><b>ana</b>") == true)
        #expect(site.read("output/plain/index.html")?.contains("<p>") == true)
    }

    @Test("a 404 page and an extra page that do not read the list are told apart from the templates that do")
    func notListed() throws {
        var files = RiverFixture.threeAccounts()
        files["templates/404.html"] = Self.page("<p>{{site.title}}</p>")
        files["templates/pages/about.html"] = Self.page("<p>{{page.name}}</p>")
        let site = try TemporarySite(files)
        let config = try SiteConfigLoader.load(path: site.path + "/site.yml")
        let loaded = try LoadedSite.withoutSnapshots(config: config, displayPath: { $0 })
        #expect(!loaded.notFoundListsAccounts)
        #expect(loaded.extraPagesListAccounts == [false])
        _ = try site.build()
        #expect(site.read("output/about/index.html")?.contains("<p>about</p>") == true)
    }
}
