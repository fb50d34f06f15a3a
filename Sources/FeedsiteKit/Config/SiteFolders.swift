import Foundation

/// Where a site's folders are: the folder of site.yml, and its `templates:`, `output:` and `snapshots:` resolved
/// against it. The loader and the build's up-to-date check both resolve folders here, so they agree.
package struct SiteFolders: Sendable, Equatable {
    /// The folder that holds site.yml.
    package var site: String
    /// The templates folder (`templates:`, default `templates`).
    package var templates: String
    /// The output folder (`output:`, default `output`).
    package var output: String
    /// The snapshots folder (`snapshots:`, default `snapshots`).
    package var snapshots: String

    /// The folders of the site whose site.yml is at `configPath`; nil when it cannot be read or parsed.
    package static func locate(configPath: String) -> SiteFolders? {
        guard let bytes = try? FileInput.read(configPath, purpose: "the site configuration", limit: SiteConfigLoader.maximumBytes) else {
            return nil
        }
        return locate(configPath: configPath, bytes: bytes)
    }

    /// The default folders, `templates`, `output` and `snapshots` beside the site.yml at `configPath`: what a
    /// site uses when its site.yml cannot even be parsed for its own.
    package static func defaults(configPath: String) -> SiteFolders {
        let site = siteFolder(of: configPath)
        return SiteFolders(site: site, templates: resolve("templates", in: site), output: resolve("output", in: site),
                           snapshots: resolve("snapshots", in: site))
    }

    /// The folders of a site whose site.yml at `configPath` holds `bytes`, reading only the top-level
    /// `templates:`, `output:` and `snapshots:`. Nil when the text is not YAML the loader could read.
    package static func locate(configPath: String, bytes: [UInt8]) -> SiteFolders? {
        guard let values = TopLevelKeys.values(bytes, keys: ["templates", "output", "snapshots"], file: configPath) else { return nil }
        let site = siteFolder(of: configPath)
        return SiteFolders(site: site, templates: resolve(values["templates"] ?? "templates", in: site),
                           output: resolve(values["output"] ?? "output", in: site),
                           snapshots: resolve(values["snapshots"] ?? "snapshots", in: site))
    }
}

extension SiteFolders {
    /// The absolute folder that holds the file at `configPath`.
    static func siteFolder(of configPath: String) -> String {
        URL(fileURLWithPath: configPath).standardizedFileURL.deletingLastPathComponent().path
    }

    /// `path` as an absolute, standardized path: relative paths are taken from `siteFolder`.
    static func resolve(_ path: String, in siteFolder: String) -> String {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: siteFolder).appendingPathComponent(path)
        return url.standardizedFileURL.path
    }
}

extension SiteConfig {
    /// The config's folders.
    package var folders: SiteFolders {
        SiteFolders(site: siteFolder, templates: templatesFolder, output: outputFolder, snapshots: snapshotsFolder)
    }
}
