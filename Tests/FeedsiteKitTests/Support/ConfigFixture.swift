@testable import FeedsiteKit

/// Helpers that decode config text in memory and return what was reported.
enum ConfigFixture {
    /// The diagnostics for `yaml`, or an empty list when it decodes.
    static func diagnostics(_ yaml: String) -> [Diagnostic] {
        do {
            _ = try SiteConfigLoader.decode(Array(yaml.utf8), file: "site.yml", siteFolder: "/site")
            return []
        } catch {
            return error.diagnostics
        }
    }

    /// The decoded config; fails the test through the thrown error when it does not decode.
    static func config(_ yaml: String) throws -> SiteConfig {
        try SiteConfigLoader.decode(Array(yaml.utf8), file: "site.yml", siteFolder: "/site")
    }

    /// A minimal valid file with `accountLines` appended under `accounts:`.
    static func site(accounts accountLines: String = "  - handle: jack", extra: String = "") -> String {
        "title: T\n\(extra)accounts:\n\(accountLines)\n"
    }
}
