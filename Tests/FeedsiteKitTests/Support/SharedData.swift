import Foundation

/// The material in `../shared` beside the repository; suites that need it skip by name when it is absent.
enum SharedData {
    /// `../shared/mustache-spec`.
    static let mustacheSpec = RepositoryPaths.shared + "/mustache-spec"
    /// `../shared/html5lib-tests/tokenizer`.
    static let html5libTokenizer = RepositoryPaths.shared + "/html5lib-tests/tokenizer"

    /// Whether the folder exists.
    static func exists(_ folder: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue
    }
}
