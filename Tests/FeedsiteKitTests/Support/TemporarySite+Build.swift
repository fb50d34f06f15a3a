import FeedsiteTestSupport
@testable import FeedsiteKit

extension TemporarySite {
    /// Loads the site's config and builds it.
    func build() throws -> BuildResult {
        let config = try SiteConfigLoader.load(path: path + "/site.yml")
        return try SiteBuilder(config: config).build()
    }
}
