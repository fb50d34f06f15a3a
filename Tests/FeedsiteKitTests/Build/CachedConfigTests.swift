import Foundation
import FeedsiteTestSupport
import Testing
@testable import FeedsiteKit

/// A clean build keeps its decoded site.yml in the summary cache; the next build takes it only while
/// everything it was decoded from is unchanged, and its output is then the full build's, byte for byte.
@Suite struct CachedConfigTests {
    static let handles = ["ana", "bob", "cy", "dee"]

    /// site.yml with every kind of value a config holds: texts, numbers, a fraction, flags, lists, maps,
    /// compose records, groups, Bluesky and Mastodon accounts.
    static let siteYAML = """
        title: Cached
        description: "Feeds of four"
        base_url: https://example.com/feeds
        river_posts: 6
        river_page_size: 2
        params:
          ratio: 0.75
          tags: [a, b]
          nested: {deep: [1, {x: true}]}
        defaults:
          dnt: true
          height: 600
          compose:
            hashtags: [feeds]
        accounts:
          - handle: ana
            name: "Ana Pérez"
            feed: feeds/ana.xml
            group: Friends
            compose:
              text: "Hi @ana & you #1 😀"
              url: https://example.com/ana?ref=1&x=2
          - handle: bob
            feed: feeds/bob.xml
            posts: 3
            description: "Bob's feed"
            params: {colour: blue}
          - handle: cy
            feed: feeds/cy.xml
            group: Friends
          - handle: dee
            feed: feeds/dee.xml

        """

    /// The files of a site of `handles` with 3 posts each, from `dice`.
    static func files(dice: inout IncrementalBuildTests.Dice) -> [String: String] {
        var files = ["site.yml": siteYAML, "data/links.yml": "home: https://example.com\n"]
        for handle in handles { files["snapshots/\(handle).json"] = IncrementalBuildTests.snapshot(handle, count: 3, dice: &dice) }
        return files
    }

    /// A site of `handles` with 3 posts each, from `dice`.
    static func site(dice: inout IncrementalBuildTests.Dice) throws -> TemporarySite {
        try TemporarySite(files(dice: &dice))
    }

    /// Builds `site` as `feedsite build` does, from its site.yml's path.
    static func build(_ site: TemporarySite, output: String? = nil) throws -> BuildResult {
        try SiteBuilder.build(configPath: site.path + "/site.yml", output: output.map(ChosenOutputFolder.init))
    }

    /// The cache's decoded site.yml for `site` as it is now, or nil when the cache holds none for it.
    static func cachedConfig(_ site: TemporarySite, output: String? = nil) throws -> SiteConfig? {
        let configPath = site.path + "/site.yml"
        let bytes = try FileInput.read(configPath, purpose: "the site configuration", limit: .max)
        var folders = try #require(SiteFolders.locate(configPath: configPath, bytes: bytes))
        if let output { folders.output = output }
        let inputs = try #require(BuildFingerprint.inputs(configPath: configPath, configBytes: bytes, folders: folders))
        guard let cache = SummaryCache.checkedBytes(forOutput: folders.output) else { return nil }
        return SummaryCache.config(in: cache, base: inputs.base,
                                   key: CachedConfig.Key(configPath: configPath, siteFolder: SiteFolders.siteFolder(of: configPath), output: output))
    }

    /// Whether two configs hold the same values.
    static func same(_ left: SiteConfig, _ right: SiteConfig) -> Bool {
        left.options == right.options && left.locations == right.locations && left.configPath == right.configPath
            && left.siteFolder == right.siteFolder && left.accounts.count == right.accounts.count
            && zip(left.accounts, right.accounts).allSatisfy { $0.options == $1.options && $0.location == $1.location }
    }

    /// `config` with account `index` named `name`.
    static func renamed(_ config: SiteConfig, _ index: Int, to name: String) -> SiteConfig {
        var values = config.accounts[index].options.values
        values[OptionTable.account.slot("name")] = .string(name)
        var renamed = config
        renamed.accounts[index] = Account(options: values, location: config.accounts[index].location)
        return renamed
    }

    /// Puts `config` in `site`'s cache as its decoded site.yml, the rest of the cache as it was.
    static func plant(_ config: SiteConfig, in site: TemporarySite) throws {
        let output = site.path + "/output"
        var cache = try #require(SummaryCache.read(forOutput: output, config: config))
        cache.encodedConfig = nil
        cache.config = CachedConfig(key: CachedConfig.Key(configPath: config.configPath, siteFolder: config.siteFolder, output: nil), config: config)
        SummaryCache.write(cache.bytes, forOutput: output)
    }

