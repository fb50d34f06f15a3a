import Foundation
@testable import FeedsiteKit

/// A site in a temporary folder: the repository's templates (unless replaced) plus the given files.
final class TemporarySite {
    let path: String

    /// Writes `files` (path → contents) over a copy of the repository's `templates/` when `withDefaultTemplates`.
    init(_ files: [String: String], withDefaultTemplates: Bool = true) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("feedsite-site-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        if withDefaultTemplates {
            try FileManager.default.copyItem(atPath: RepositoryPaths.root + "/templates", toPath: path + "/templates")
        }
        for (name, contents) in files { try write(name, contents) }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func write(_ name: String, _ contents: String) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }

    func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: path + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "/" + name)
    }

    func modificationDate(_ name: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: path + "/" + name)[.modificationDate] as? Date
    }

    /// Every file below `folder`, relative to it, with its contents.
    func snapshot(_ folder: String = "output") throws -> [String: Data] {
        var result: [String: Data] = [:]
        let base = path + "/" + folder
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [:] }
        while let name = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + name, isDirectory: &isFolder), !isFolder.boolValue {
                result[name] = FileManager.default.contents(atPath: base + "/" + name)
            }
        }
        return result
    }

    /// Loads the site's config and builds it.
    func build() throws -> BuildResult {
        let config = try SiteConfigLoader.load(path: path + "/site.yml")
        return try SiteBuilder(config: config).build()
    }
}
