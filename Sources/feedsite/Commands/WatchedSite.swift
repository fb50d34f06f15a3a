import Dispatch
import FeedsiteKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What `serve` and `build --watch` watch of a site.
struct WatchedSite: Sendable {
    /// The site.yml.
    let configPath: String
    /// `--output DIR`, which replaces site.yml's `output:`.
    var output: ChosenOutputFolder?
}

extension WatchedSite {
    /// The site's folders as site.yml names them now; the default ones beside it when it cannot be
    /// parsed; nil when there is no site.yml to read.
    func folders() -> SiteFolders? {
        var folders = SiteFolders.locate(configPath: configPath)
            ?? (FileManager.default.isReadableFile(atPath: configPath) ? SiteFolders.defaults(configPath: configPath) : nil)
        if let output { folders?.output = output.path }
        return folders
    }

    /// What a change in rebuilds: site.yml, the templates, the data files and the snapshots (a fetch).
    static func paths(configPath: String, folders: SiteFolders) -> [String] {
        [configPath, folders.templates, folders.site + "/" + DataFiles.folderName, folders.snapshots]
    }

    /// `paths` for people: `site.yml, templates and data`.
    static func described(configPath: String, folders: SiteFolders) -> String {
        "\(configPath), \(DisplayPath.relative(folders.templates)) and \(DisplayPath.relative(folders.site + "/" + DataFiles.folderName))"
    }
}