    @Test("the decoded site.yml read back from the cache holds every value, key location and account location the decoder made")
    func roundTrip() throws {
        var dice = IncrementalBuildTests.Dice(state: 21)
        let site = try Self.site(dice: &dice)
        _ = try Self.build(site)
        let cached = try #require(try Self.cachedConfig(site))
        #expect(Self.same(cached, try site.config()))
        #expect(cached.accounts.map(\.slug) == Self.handles && cached.accounts[0].compose.text == "Hi @ana & you #1 😀")
    }

    @Test("the cache keeps no decoded site.yml for another output folder, nor one the caller decoded (it may be older than the bytes hashed)")
    func keyAndCaller() throws {
        var dice = IncrementalBuildTests.Dice(state: 22)
        let site = try Self.site(dice: &dice)
        _ = try Self.build(site)
        #expect(try Self.cachedConfig(site, output: site.path + "/output") == nil)
        #expect(try Self.cachedConfig(site) != nil)
        _ = try OutputCleaner(folder: site.path + "/output").clean()
        _ = try site.build()
        #expect(SummaryCache.checkedBytes(forOutput: site.path + "/output") != nil)
        #expect(try Self.cachedConfig(site) == nil)
    }

    @Test("a build takes the cached site.yml while its bytes are unchanged, and decodes site.yml again once they change")
    func takenUntilChanged() throws {
        var dice = IncrementalBuildTests.Dice(state: 23)
        let site = try Self.site(dice: &dice)
        _ = try Self.build(site)
        // A name only the planted config has: on the index only if the build took it.
        try Self.plant(Self.renamed(try site.config(), 2, to: "Planted Name"), in: site)
        try IncrementalBuildTests.replace(site, "bob", with: IncrementalBuildTests.snapshot("bob", count: 3, dice: &dice))
        #expect(try Self.build(site).snapshotsRead == 1)
        #expect(try #require(site.read("output/index.html")).contains("Planted Name"))
        // The incremental build copied it into the cache it wrote.
        #expect(try Self.cachedConfig(site)?.accounts[2].name == "Planted Name")
        try site.write("site.yml", Self.siteYAML + "# edited\n")
        try IncrementalBuildTests.replace(site, "bob", with: IncrementalBuildTests.snapshot("bob", count: 3, dice: &dice))
        _ = try Self.build(site)
        #expect(try !#require(site.read("output/index.html")).contains("Planted Name"))
        #expect(Self.same(try #require(try Self.cachedConfig(site)), try site.config()))
    }

    @Test("after site.yml, a template, a data file or the output folder changed with a snapshot, the build writes the full build's output",
          arguments: ["site.yml", "template", "data", "output"])
    func sameAsFullBuild(change: String) throws {
        var dice = IncrementalBuildTests.Dice(state: 24)
        let files = Self.files(dice: &dice)
        let cached = try TemporarySite(files)
        let full = try TemporarySite(files)
        _ = try Self.build(cached)
        let output = change == "output" ? cached.path + "/elsewhere" : nil
        if output != nil { _ = try Self.build(cached, output: output) }
        let snapshot = IncrementalBuildTests.snapshot("cy", count: 4, dice: &dice)
        for site in [cached, full] {
            switch change {
            case "site.yml": try site.write("site.yml", Self.siteYAML.replacingOccurrences(of: "Ana Pérez", with: "Ana Lind"))
            case "template": try site.write("templates/partials/account-item.html", "<li>{{name}} ({{handle}})</li>\n")
            case "data": try site.write("data/links.yml", "home: https://example.org\n")
            default: break
            }
            try IncrementalBuildTests.replace(site, "cy", with: snapshot)
        }
        _ = try Self.build(cached, output: output)
        _ = try Self.build(full, output: output.map { $0.replacingOccurrences(of: cached.path, with: full.path) })
        let folder = output == nil ? "output" : "elsewhere"
        let mine = try cached.snapshot(folder).filter { !$0.key.hasPrefix(".feedsite-") }
        let theirs = try full.snapshot(folder).filter { !$0.key.hasPrefix(".feedsite-") }
        #expect(!mine.isEmpty && mine == theirs)
        let config = try #require(try Self.cachedConfig(cached, output: output))
        var expected = try cached.config()
        if let output { expected = expected.withOutputFolder(ChosenOutputFolder(output)) }
        #expect(Self.same(config, expected))
    }

