import Foundation
import Testing
@testable import FeedsiteKit

/// Snapshots are inputs of the build: read while loading, part of the up-to-date check.
@Suite struct SnapshotInputTests {
    static func site() throws -> TemporarySite {
        try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: jack\n    feed: feeds/jack.xml\n  - handle: bob\n"])
    }

    static let snapshot = Snapshot(handle: "jack", record: SnapshotRecord(source: "feeds/jack.xml"), posts: [Post(id: "1", text: "One")])

    @Test("the load phase reads each account's snapshot, nil where there is none")
    func loaded() throws {
        let site = try Self.site()
        try SnapshotStore(folder: site.path + "/snapshots").write(Self.snapshot, slug: "jack")
        let loaded = try LoadedSite(config: site.config(), displayPath: { $0 })
        #expect(loaded.snapshots == [Self.snapshot, nil])
    }

    @Test("a changed snapshot makes the next build run instead of finding the output up to date")
    func fingerprint() throws {
        let site = try Self.site()
        let store = SnapshotStore(folder: site.path + "/snapshots")
        try store.write(Self.snapshot, slug: "jack")
        let configPath = site.path + "/site.yml"
        #expect(try SiteBuilder.build(configPath: configPath).upToDate == false)
        #expect(try SiteBuilder.build(configPath: configPath).upToDate == true)
        var changed = Self.snapshot
        changed.posts.append(Post(id: "2", text: "Two"))
        try store.write(changed, slug: "jack")
        #expect(try SiteBuilder.build(configPath: configPath).upToDate == false)
        #expect(try SiteBuilder.build(configPath: configPath).upToDate == true)
        // A snapshot folder moved by `snapshots:` is followed too.
        try site.write("site.yml", try #require(site.read("site.yml")) + "snapshots: state\n")
        #expect(try SiteBuilder.build(configPath: configPath).upToDate == false)
        try SnapshotStore(folder: site.path + "/state").write(changed, slug: "jack")
        #expect(try SiteBuilder.build(configPath: configPath).upToDate == false)
        #expect(try SiteBuilder.build(configPath: configPath).upToDate == true)
    }
}
