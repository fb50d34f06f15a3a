/// The validated contents of `site.yml`, with folders resolved against the file's folder.
package struct SiteConfig: Sendable {
    /// Every option of `OptionTable.site`, defaults applied and folders resolved; null where unset.
    package var options: TemplateRecord
    /// The accounts, in the order of the file, with defaults applied.
    package var accounts: [Account]
    /// The path of the config file as given by the user.
    package var configPath: String
    /// The folder that holds the config file.
    package var siteFolder: String
    /// Where each top-level value set in site.yml stands, by key, for errors about it found later.
    package var locations: [String: SourceLocation] = [:]
}

/// The site options the build reads itself, typed (each a lookup by key: read them once, not per page).
extension SiteConfig {
    /// The site's title.
    package var title: String { options["title"]?.stringValue ?? "" }
    /// An optional description of the site.
    package var description: String? { options["description"]?.stringValue }
    /// The absolute http(s) URL the site is deployed at, without a trailing slash; enables canonical links and sitemap.xml.
    package var baseURL: String? { options["base_url"]?.stringValue }
    /// The language of the pages (BCP 47), default `en`.
    package var language: String { options["language"]?.stringValue ?? "en" }
    /// The templates folder, resolved against the folder of site.yml.
    package var templatesFolder: String { options["templates"]?.stringValue ?? "" }
    /// The output folder, resolved against the folder of site.yml.
    package var outputFolder: String { options["output"]?.stringValue ?? "" }
    /// The snapshots folder (`snapshots:`), resolved against the folder of site.yml.
    package var snapshotsFolder: String { options["snapshots"]?.stringValue ?? "" }
    /// The most bytes `feedsite fetch` reads of one feed (`feed_size_limit:` MiB, default 10).
    package var feedSizeLimit: Int { Int(options["feed_size_limit"]?.numberValue ?? 10) << 20 }
    /// Which host intent URLs point at (read by slot: the build asks once per account).
    package var intentHost: IntentHost {
        options.values[Self.intentHostSlot].stringValue.flatMap(IntentHost.init(rawValue:)) ?? .twitter
    }
    /// Free-form data handed to templates as `site.params`.
    package var params: [String: TemplateValue] {
        if case .map(let values) = options["params"] { return values }
        return [:]
    }
}

private extension SiteConfig {
    static let intentHostSlot = OptionTable.site.slot("intent_host")
}
