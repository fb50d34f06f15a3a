/// Every account's posts merged into one list, newest first: what the river pages (`latest/`), the
/// river's feed and the index's latest post of each account show. Made once per build from the snapshots.
struct River: Sendable {
    /// One post of the river and the account it comes from.
    struct Entry: Sendable {
        /// The account's position in `SiteConfig.accounts`.
        let account: Int
        let post: Post
        /// The post's `published`, read again (nil when missing or not a date).
        let time: DisplayTime?
    }

    /// The posts, newest first (undated ones last), at most `river_posts:` of them.
    let entries: [Entry]
    /// Each account's newest post (as its page orders them), in `SiteConfig.accounts` order: the
    /// index's `accounts[].latest`.
    let latest: [Entry?]
    /// Posts per page (`river_page_size:`).
    let pageSize: Int
}

extension River {
    /// The folder of the river pages in the output folder.
    static let folder = "latest"

    /// Merges what each account's page shows (its newest `posts:` posts) of `snapshots`.
    init(config: SiteConfig, snapshots: [Snapshot?]) {
        self.init(config: config, shown: Self.shown(config: config, snapshots: snapshots))
    }

    /// Merges `shown`, what each account's page shows (`River.shown(config:snapshots:)`), in `config.accounts` order.
    init(config: SiteConfig, shown posts: [[Post]]) {
        let shown = posts.indices.map { index in Self.entries(posts[index], account: index) }
        self.init(config: config, candidates: shown.flatMap { $0 }, latest: shown.map(\.first))
    }

    /// Merges `candidates`, posts of the accounts' pages in `config.accounts` order, then each page's
    /// order: every post the river shows must be among them (`RiverCandidates` keeps no fewer).
    /// `latest`: each account's newest post.
    init(config: SiteConfig, candidates: [Entry], latest: [Entry?]) {
        // A stable sort by the rule each page orders its posts with: posts of the same moment keep the
        // order of the accounts, then of their page.
        let merged = PostOrder.newestFirst(candidates) { PostOrder.date(of: $0.post) }
        // A post two accounts carry (two accounts on one feed, a repost) is shown once, for the first of them:
        // one entry per id in the river's feed. Posts without an id of their own are their account's alone.
        // Only up to `river_posts:` are looked at (callgrind, clean build of Benchmarks/generate_site.py 1000
        // --posts 20: River.init 263 M -> 105 M, where every post of every account was).
        self.init(entries: Self.firstUnique(merged, limit: config.riverPostLimit), latest: latest, pageSize: config.riverPageSize)
    }

    /// The entries of `posts`, what account `index`'s page shows.
    static func entries(_ posts: [Post], account index: Int) -> [Entry] {
        posts.map { entry($0, account: index) }
    }

    /// The entry of `post`, shown on account `index`'s page.
    static func entry(_ post: Post, account index: Int) -> Entry {
        Entry(account: index, post: post, time: post.published.flatMap(DisplayTime.init))
    }

    /// The first `limit` entries of `merged` (newest first) whose ids no earlier entry has.
    static func firstUnique(_ merged: [Entry], limit: Int) -> [Entry] {
        var seen = Set<String>()
        var unique: [Entry] = []
        for entry in merged {
            if unique.count >= limit { break }
            if PostAnchor.globalID(of: entry.post).map({ seen.insert($0).inserted }) ?? true { unique.append(entry) }
        }
        return unique
    }

    /// What each account's page shows of `snapshots` (in `config.accounts` order): its newest `posts:`
    /// posts, newest first (`PostOrder`). Computed once per build; pages, feeds and media copies take them from here.
    static func shown(config: SiteConfig, snapshots: [Snapshot?]) -> [[Post]] {
        config.accounts.indices.map { index in
            guard index < snapshots.count, let snapshot = snapshots[index] else { return [] }
            return Array(PostOrder.newestFirst(snapshot.posts).prefix(config.accounts[index].postLimit))
        }
    }

    /// How many river pages there are: at least one, which says when there are no posts.
    var pageCount: Int { max(1, (entries.count + pageSize - 1) / pageSize) }

    /// The posts of page `number` (1-based).
    func entries(onPage number: Int) -> ArraySlice<Entry> {
        let start = min(entries.count, (number - 1) * pageSize)
        return entries[start..<min(entries.count, start + pageSize)]
    }

    /// The folder of page `number` relative to the output folder, with a trailing slash: `latest/`, `latest/2/`.
    static func folder(ofPage number: Int) -> String {
        number == 1 ? folder + "/" : "\(folder)/\(number)/"
    }

    /// The path of page `number`'s file: `latest/index.html`, `latest/2/index.html`.
    static func path(ofPage number: Int) -> String {
        folder(ofPage: number) + "index.html"
    }

    /// The relative path from page `number` to the site root: `../`, `../../`.
    static func root(ofPage number: Int) -> String {
        number == 1 ? "../" : "../../"
    }
}
