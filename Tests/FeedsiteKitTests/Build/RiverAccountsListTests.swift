import FeedsiteTestSupport
import Testing
@testable import FeedsiteKit

/// The river pages get the `accounts` list only when their template reads it (it costs a value per
/// account on each page); a template that reads it, directly or through a partial, still gets it.
@Suite struct RiverAccountsListTests {
    static func site(latest: String, partial: String? = nil) throws -> TemporarySite {
        var files = RiverFixture.threeAccounts()
        files["templates/latest.html"] = latest
        if let partial { files["templates/partials/who.html"] = partial }
        return try TemporarySite(files)
    }

    @Test("a river template that lists the accounts gets every account, in order", arguments: [false, true])
    func listed(throughPartial: Bool) throws {
        let list = "<ul>{{#accounts}}<li>{{handle}}</li>{{/accounts}}</ul>"
        let site = try Self.site(latest: "<!doctype html><html lang=\"en\"><head><title>r</title></head><body>"
                                     + (throughPartial ? "{{> who}}" : list) + "</body></html>", partial: throughPartial ? list : nil)
        _ = try site.build()
        #expect(site.read("output/latest/index.html")?.contains("<ul><li>jack</li><li>ana</li><li>zed</li></ul>") == true)
    }

    @Test("the river's template and its use of the list are told apart from the other templates'")
    func notListed() throws {
        let site = try Self.site(latest: "<!doctype html><html lang=\"en\"><head><title>r</title></head><body>"
                                     + "{{#river.posts}}<p>{{text}}</p>{{/river.posts}}</body></html>")
        let config = try SiteConfigLoader.load(path: site.path + "/site.yml")
        let loaded = try LoadedSite.withoutSnapshots(config: config, displayPath: { $0 })
        #expect(!loaded.riverPagesListAccounts)
        #expect(loaded.accountPagesListAccounts == false)
        _ = try site.build()
        #expect(site.read("output/latest/index.html")?.contains("<p>Jack three</p>") == true)
    }
}
