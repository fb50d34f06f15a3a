/// Paths in the repository and in `../shared` beside it, found from this source file's location.
package enum RepositoryPaths {
    /// The repository root.
    package static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3) // Tests/Support/RepositoryPaths.swift
        return parts.joined(separator: "/")
    }()

    /// The default templates, `templates/`.
    package static let templates = root + "/templates"

    /// The sample configuration, `site.yml`.
    package static let sampleConfig = root + "/site.yml"

    /// `../shared` beside the repository: material too large or foreign to copy into it.
    package static let shared = root + "/../shared"
}
