import Foundation
import FeedsiteTestSupport
import Testing
@testable import FeedsiteKit

/// A build after a fetch that changed some snapshots reads only those, takes the other accounts from
/// the summary cache, and writes exactly what a full build from the same inputs writes.
@Suite struct IncrementalBuildTests {
    /// A small random number source, the same for the same seed.
    struct Dice {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static let handles = (0..<10).map { "acct\($0)" }

    /// site.yml: ten accounts showing 2 to 5 posts each, a river of 6 posts, 2 a page, with feeds.
    static let siteYAML = "title: Incremental\nbase_url: https://example.com\nriver_posts: 6\nriver_page_size: 2\naccounts:\n"
        + handles.enumerated().map { "  - handle: \($1)\n    feed: feeds/\($1).xml\n    posts: \(2 + $0 % 4)\n" }.joined()

    /// A snapshot of `count` posts: dates that collide across accounts, some undated, and ids several
    /// accounts carry (the same post reposted), so that the river's order and its dedup both matter.
    static func snapshot(_ handle: String, count: Int, dice: inout Dice) -> String {
        let posts = (0..<count).map { number -> String in
            let shared = dice.next(3) == 0
            // Unique within the snapshot (a snapshot with two posts of one id is refused), shared across accounts.
            let id = shared ? "https://example.com/shared/\(number)-\(dice.next(2))" : "\(handle)-\(number)-\(dice.next(1_000_000))"
            let published: String? = dice.next(8) == 0 ? nil : "2026-11-\(10 + dice.next(9))T1\(dice.next(3)):00:00Z"
            return RiverFixture.post(id, "\(handle) says \(dice.next(100_000))", published: published, url: shared ? id : nil)
        }
        return RiverFixture.snapshot(handle, posts)
    }

    /// A site of `handles` with `posts` posts each (and `extra` files), from `dice`.
    static func site(posts: Int, dice: inout Dice, extra: [String: String] = [:]) throws -> TemporarySite {
        var files = extra.merging(["site.yml": siteYAML]) { $1 }
        for handle in handles { files["snapshots/\(handle).json"] = snapshot(handle, count: posts, dice: &dice) }
        return try TemporarySite(files)
    }

    /// Replaces a snapshot as `feedsite fetch` does, by renaming a new file over it (a new inode, so
    /// its stamp differs even when its size and time would not).
    static func replace(_ site: TemporarySite, _ handle: String, with contents: String) throws {
        try site.write("snapshots/\(handle).json.new", contents)
        #expect(rename(site.path + "/snapshots/\(handle).json.new", site.path + "/snapshots/\(handle).json") == 0)
    }

    /// The output folder's files without feedsite's own (the manifest, whose stamps differ between two folders).
    static func output(_ site: TemporarySite) throws -> [String: Data] {
        try site.snapshot().filter { !$0.key.hasPrefix(".feedsite-") }
    }

    @Test("after random changes to one or a few snapshots the incremental build writes the full build's output, byte for byte",
          arguments: [1, 2, 3, 4])
    func sameAsFullBuild(seed: Int) throws {
        var dice = Dice(state: UInt64(seed) * 7_919)
        var files = ["site.yml": Self.siteYAML]
        for handle in Self.handles { files["snapshots/\(handle).json"] = Self.snapshot(handle, count: 1 + dice.next(7), dice: &dice) }
        // Two copies of one site: `incremental` keeps its cache; `full` loses it before every build.
        let incremental = try TemporarySite(files)
        let full = try TemporarySite(files)
        _ = try incremental.build()
        _ = try full.build()
        var incrementalBuilds = 0
        for _ in 0..<12 {
            for _ in 0...dice.next(2) {
                let handle = Self.handles[dice.next(Self.handles.count)]
                let snapshot = Self.snapshot(handle, count: 1 + dice.next(7), dice: &dice)
                try Self.replace(incremental, handle, with: snapshot)
                try Self.replace(full, handle, with: snapshot)
            }
            let fast = try incremental.build()
            try? FileManager.default.removeItem(atPath: full.path + "/.output.feedsite-cache")
            let slow = try full.build()
            #expect(slow.snapshotsRead == nil)
            if fast.snapshotsRead != nil { incrementalBuilds += 1 }
            #expect(try Self.output(incremental) == Self.output(full))
            #expect(fast.pages == slow.pages && fast.check.intentURLs == slow.check.intentURLs && fast.check.links == slow.check.links)
            #expect(fast.writtenPaths == slow.writtenPaths && fast.removedPaths == slow.removedPaths && fast.unchanged == slow.unchanged)
        }
        // Most changes are one or two accounts of ten: most builds must have taken the cache.
        #expect(incrementalBuilds >= 6)
    }

