/// The validated contents of `site.yml`, with folders resolved against the file's folder.
package struct SiteConfig: Sendable {
    /// The site's title.
    package var title: String
    /// An optional description of the site.
    package var description: String?
    /// The absolute http(s) URL the site is deployed at, without a trailing slash; enables canonical links and sitemap.xml.
    package var baseURL: String?
    /// The language of the pages (BCP 47), default `en`.
    package var language: String
    /// The templates folder, resolved against the folder of site.yml.
    package var templatesFolder: String
    /// The output folder, resolved against the folder of site.yml.
    package var outputFolder: String
    /// Which host intent URLs point at.
    package var intentHost: IntentHost
    /// Free-form data handed to templates as `site.params`.
    package var params: [String: TemplateValue]
    /// The accounts, in the order of the file, with defaults applied.
    package var accounts: [Account]
    /// The path of the config file as given by the user.
    package var configPath: String
    /// The folder that holds the config file.
    package var siteFolder: String
}
