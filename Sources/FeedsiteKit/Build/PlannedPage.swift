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
        /// `latest/index.html`, `latest/2/index.html`, …: page `number` (from 1) of the river, every
        /// account's posts merged, when the site has a `latest.html` template.
        case river(Int)
        /// `NAME/index.html`: the extra page at this position of `TemplateSet.pages` (`templates/pages/NAME.html`).
        case extra(Int)
    }

    let kind: Kind
    /// The page's path relative to the output folder.
    let path: String
}
