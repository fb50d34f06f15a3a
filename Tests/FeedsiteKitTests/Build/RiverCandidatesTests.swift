@testable import FeedsiteKit
import Testing

/// The river merged from the candidates kept while the accounts are read one at a time equals the
/// river merged from every post.
@Suite struct RiverCandidatesTests {
    /// `accounts` accounts of `posts` posts each: dates that collide across accounts, some undated,
    /// and ids that several accounts carry (reposts), so that order and dedup both matter.
    static func shown(accounts: Int, posts: Int, seed: Int) -> [[Post]] {
        var state = UInt64(seed) &* 6_364_136_223_846_793_005 &+ 1
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<accounts).map { account in
            let page = (0..<posts).map { number -> Post in
                let shared = next(4) == 0
                var post = Post(id: shared ? "https://example.com/shared/\(next(30))" : "a\(account)-\(number)")
                post.url = shared ? post.id : nil
                post.text = "post \(account)/\(number)"
                if next(10) > 0 { post.published = "2026-11-\(10 + next(9))T\(10 + next(3)):00:00Z" }
                return post
            }
            return PostOrder.newestFirst(page)
        }
    }

    @Test("the candidates kept on several cores give the river of every post", arguments: [(1, 3), (5, 2), (7, 4), (40, 3), (200, 1)])
    func sameRiver(limit: Int, cores: Int) throws {
        let shown = Self.shown(accounts: 60, posts: 8, seed: limit * 31 + cores)
        let config = try ConfigFixture.config(ConfigFixture.site(extra: "river_posts: \(limit)\n"))
        let whole = River(config: config, shown: shown)
        var pools = (0..<cores).map { _ in RiverCandidates(config: config) }
        // Accounts handed out in chunks of 4, round robin, as the parallel loop does.
        for (index, posts) in shown.enumerated() { pools[(index / 4) % cores].add(River.entries(posts, account: index)) }
        var merged = RiverCandidates(config: config)
        for pool in pools.reversed() { merged.add(pool) }
        let river = River(config: config, candidates: merged.entries, latest: shown.indices.map { River.entries(shown[$0], account: $0).first })
        #expect(river.entries.map(\.post) == whole.entries.map(\.post))
        #expect(river.entries.map(\.account) == whole.entries.map(\.account))
        // Duplicates kept, but nothing past the depth-th distinct post once finished.
        merged.finish()
        var ids = Set<String>()
        #expect(merged.kept.filter { $0.id.map { ids.insert($0).inserted } ?? true }.count <= merged.depth)
    }
}
