import Foundation

/// A temporary folder filled from a path → contents dictionary, removed when released.
final class TemporaryFolder {
    let path: String

    init(files: [String: String] = [:]) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("feedsite-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, contents) in files {
            let url = URL(fileURLWithPath: path).appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
