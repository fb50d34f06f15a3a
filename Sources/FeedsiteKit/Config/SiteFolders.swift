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

extension SiteFolders {
    /// Why `snapshots` (absolute, standardized) cannot hold the snapshots, or nil when it can: not `/`,
    /// the home folder, the site folder or a folder above it (fetch writes a file per account there),
    /// and not inside the templates (they would be published as assets), the output, or the data files'
    /// folder (the build would read each snapshot as a data file, and refuse the folder).
    static func snapshotsProblem(_ snapshots: String, siteFolder: String, templates: String, output: String) -> String? {
        func isInside(_ path: String, _ folder: String) -> Bool { path == folder || path.hasPrefix(folder + "/") }
        let home = SiteFolders.resolve(NSHomeDirectory(), in: "/")
        if snapshots == "/" || snapshots == home || isInside(siteFolder, snapshots) {
            return "refusing to keep snapshots in \(snapshots), which holds the site or more than feedsite owns"
        }
        if isInside(snapshots, templates) { return "refusing to keep snapshots in \(snapshots), inside the templates folder (they would be published)" }
        if isInside(snapshots, output) { return "refusing to keep snapshots in \(snapshots), inside the output folder (they would be published)" }
        if isInside(snapshots, siteFolder + "/" + DataFiles.folderName) {
            return "refusing to keep snapshots in \(snapshots), inside the data folder (the build would read them as data files)"
        }
        return nil
    }

    /// `path` when something other than a folder is there (a file where `snapshots:` points): every
    /// account would read as never fetched, and fetch could not lock the folder. Nil: a folder, or nothing yet.
    static func fileInsteadOfFolder(_ path: String) -> String? {
        var isFolder: ObjCBool = false
        guard !path.isEmpty, FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { return nil }
        return path
    }
}
