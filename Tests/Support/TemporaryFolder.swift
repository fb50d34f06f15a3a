import Foundation

/// A folder under the system's temporary directory, filled from a path → contents dictionary and
/// removed with everything in it when released.
package class TemporaryFolder {
    /// The folder's absolute path.
    package let path: String

    /// Creates the folder and writes `files` (path relative to the folder → contents) into it.
    package init(files: [String: String] = [:]) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("feedsite-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try write(files)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

package extension TemporaryFolder {
    /// Writes `contents` to `name` (relative to the folder), creating the folders on the way.
    func write(_ name: String, _ contents: String) throws {
        let url = URL(fileURLWithPath: path + "/" + name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }

    /// Writes every file of `files` (path relative to the folder → contents).
    func write(_ files: [String: String]) throws {
        for (name, contents) in files { try write(name, contents) }
    }

    /// The text of `name` (relative to the folder), or nil when it cannot be read.
    func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: path + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether `name` (relative to the folder) exists; a link counts when what it points to exists.
    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "/" + name)
    }

    /// When `name` (relative to the folder) was last modified.
    func modificationDate(_ name: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: path + "/" + name)[.modificationDate] as? Date
    }

    /// Every file below `folder` (relative to this folder; the folder itself when empty), as sorted
    /// paths relative to `folder`.
    func list(_ folder: String = "") -> [String] {
        Self.files(below: resolve(folder)).sorted()
    }

    /// Every file below `folder` (relative to this folder), relative to `folder`, with its contents.
    func snapshot(_ folder: String = "output") throws -> [String: Data] {
        let base = resolve(folder)
        var result: [String: Data] = [:]
        for name in Self.files(below: base) { result[name] = FileManager.default.contents(atPath: base + "/" + name) }
        return result
    }

    /// Every file (not folder) below the folder at absolute `path`, relative to it; empty when there is no such folder.
    static func files(below path: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: path) else { return [] }
        var files: [String] = []
        while let name = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isFolder), !isFolder.boolValue {
                files.append(name)
            }
        }
        return files
    }
}

private extension TemporaryFolder {
    func resolve(_ folder: String) -> String {
        folder.isEmpty ? path : path + "/" + folder
    }
}
