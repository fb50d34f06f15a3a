/// Paths of the repository and of `../shared`, found from this source file's location.
enum RepositoryPaths {
    /// The repository root.
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4) // Tests/FeedsiteKitTests/Support/RepositoryPaths.swift
        return parts.joined(separator: "/")
    }()

    /// `../shared` beside the repository.
    static let shared = root + "/../shared"
}
