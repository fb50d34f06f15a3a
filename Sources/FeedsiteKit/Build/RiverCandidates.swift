/// The posts the river may show, gathered while the accounts are read one at a time (each core its
/// own): whenever more than twice `river_posts:` are held, all but the newest `river_posts:` distinct
/// ones are let go. What is let go is never shown: a post after the first `river_posts:` distinct
/// ids of some of the posts is after them among all posts too, and one whose id an earlier post has
/// stays a duplicate. So the river merged from the candidates is the river merged from every post.
struct RiverCandidates: Sendable {
    /// A post of the river with its place on its account's page, which orders posts of the same moment.
    struct Candidate: Sendable {
        let entry: River.Entry
        let position: Int
    }

    /// `river_posts:`.
    let limit: Int
    private(set) var kept: [Candidate] = []
}

extension RiverCandidates {
    /// An empty pool for `config`'s river.
    init(config: SiteConfig) {
        limit = config.riverPostLimit
    }

    /// Adds the posts an account's page shows (`entries`, in the page's order).
    mutating func add(_ entries: [River.Entry]) {
        kept += entries.enumerated().map { Candidate(entry: $1, position: $0) }
        if kept.count > 2 * limit { prune() }
    }

    /// Adds another core's candidates.
    mutating func add(_ other: RiverCandidates) {
        kept += other.kept
        if kept.count > 2 * limit { prune() }
    }

    /// The candidates in `config.accounts` order, then each page's: the order the river's stable merge starts from.
    var entries: [River.Entry] {
        inAccountOrder.map(\.entry)
    }
}

private extension RiverCandidates {
    var inAccountOrder: [Candidate] {
        kept.sorted { ($0.entry.account, $0.position) < ($1.entry.account, $1.position) }
    }

    /// Keeps the first `limit` distinct posts of the merge, newest first, and nothing else.
    mutating func prune() {
        let merged = PostOrder.newestFirst(inAccountOrder) { PostOrder.date(of: $0.entry.post) }
        var seen = Set<String>()
        var unique: [Candidate] = []
        for candidate in merged {
            if unique.count >= limit { break }
            if PostAnchor.globalID(of: candidate.entry.post).map({ seen.insert($0).inserted }) ?? true { unique.append(candidate) }
        }
        kept = unique
    }
}
