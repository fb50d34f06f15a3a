import Foundation

/// A site in a temporary folder: a copy of the repository's default templates (unless left out),
/// without the starter's sample extra page (`templates/pages/`: tests that want one write their own),
/// with the given files written over it. Building it is `build()`, in each test target that links
/// FeedsiteKit.
package final class TemporarySite: TemporaryFolder {
    /// Writes `files` (path → contents) over a copy of the repository's `templates/` when `withDefaultTemplates`.
    package init(_ files: [String: String], withDefaultTemplates: Bool = true) throws {
        try super.init()
        if withDefaultTemplates {
            try FileManager.default.copyItem(atPath: RepositoryPaths.templates, toPath: path + "/templates")
            try FileManager.default.removeItem(atPath: path + "/templates/pages")
        }
        try write(files)
    }
}

package extension TemporarySite {
    /// The repository's sample site: its site.yml, default templates, sample feeds and snapshots, with
    /// `files` written over them.
    static func sample(_ files: [String: String] = [:]) throws -> TemporarySite {
        let config = try String(contentsOfFile: RepositoryPaths.sampleConfig, encoding: .utf8)
        var sample = ["site.yml": config]
        for folder in ["feeds", "snapshots"] {
            for file in TemporaryFolder.files(below: RepositoryPaths.root + "/" + folder) {
                sample[folder + "/" + file] = try String(contentsOfFile: RepositoryPaths.root + "/" + folder + "/" + file, encoding: .utf8)
            }
        }
        return try TemporarySite(sample.merging(files) { $1 })
    }
}
