extension SiteBuilder {
    /// Phase 3's check of the share cards: an `image:` that is a path must name a file the build
    /// writes (an asset), or every share card of the site would point at a missing image. Each
    /// missing path is reported once: at the site's `image` when it is that one, else at the first
    /// account that has it (its own or from `defaults`). `paths`: every path of the plan.
    func checkShareImages(_ paths: Set<String>) throws(DiagnosticError) {
        var reported: Set<String> = []
        var diagnostics: [Diagnostic] = []
        func check(_ reference: String?, at location: SourceLocation?, whose: String) {
            guard let reference, let location, !ImageReference.hasScheme(reference), !reported.contains(reference) else { return }
            let path = String(reference.drop { $0 == "/" })
            guard !paths.contains(path) else { return }
            reported.insert(reference)
            diagnostics.append(Diagnostic(at: location, "\(whose) image '\(reference)' is not a file the site publishes",
                                          hint: path.hasPrefix("assets/") ? "add templates/\(path), or correct the path"
                                              : "put the image in templates/assets/ and write assets/NAME, or give an absolute URL"))
        }
        check(config.options["image"]?.stringValue, at: config.locations["image"], whose: "the site's")
        for account in config.accounts {
            check(account.options.values[Self.accountImageSlot].stringValue, at: account.location, whose: "@\(account.handle)'s")
        }
        if !diagnostics.isEmpty { throw DiagnosticError(diagnostics) }
    }
}

private extension SiteBuilder {
    static let accountImageSlot = OptionTable.account.slot("image")
}
