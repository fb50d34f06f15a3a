/// The posts the river may show, gathered while the accounts are read one at a time (each core its
/// own): whenever more than twice `river_posts:` are held, all but the newest `river_posts:` distinct
/// ones are let go. What is let go is never shown: a post after the first `river_posts:` distinct
/// ids of some of the posts is after them among all posts too, and one whose id an earlier post has
/// stays a duplicate. So the river merged from the candidates is the river merged from every post.
struct RiverCandidates: Sendable {
    /// A post of the river with its place on its account's page, which orders posts of the same moment,
    /// and what the merge reads of it, worked out once when it is added.
    struct Candidate: Sendable {
        let entry: River.Entry
        let position: Int
        /// `PostOrder.key(of:)`: nil for an undated post.
        let key: Int64?
        /// `PostAnchor.globalID(of:)`: nil for a post that is its account's alone.
        let id: String?
    }

    /// `river_posts:`.
    let limit: Int
    private(set) var kept: [Candidate] = []
    /// After a prune that kept `limit` distinct posts, the moment of the last of them: a post older than
    /// it (or undated, when it is dated) comes after `limit` distinct posts and is never shown.
    private var oldestShown: Int64?
}

extension RiverCandidates {
    /// An empty pool for `config`'s river.
    init(config: SiteConfig) {
        limit = config.riverPostLimit
    }

    /// Adds the posts an account's page shows (`entries`, in the page's order).
    mutating func add(_ entries: [River.Entry]) {
        for (position, entry) in entries.enumerated() {
            let key = PostOrder.key(of: entry.post)
            // Dropped on arrival instead of sorted with the rest at the next prune (callgrind, clean build of
            // Benchmarks/generate_site.py 1000 --posts 20: RiverCandidates.add 334 M -> 112 M).
            if let oldestShown, key.map({ $0 < oldestShown }) ?? true { continue }
            kept.append(Candidate(entry: entry, position: position, key: key, id: PostAnchor.globalID(of: entry.post)))
        }
        if kept.count > 2 * limit { prune() }
    }

    /// Adds another core's candidates.
    mutating func add(_ other: RiverCandidates) {
        kept += other.kept
        if kept.count > 2 * limit { prune() }
    }

    /// The candidates in `config.accounts` order, then each page's: the order the river's stable merge starts from.
    var entries: [River.Entry] {
        kept.sorted { ($0.entry.account, $0.position) < ($1.entry.account, $1.position) }.map(\.entry)
    }
}

private extension RiverCandidates {
    /// Keeps the first `limit` distinct posts of the merge, newest first, and nothing else.
    mutating func prune() {
        // The merge's order: newest first, undated last, then the accounts' order, then each page's
        // (an account is added once, so no two candidates tie).
        let merged = kept.sorted { left, right in
            switch (left.key, right.key) {
            case let (l?, r?) where l != r: return l > r
            case (.some, nil): return true
            case (nil, .some): return false
            default: return (left.entry.account, left.position) < (right.entry.account, right.position)
            }
        }
        var seen = Set<String>()
        var unique: [Candidate] = []
        for candidate in merged {
            if unique.count >= limit { break }
            if candidate.id.map({ seen.insert($0).inserted }) ?? true { unique.append(candidate) }
        }
        kept = unique
        if unique.count >= limit, let last = unique.last?.key { oldestShown = last }
    }
}
