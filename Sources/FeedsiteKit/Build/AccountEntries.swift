import Synchronization

/// The one builder of an account's context: the `account` record of its page and its item in
/// `accounts` (and `groups[].accounts`) start with the same values, made once per build from the
/// option table's context fields, so the two cannot drift apart. An item holds every name `account`
/// holds but `posts` (the account page's own: its media paths are relative to that page), plus `url` and `current`.
struct AccountEntries: Sendable {
    /// Per account, in `config.accounts` order: the values of the option table's context fields.
    let options: [[TemplateValue]]
    /// Per account: `has_posts` and `snapshot`.
    let summaries: [[TemplateValue]]
    /// Per account: `latest`, the newest post (null when it has none).
    let latest: [TemplateValue]
    /// The groups (`group:`) in the order of their first account, then, when some account has no group
    /// and another has one, a last group with a null name; empty when no account has a group.
    let groups: [(name: TemplateValue, members: [Int])]
}

extension AccountEntries {
    /// The names of `account`: the option table's context fields, the snapshot's, then `latest`.
    static let accountNames = optionFields.map(\.field.name) + PostsContext.fields.map(\.name) + ["latest"]
    /// The snapshot's fields an item holds: all but `posts`.
    static let itemPostsFields = PostsContext.fields.filter { $0.name != "posts" }
    /// The names of an item of `accounts`: those of `account` but `posts`, then `url` and `current`.
    static let itemNames = optionFields.map(\.field.name) + itemPostsFields.map(\.name) + ["latest", "url", "current"]

    /// Makes every account's values, on all cores for a large site (their compose URLs are the costly part).
    init(config: SiteConfig, snapshots: [Snapshot?], latest: [TemplateValue], english: Bool) {
        let accounts = config.accounts
        let intentHost = config.intentHost
        let made = Mutex([[TemplateValue]](repeating: [], count: accounts.count))
        ParallelLoop.run(count: accounts.count, chunk: 512) { chunks in
            var mine: [(Int, [TemplateValue])] = []
            for range in chunks {
                for index in range { mine.append((index, Self.optionValues(accounts[index], intentHost: intentHost))) }
            }
            made.withLock { for (index, values) in mine { $0[index] = values } }
        }
        options = made.withLock { $0 }
        let posts = PostsContext(english: english)
        summaries = accounts.indices.map { posts.valuesWithoutPosts($0 < snapshots.count ? snapshots[$0] : nil) }
        self.latest = latest
        groups = Self.groups(of: accounts)
    }

    /// The same options with `snapshots` and `latest` (as `init` takes them): the compose URLs are not made again.
    func with(snapshots: [Snapshot?], latest: [TemplateValue], english: Bool) -> AccountEntries {
        let posts = PostsContext(english: english)
        return AccountEntries(options: options, summaries: options.indices.map { posts.valuesWithoutPosts($0 < snapshots.count ? snapshots[$0] : nil) },
                              latest: latest, groups: groups)
    }

    /// The `account` record of account `index`: its options' fields, `posts` (`shown`, the posts its page shows, as `posts` makes them) and `latest`
    /// (its newest post's `RiverContext.latest`).
    func account(_ index: Int, snapshot: Snapshot?, shown: [Post], latest: TemplateValue, posts: PostsContext) -> TemplateValue {
        let values = options[index] + (snapshot.map { posts.values($0, shown: shown) } ?? PostsContext.noSnapshot) + [latest]
        return .record(TemplateRecord(Self.accountSchema, values))
    }

    /// The item of account `index` in `accounts`, linked by `url` (relative to the page); `current` on its own page.
    func item(_ index: Int, url: String, current: Bool = false) -> TemplateValue {
        .record(TemplateRecord(Self.itemSchema, options[index] + summaries[index] + [latest[index], .string(url), .bool(current)]))
    }

    /// `groups` for a page whose `accounts` list is `accounts`: each group's items are those of the list.
    /// Empty when no account has a group, or the page has no list (an account page whose template does not use it).
    func groups(_ accounts: TemplateValue) -> TemplateValue {
        guard !groups.isEmpty, case .list(let items) = accounts, items.count == options.count else { return .list([]) }
        return .list(groups.map { group in
            .record(TemplateRecord(Self.groupSchema, [group.name, .list(group.members.map { items[$0] })]))
        })
    }
}

private extension AccountEntries {
    static let optionFields = OptionTable.account.contextFields
    // Slots and sources in arrays of their own, read by index: no copy of each field's names per account
    // (callgrind, Benchmarks/generate_site.py 1000, clean build: accountPage 15.9M -> 12.2M instructions).
    static let slots = optionFields.map(\.slot)
    static let sources = optionFields.map(\.field.source)
    static let accountSchema = TemplateRecord.Schema(accountNames)
    static let itemSchema = TemplateRecord.Schema(itemNames)
    static let groupSchema = TemplateRecord.Schema(["name", "accounts"])
    static let groupSlot = OptionTable.account.slot("group")

    /// The values of the option table's context fields for `account`.
    static func optionValues(_ account: Account, intentHost: IntentHost) -> [TemplateValue] {
        let values = account.options.values
        return sources.indices.map { sources[$0].value(values[slots[$0]], account: account, intentHost: intentHost) }
    }

    /// The accounts' groups, in the order of each group's first account; the accounts without one last.
    static func groups(of accounts: [Account]) -> [(name: TemplateValue, members: [Int])] {
        var order: [String] = []
        var members: [String: [Int]] = [:]
        var ungrouped: [Int] = []
        for (index, account) in accounts.enumerated() {
            guard let name = account.options.values[groupSlot].stringValue else {
                ungrouped.append(index)
                continue
            }
            if members[name] == nil { order.append(name) }
            members[name, default: []].append(index)
        }
        guard !order.isEmpty else { return [] }
        return order.map { (TemplateValue.string($0), members[$0]!) } + (ungrouped.isEmpty ? [] : [(.null, ungrouped)])
    }
}
