import Foundation

/// Shows paths the way the user typed them: relative to the working folder when inside it.
enum DisplayPath {
    @Sendable static func relative(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        if path == current { return "." }
        return path.hasPrefix(current + "/") ? String(path.dropFirst(current.count + 1)) : path
    }
}
