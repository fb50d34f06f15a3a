/// The posts the river may show, gathered while the accounts are read one at a time (each core its
/// own). The pool is deeper than the river: it keeps every post (duplicates too) up to the
/// `depth`-th distinct one in the merge's order, `river_posts:` plus the most posts one account shows,
/// so that the summary cache can take one account's posts out and put its new ones in and still hold
/// every post the river shows. Whenever more than twice that are held, the rest are let go: a post
/// after `depth` distinct ones of some of the posts is after them among all posts too. So the river
/// merged from the candidates is the river merged from every post.
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

        /// The candidate's place in the merge's order: newest first, undated last, then the accounts'
        /// order, then each page's (an account is added once, so no two candidates tie).
        func precedes(_ other: Candidate) -> Bool {
            switch (key, other.key) {
            case let (l?, r?) where l != r: return l > r
            case (.some, nil): return true
            case (nil, .some): return false
            default: return (entry.account, position) < (other.entry.account, other.position)
            }
        }
    }

    /// `river_posts:`: how many distinct posts the river shows.
    let limit: Int
    /// How many distinct posts the pool keeps (see the type's summary).
    let depth: Int
    private(set) var kept: [Candidate] = []
    /// The last post kept by a prune that reached `depth` distinct posts: every post before it in the
    /// merge's order is in the pool. nil while no prune has let anything go (the pool holds every post).
    private(set) var cut: Candidate?
    /// How many candidates the last prune kept: the next prunes when twice as many are held.
    private var keptByPrune = 0
}

extension RiverCandidates {
    /// An empty pool for `config`'s river.
    init(config: SiteConfig) {
        limit = config.riverPostLimit
        depth = config.riverPostLimit + (config.accounts.map(\.postLimit).max() ?? 0)
    }

    /// A pool restored from the summary cache: `kept` were the candidates, `cut` the last of a prune.
    init(config: SiteConfig, kept: [Candidate], cut: Candidate?) {
        self.init(config: config)
        self.kept = kept
        self.cut = cut
        keptByPrune = kept.count
    }

    /// Adds the posts an account's page shows (`entries`, in the page's order).
    mutating func add(_ entries: [River.Entry]) {
        for (position, entry) in entries.enumerated() {
            let candidate = Candidate(entry: entry, position: position, key: PostOrder.key(of: entry.post), id: PostAnchor.globalID(of: entry.post))
            // Dropped on arrival instead of sorted with the rest at the next prune (callgrind, clean build of
            // Benchmarks/generate_site.py 1000 --posts 20: RiverCandidates.add 334 M -> 112 M).
            if let cut, cut.precedes(candidate) { continue }
            kept.append(candidate)
        }
        if kept.count > 2 * max(depth, keptByPrune) { prune() }
    }

    /// Adds another core's candidates (or the cached ones).
    mutating func add(_ other: RiverCandidates) {
        kept += other.kept
        if let other = other.cut, cut.map({ other.precedes($0) }) ?? true { cut = other }
        if let cut { kept.removeAll { cut.precedes($0) } }
        if kept.count > 2 * max(depth, keptByPrune) { prune() }
    }

    /// The pool without the posts of `accounts` (whose snapshots changed).
    func removing(_ accounts: Set<Int>) -> RiverCandidates {
        var pool = self
        pool.kept.removeAll { accounts.contains($0.entry.account) }
        return pool
    }

    /// Lets go of what is after `depth` distinct posts; done once every account is added.
    mutating func finish() {
        prune()
    }

    /// Whether the pool holds at least `river_posts:` distinct posts up to its cut, or every post: then
    /// the river merged from it is the river of every post. (After posts were taken out, it may not.)
    var isComplete: Bool {
        guard let cut else { return true }
        var seen = Set<String>()
        var distinct = 0
        for candidate in kept where !cut.precedes(candidate) {
            if candidate.id.map({ seen.insert($0).inserted }) ?? true { distinct += 1 }
        }
        return distinct >= limit
    }

    /// The candidates in `config.accounts` order, then each page's: the order the river's stable merge starts from.
    var entries: [River.Entry] {
        kept.sorted { ($0.entry.account, $0.position) < ($1.entry.account, $1.position) }.map(\.entry)
    }
}

private extension RiverCandidates {
    /// Keeps every candidate up to the `depth`-th distinct post of the merge, duplicates included, and nothing after it.
    mutating func prune() {
        let merged = kept.sorted { $0.precedes($1) }
        var seen = Set<String>()
        var distinct = 0
        var count = 0
        for candidate in merged {
            if distinct >= depth { break }
            count += 1
            if candidate.id.map({ seen.insert($0).inserted }) ?? true {
                distinct += 1
                if distinct == depth, cut.map({ candidate.precedes($0) }) ?? true { cut = candidate }
            }
        }
        kept = Array(merged.prefix(count))
        if let cut { kept.removeAll { cut.precedes($0) } }
        keptByPrune = kept.count
    }
}
