/// What the build makes of one account's snapshot before its page is rendered: the snapshot and the
/// posts its page shows (media copies checked), its images' origins and its posts as river entries.
/// The account pass makes one per account; `feedsite serve` makes one for a page it renders on demand
/// and for a snapshot that changed (`PreviewPages`).
struct AccountSummary: Sendable {
    /// The snapshot as the pages and feeds show it (`PublishedMedia.add`); nil without one.
    let snapshot: Snapshot?
    /// The posts the account's page shows, newest first.
    let shown: [Post]
    /// `PagePolicies.origins(of:snapshot:)`.
    let origins: Set<String>
    /// `shown` as river entries.
    let entries: [River.Entry]
}

extension AccountSummary {
    /// The summary of account `index` of `config`, whose snapshot is `snapshot`; `media` checks the
    /// copies an account with `media: copy` shows (in `source`, `snapshots/media/`) and keeps them.
    init(_ index: Int, of config: SiteConfig, snapshot: Snapshot?, media: inout PublishedMedia, source: String,
         displayPath: @escaping @Sendable (String) -> String) {
        let account = config.accounts[index]
        let ordered = snapshot.map { Array(PostOrder.newestFirst($0.posts).prefix(account.postLimit)) } ?? []
        // The pages and feeds show the snapshots as the published copies' bytes correct them.
        let (shownSnapshot, shown) = media.add(index, account: account, snapshot: snapshot, shown: ordered, source: source, displayPath: displayPath)
        self.init(snapshot: shownSnapshot, shown: shown, origins: PagePolicies.origins(of: account, snapshot: shownSnapshot),
                  entries: River.entries(shown, account: index))
    }

    /// What the index, the river and the summary cache keep of the snapshot: only its newest shown post.
    var newest: Snapshot? {
        snapshot.map { snapshot in
            var newest = snapshot
            newest.posts = Array(shown.prefix(1))
            return newest
        }
    }
}
