/// What makes a page look right when it is shared or bookmarked: the values of its Open Graph and
/// X card metadata and of its icon link (`page.description` … `page.favicon_type`).
extension PageContext {
    /// The names of those fields, in the order `shareFields` returns them.
    static let shareFieldNames = ["description", "og_type", "image", "twitter_card", "favicon", "favicon_type"]

    /// The share fields of a page of `kind` whose root is `root`: the account's description (else the
    /// site's, else a sentence naming the account) or the site's (else its title); `profile` or
    /// `website`; the absolute image (the account's, else the site's; null when a path has no
    /// `base_url` to resolve against); `summary_large_image` with an image, else `summary`; the icon.
    func shareFields(_ kind: PlannedPage.Kind, root: String) -> [TemplateValue] {
        var description = config.description ?? config.title
        var type = "website"
        var image = siteImage
        if case .account(let index) = kind {
            let account = config.accounts[index]
            let options = account.options.values
            description = options[Self.accountDescriptionSlot].stringValue ?? config.description
                ?? "\(BidiIsolation.isolated(account.name)) (@\(account.handle)) on \(account.network.displayName)"
            type = "profile"
            if let own = options[Self.accountImageSlot].stringValue { image = ImageReference.absolute(own, baseURL: baseURL) }
        }
        return [.string(description), .string(type), image.map(TemplateValue.string) ?? .null,
                .string(image == nil ? "summary" : "summary_large_image"),
                favicon.map { .string(root + $0.path) } ?? .null, favicon.map { .string($0.mediaType) } ?? .null]
    }
}

private extension PageContext {
    static let accountDescriptionSlot = OptionTable.account.slot("description")
    static let accountImageSlot = OptionTable.account.slot("image")
}
