/// One page the build renders: what kind of page it is and where it goes in the output folder.
struct PlannedPage: Sendable, Equatable {
    /// What a page shows. A new kind of page is a new case here, with its template and its context.
    enum Kind: Sendable, Equatable {
        /// `index.html`: every account.
        case index
        /// `<slug>/index.html`: the account at this position of `SiteConfig.accounts`.
        case account(Int)
        /// `404.html`, when the site has a 404 template.
        case notFound
    }

    let kind: Kind
    /// The page's path relative to the output folder.
    let path: String
}
