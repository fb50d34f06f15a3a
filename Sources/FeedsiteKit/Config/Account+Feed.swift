/// The account options `feedsite fetch` and the build's snapshots read.
extension Account {
    /// The account's `feed:` with `{handle}` filled in, as written (a path stays relative to site.yml);
    /// unset, the network's own feed of the account (Bluesky, Mastodon: `Network.defaultFeed`); nil
    /// when it has none (`none`, or unset on X).
    package var feed: String? {
        guard let pattern = options.values[Slot.feed].stringValue else { return network.defaultFeed(handle: handle) }
        guard pattern != "none" else { return nil }
        return FeedSource.expanding(pattern, handle: handle)
    }

    /// Whether the account has a feed (`feed != nil`), told without filling in `{handle}` (perf, Benchmarks/one_change.py:
    /// `has_feed` for the index's 10,000 accounts, 1.2% of the build's CPU).
    package var hasFeed: Bool {
        guard let pattern = options.values[Slot.feed].stringValue else { return network.defaultFeed(handle: handle) != nil }
        return pattern != "none"
    }

    /// The account's feed, a path resolved against `siteFolder`; nil when it has none.
    package func feedSource(siteFolder: String) -> FeedSource? {
        guard let feed else { return nil }
        if feed == FeedSource.xAPIKeyword { return .xAPI }
        return FeedSource.hasScheme(feed) ? .url(feed) : .file(SiteFolders.resolve(feed, in: siteFolder))
    }

    /// Whether replies and reposts are shown (`show_replies:`, default false).
    package var showsReplies: Bool {
        options.values[Slot.showReplies] == .bool(true)
    }

    /// How many posts are kept and shown (`posts:`, default 20).
    package var postLimit: Int {
        if case .int(let limit) = options.values[Slot.posts] { return limit }
        return 20
    }
}

private extension Account {
    enum Slot {
        static let feed = OptionTable.account.slot("feed")
        static let posts = OptionTable.account.slot("posts")
        static let showReplies = OptionTable.account.slot("show_replies")
    }
}