    @Test("a decoded site.yml larger than the cache allows is not kept, and the next build is incremental all the same")
    func largeConfigNotKept() throws {
        var dice = IncrementalBuildTests.Dice(state: 27)
        var files = Self.files(dice: &dice)
        let long = String(repeating: "long text ", count: 100_000 / 10)
        files["site.yml"] = Self.siteYAML.replacingOccurrences(of: "  - handle: dee\n", with: "  - handle: dee\n    description: \"\(long)\"\n")
        let site = try TemporarySite(files)
        _ = try Self.build(site)
        #expect(SummaryCache.checkedBytes(forOutput: site.path + "/output") != nil)
        #expect(try Self.cachedConfig(site) == nil)
        try IncrementalBuildTests.replace(site, "bob", with: IncrementalBuildTests.snapshot("bob", count: 3, dice: &dice))
        #expect(try Self.build(site).snapshotsRead == 1)
        #expect(try #require(site.read("output/index.html")).contains(long))
    }

    @Test("a file put where the snapshots folder was is reported as the decoder reports it, the cached site.yml notwithstanding")
    func snapshotsFolderBecameFile() throws {
        var dice = IncrementalBuildTests.Dice(state: 26)
        let site = try Self.site(dice: &dice)
        _ = try Self.build(site)
        #expect(rename(site.path + "/snapshots", site.path + "/moved") == 0)
        try site.write("snapshots", "not a folder\n")
        let error = try #require(throws: DiagnosticError.self) { try Self.build(site) }
        #expect(error.diagnostics.map(\.message) == ["'snapshots' is a file, where the snapshots folder belongs"])
    }

    @Test("a cached site.yml whose checksum is right but whose value has another type or lies out of its range is not taken",
          arguments: ["river_page_size", "river_posts", "height", "compose"])
    func craftedValue(key: String) throws {
        var dice = IncrementalBuildTests.Dice(state: 28)
        let site = try Self.site(dice: &dice)
        _ = try Self.build(site)
        var crafted = try site.config()
        if key.hasPrefix("river") {
            var values = crafted.options.values
            values[OptionTable.site.slot(key)] = key == "river_posts" ? .double(.nan) : .int(0)
            crafted.options = TemplateRecord(crafted.options.schema, values)
        } else {
            var values = crafted.accounts[0].options.values
            var compose = OptionTable.compose.unset
            compose[OptionTable.compose.slot("hashtags")] = .int(3)
            values[OptionTable.account.slot(key)] = key == "height" ? .string("tall") : .record(TemplateRecord(OptionTable.compose.schema, compose))
            crafted.accounts[0] = Account(options: values, location: crafted.accounts[0].location)
        }
        let key = CachedConfig.Key(configPath: crafted.configPath, siteFolder: crafted.siteFolder, output: nil)
        var out = BinaryWriter()
        CachedConfig(key: key, config: crafted).write(to: &out)
        var reader = BinaryReader(out.bytes)
        #expect((try? CachedConfig.read(&reader)) == nil)
    }

    @Test("a cached site.yml whose checksum is right but whose handle the decoder refuses (a path out of the output) is not taken",
          arguments: ["../escape", "a/b", ""])
    func craftedHandle(handle: String) throws {
        var dice = IncrementalBuildTests.Dice(state: 25)
        let site = try Self.site(dice: &dice)
        _ = try Self.build(site)
        let config = try site.config()
        var values = config.accounts[1].options.values
        values[OptionTable.account.slot("handle")] = .string(handle)
        var crafted = config
        crafted.accounts[1] = Account(options: values, location: config.accounts[1].location)
        let key = CachedConfig.Key(configPath: config.configPath, siteFolder: config.siteFolder, output: nil)
        for (candidate, taken) in [(config, true), (crafted, false)] {
            var out = BinaryWriter()
            CachedConfig(key: key, config: candidate).write(to: &out)
            var reader = BinaryReader(out.bytes)
            #expect(((try? CachedConfig.read(&reader)) != nil) == taken)
        }
        try Self.plant(crafted, in: site)
        try IncrementalBuildTests.replace(site, "bob", with: IncrementalBuildTests.snapshot("bob", count: 3, dice: &dice))
        _ = try Self.build(site)
        #expect(!FileManager.default.fileExists(atPath: site.path + "/escape") && site.read("output/bob/index.html") != nil)
    }
}
