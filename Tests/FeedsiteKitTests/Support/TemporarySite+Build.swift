import FeedsiteTestSupport
@testable import FeedsiteKit

extension TemporarySite {
    /// The site's config, loaded from its site.yml.
    func config() throws -> SiteConfig {
        try SiteConfigLoader.load(path: path + "/site.yml")
    }

    /// Loads the site's config and builds it.
    func build() throws -> BuildResult {
        try SiteBuilder(config: config()).build()
    }
}
