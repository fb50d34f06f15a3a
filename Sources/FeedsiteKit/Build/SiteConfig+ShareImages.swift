extension SiteConfig {
    /// A warning when an `image:` is a path and the site has no `base_url`: share cards need an
    /// absolute image URL, so no page gets `og:image`. Once per site, at the site's `image` when it is
    /// a path, else at the first account that has one (its own or from `defaults`).
    var imageWithoutBaseURLWarning: Diagnostic? {
        guard baseURL == nil else { return nil }
        let slot = OptionTable.account.slot("image")
        let site = options["image"]?.stringValue.flatMap { ImageReference.hasScheme($0) ? nil : ($0, locations["image"]) }
        let account = accounts.lazy.compactMap { account in
            account.options.values[slot].stringValue.flatMap { ImageReference.hasScheme($0) ? nil : ($0, Optional(account.location)) }
        }.first
        guard let (path, location) = site ?? account, let location else { return nil }
        return Diagnostic(.warning, at: location,
                          "the image '\(path)' is a path, and og:image needs base_url to make it absolute: no share card shows it",
                          hint: "set base_url: in site.yml (the address the site is served at), or pass --base-url")
    }
}