    @Test("an incremental build reads only the changed snapshot and leaves the other accounts' files untouched")
    func readsOnlyChanged() throws {
        var dice = Dice(state: 99)
        let site = try Self.site(posts: 4, dice: &dice)
        _ = try site.build()
        let before = BuildManifest.Stamp.of(site.path + "/output/acct1/index.html")
        try Self.replace(site, "acct3", with: Self.snapshot("acct3", count: 5, dice: &dice))
        let result = try site.build()
        #expect(result.snapshotsRead == 1)
        #expect(result.writtenPaths.allSatisfy { !$0.hasPrefix("acct") || $0.hasPrefix("acct3/") })
        #expect(BuildManifest.Stamp.of(site.path + "/output/acct1/index.html") == before)
        // Their manifest entries stay: a later build neither removes them nor calls them foreign.
        let manifest = OutputWriter(folder: site.path + "/output").readManifest()
        #expect(manifest.files["acct1/index.html"] != nil && manifest.files["acct1/feed.xml"] != nil)
        #expect(try site.build().upToDate)
    }

    @Test("an account page edited by hand makes the build a full one, which replaces it and says so")
    func editedPageFallsBack() throws {
        var dice = Dice(state: 5)
        let site = try Self.site(posts: 3, dice: &dice)
        _ = try site.build()
        let page = try #require(site.read("output/acct1/index.html"))
        try site.write("output/acct1/index.html", page + "<!-- mine -->")
        try Self.replace(site, "acct3", with: Self.snapshot("acct3", count: 2, dice: &dice))
        let result = try site.build()
        #expect(result.snapshotsRead == nil)
        #expect(result.writtenPaths.contains("acct1/index.html"))
        #expect(result.userFileWarnings.map(\.location.file) == [site.path + "/output/acct1/index.html"])
        #expect(site.read("output/acct1/index.html") == page)
    }

    @Test("a damaged, truncated or foreign cache is ignored and the build is a full one", arguments: ["flip", "truncate", "garbage", "empty"])
    func damagedCache(damage: String) throws {
        var dice = Dice(state: 11)
        let site = try Self.site(posts: 3, dice: &dice)
        _ = try site.build()
        let path = site.path + "/.output.feedsite-cache"
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        switch damage {
        case "flip": bytes[bytes.count / 2] ^= 0x40
        case "truncate": bytes.removeLast(bytes.count / 3)
        case "garbage": bytes = Array("feedsite-cache 1\n".utf8) + (0..<4_000).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        default: bytes = []
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let config = try SiteConfigLoader.load(path: site.path + "/site.yml")
        #expect(SummaryCache.read(forOutput: site.path + "/output", config: config) == nil)
        try Self.replace(site, "acct3", with: Self.snapshot("acct3", count: 2, dice: &dice))
        let result = try site.build()
        #expect(result.snapshotsRead == nil)
        // The full build writes a good cache again.
        #expect(SummaryCache.read(forOutput: site.path + "/output", config: config) != nil)
    }

    @Test("a cache read back holds what was written, and changing any byte of it is noticed")
    func roundTrip() throws {
        var dice = Dice(state: 3)
        let site = try Self.site(posts: 3, dice: &dice)
        _ = try site.build()
        let config = try SiteConfigLoader.load(path: site.path + "/site.yml")
        let cache = try #require(SummaryCache.read(forOutput: site.path + "/output", config: config))
        let bytes = cache.bytes
        let again = try SummaryCache(bytes: bytes, config: config)
        #expect(again.accounts == cache.accounts && again.inputs == cache.inputs && again.fingerprint == cache.fingerprint)
        #expect(again.pool.kept.map(\.entry.post) == cache.pool.kept.map(\.entry.post))
        #expect(again.accounts.compactMap(\.snapshot).count == Self.handles.count)
        for offset in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
            var damaged = bytes
            damaged[offset] ^= 0x01
            #expect((try? SummaryCache(bytes: damaged, config: config)) == nil)
        }
    }

    @Test("when the changed accounts took more posts out of the river than the cache holds beyond it, the build is a full one, and right")
    func poolRunsShort() throws {
        // Eight accounts of one post each, a river of 2: the cache keeps 3 distinct posts (2 + the most one account shows).
        let handles = (0..<8).map { "acct\($0)" }
        let yaml = "title: Short\nriver_posts: 2\naccounts:\n" + handles.map { "  - handle: \($0)\n    feed: feeds/\($0).xml\n    posts: 1\n" }.joined()
        var files = ["site.yml": yaml]
        for (index, handle) in handles.enumerated() {
            files["snapshots/\(handle).json"] = RiverFixture.snapshot(handle, [RiverFixture.post("\(handle)-1", "\(handle) new", published: "2026-11-2\(index)T10:00:00Z")])
        }
        let site = try TemporarySite(files)
        _ = try site.build()
        // The two newest accounts' posts move back, behind every post the cache kept: only one kept post is left.
        for handle in ["acct7", "acct6"] {
            try Self.replace(site, handle, with: RiverFixture.snapshot(handle, [RiverFixture.post("\(handle)-0", "\(handle) old", published: "2026-10-01T10:00:00Z")]))
        }
        let result = try site.build()
        #expect(result.snapshotsRead == nil)
        let river = try #require(site.read("output/latest/index.html"))
        let first = try #require(river.range(of: "acct5 new")), second = try #require(river.range(of: "acct4 new"))
        #expect(first.lowerBound < second.lowerBound && !river.contains("acct3 new") && !river.contains("old"))
        // One changed account takes one post out: two are left, enough for the river, so that build is incremental.
        try Self.replace(site, "acct5", with: RiverFixture.snapshot("acct5", [RiverFixture.post("acct5-0", "acct5 old", published: "2026-10-02T10:00:00Z")]))
        let next = try site.build()
        #expect(next.snapshotsRead == 1)
        let after = try #require(site.read("output/latest/index.html"))
        #expect(after.contains("acct4 new") && after.contains("acct3 new") && !after.contains("acct5"))
    }

