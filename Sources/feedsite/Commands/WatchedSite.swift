import FeedsiteKit
import Foundation

/// What `serve` and `build --watch` watch of a site.
struct WatchedSite: Sendable {
    /// The site.yml.
    let configPath: String
    /// `--output DIR`, which replaces site.yml's `output:`.
    var output: ChosenOutputFolder?
}

extension WatchedSite {
    /// The site's folders as site.yml names them now, read by the build's rule; nil when there is no
    /// site.yml to read or its `templates:`, `output:` or `snapshots:` is one the build refuses (never a
    /// guessed default folder in its place).
    func folders() -> SiteFolders? {
        // Text that is not YAML at all names no folders: the default ones (serve shows the error over the last
        // good output). YAML whose folders the build refuses gives none, never a default in their place.
        var folders = (try? SiteFolders.read(configPath: configPath))
            ?? (SiteFolders.locate(configPath: configPath) == nil && FileManager.default.isReadableFile(atPath: configPath)
                ? SiteFolders.defaults(configPath: configPath) : nil)
        if let output { folders?.output = output.path }
        return folders
    }

    /// What a change in rebuilds: site.yml, the templates, the data files, the snapshots (a fetch) and the static files.
    static func paths(configPath: String, folders: SiteFolders) -> [String] {
        [configPath, folders.templates, folders.site + "/" + DataFiles.folderName, folders.snapshots, staticFolder(folders)]
    }

    /// `paths` for people: `site.yml, templates, data and static`.
    static func described(configPath: String, folders: SiteFolders) -> String {
        "\(configPath), \(DisplayPath.relative(folders.templates)), \(DisplayPath.relative(folders.site + "/" + DataFiles.folderName)) "
            + "and \(DisplayPath.relative(staticFolder(folders)))"
    }

    /// `static/` beside site.yml, copied to the output as it is.
    static func staticFolder(_ folders: SiteFolders) -> String {
        folders.site + "/static"
    }
}
