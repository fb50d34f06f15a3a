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
}

/// The site options the build reads itself, typed.
extension SiteConfig {
    /// The site's title.
    package var title: String { options.values[Slot.title].stringValue ?? "" }
    /// An optional description of the site.
    package var description: String? { options.values[Slot.description].stringValue }
    /// The absolute http(s) URL the site is deployed at, without a trailing slash; enables canonical links and sitemap.xml.
    package var baseURL: String? { options.values[Slot.baseURL].stringValue }
    /// The language of the pages (BCP 47), default `en`.
    package var language: String { options.values[Slot.language].stringValue ?? "en" }
    /// The templates folder, resolved against the folder of site.yml.
    package var templatesFolder: String { options.values[Slot.templates].stringValue ?? "" }
    /// The output folder, resolved against the folder of site.yml.
    package var outputFolder: String { options.values[Slot.output].stringValue ?? "" }
    /// Which host intent URLs point at.
    package var intentHost: IntentHost { options.values[Slot.intentHost].stringValue.flatMap(IntentHost.init(rawValue:)) ?? .twitter }
    /// Free-form data handed to templates as `site.params`.
    package var params: [String: TemplateValue] {
        if case .map(let values) = options.values[Slot.params] { return values }
        return [:]
    }
}

private extension SiteConfig {
    /// The positions of the options read above.
    enum Slot {
        static let title = OptionTable.site.slot("title")
        static let description = OptionTable.site.slot("description")
        static let baseURL = OptionTable.site.slot("base_url")
        static let language = OptionTable.site.slot("language")
        static let templates = OptionTable.site.slot("templates")
        static let output = OptionTable.site.slot("output")
        static let intentHost = OptionTable.site.slot("intent_host")
        static let params = OptionTable.site.slot("params")
    }
}