    @Test("the cache lies beside the output folder, not in it; a link there is neither read nor written through; clean removes it")
    func cacheBesideOutput() throws {
        var dice = Dice(state: 5)
        let site = try Self.site(posts: 3, dice: &dice, extra: ["elsewhere.txt": "mine"])
        _ = try site.build()
        let cache = site.path + "/.output.feedsite-cache"
        #expect(FileManager.default.fileExists(atPath: cache))
        #expect(!FileManager.default.fileExists(atPath: site.path + "/output/.feedsite-cache"))
        // A link put where the cache goes: not read (the build is a full one), and replaced, not written through.
        #expect(unlink(cache) == 0 && symlink(site.path + "/elsewhere.txt", cache) == 0)
        try Self.replace(site, "acct2", with: Self.snapshot("acct2", count: 2, dice: &dice))
        let result = try site.build()
        #expect(result.snapshotsRead == nil)
        #expect(site.read("elsewhere.txt") == "mine")
        var status = stat()
        #expect(lstat(cache, &status) == 0 && status.st_mode & S_IFMT == S_IFREG)
        _ = try OutputCleaner(folder: site.path + "/output").clean()
        #expect(!FileManager.default.fileExists(atPath: cache))
    }

    @Test("a cache larger than the snapshots could make is not read; a cache within the bound is")
    func oversizedCache() throws {
        var dice = Dice(state: 9)
        let site = try Self.site(posts: 3, dice: &dice)
        _ = try site.build()
        let config = try SiteConfigLoader.load(path: site.path + "/site.yml")
        let size = try #require(BuildManifest.Stamp.of(SummaryCache.path(forOutput: site.path + "/output"))).size
        #expect(SummaryCache.read(forOutput: site.path + "/output", config: config, maximumBytes: size) != nil)
        #expect(SummaryCache.read(forOutput: site.path + "/output", config: config, maximumBytes: size - 1) == nil)
        // A file past the bound (sparse, 64 MiB) makes the next build a full one, without reading it.
        #expect(truncate(SummaryCache.path(forOutput: site.path + "/output"), 64 << 20) == 0)
        try Self.replace(site, "acct1", with: Self.snapshot("acct1", count: 2, dice: &dice))
        #expect(try site.build().snapshotsRead == nil)
    }

    @Test("clean removes the cache also when the output folder is gone or holds nothing feedsite wrote")
    func cleanWithoutOutput() throws {
        var dice = Dice(state: 13)
        let site = try Self.site(posts: 3, dice: &dice)
        let cache = SummaryCache.path(forOutput: site.path + "/output")
        _ = try site.build()
        try FileManager.default.removeItem(atPath: site.path + "/output")
        // The new cache a build killed while it rendered leaves beside the old one goes too.
        let draft = SummaryCache.newPath(forOutput: site.path + "/output")
        #expect(FileManager.default.createFile(atPath: draft, contents: Data("left by a killed build".utf8)))
        let gone = try OutputCleaner(folder: site.path + "/output").clean()
        #expect(gone.removedCache == cache && !FileManager.default.fileExists(atPath: cache))
        #expect(!FileManager.default.fileExists(atPath: draft))
        _ = try site.build()
        try FileManager.default.removeItem(atPath: site.path + "/output/.feedsite-manifest")
        let foreign = try OutputCleaner(folder: site.path + "/output").clean()
        #expect(!foreign.hadManifest && foreign.removedCache == cache && !FileManager.default.fileExists(atPath: cache))
    }

    @Test("a cache whose checksum is right but whose post carries markup or a link the snapshot decoder would not keep is refused",
          arguments: ["<script>alert(1)</script>", "<a href=\"javascript:alert(1)\">x</a>"])
    func craftedCache(html: String) throws {
        var dice = Dice(state: 17)
        let site = try Self.site(posts: 3, dice: &dice)
        _ = try site.build()
        let config = try SiteConfigLoader.load(path: site.path + "/site.yml")
        var cache = try #require(SummaryCache.read(forOutput: site.path + "/output", config: config))
        cache.encodedAccounts = []
        #expect(try SummaryCache(bytes: cache.bytes, config: config).accounts == cache.accounts, "re-encoded as it is, it is taken")
        for (field, craft) in [("html", { (post: inout Post) in post.html = html }), ("url", { (post: inout Post) in post.url = "javascript:alert(1)" })] {
            var crafted = cache
            craft(&crafted.accounts[0].snapshot!.posts[0])
            #expect((try? SummaryCache(bytes: crafted.bytes, config: config)) == nil, "\(field)")
        }
    }
}
