/// Each page's Content Security Policy, decided by the kind of page and the accounts' `media:`:
/// the pages of X accounts may load X's widget (the other networks have none); the river and an account's page may show the images that
/// `media: hotlink` takes from other hosts.
struct PagePolicies: Sendable {
    /// Per account, in `config.accounts` order: the origins of its hotlinked images (empty unless `media: hotlink`).
    let accountOrigins: [[String]]
    /// Every hotlinking account's origins, for the river pages.
    let riverOrigins: [String]
    /// The accounts whose pages may load X's widget (their network has one), by position in `config.accounts`.
    let widgetAccounts: Set<Int>
}

extension PagePolicies {
    /// The policies of `config`'s pages; `snapshots` in `config.accounts` order.
    init(config: SiteConfig, snapshots: [Snapshot?]) {
        self.init(config: config, origins: config.accounts.indices.map { index in
            Self.origins(of: config.accounts[index], snapshot: index < snapshots.count ? snapshots[index] : nil)
        })
    }

    /// The policies of `config`'s pages, given each account's `origins(of:snapshot:)` in `config.accounts` order.
    init(config: SiteConfig, origins: [Set<String>]) {
        accountOrigins = origins.map { $0.sorted() }
        riverOrigins = origins.reduce(into: Set<String>()) { $0.formUnion($1) }.sorted()
        widgetAccounts = Set(config.accounts.indices.filter { config.accounts[$0].network.hasTimelineWidget })
    }

    /// The origins of the images an account's page may show from other hosts: those of its snapshot when its `media:` is `hotlink`.
    static func origins(of account: Account, snapshot: Snapshot?) -> Set<String> {
        guard account.mediaPolicy == .hotlink, let snapshot else { return [] }
        return ContentSecurityPolicy.hotlinkedOrigins(snapshot)
    }

    /// The policy of a kind of page.
    func policy(for kind: PlannedPage.Kind) -> ContentSecurityPolicy {
        switch kind {
        case .index, .notFound, .extra: ContentSecurityPolicy(loadsWidget: false, imageOrigins: [])
        case .account(let index): ContentSecurityPolicy(loadsWidget: widgetAccounts.contains(index), imageOrigins: accountOrigins[index])
        case .river: ContentSecurityPolicy(loadsWidget: false, imageOrigins: riverOrigins)
        }
    }
}
