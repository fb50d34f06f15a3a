import Foundation

/// What `feedsite init` writes: the sample site.yml, the default templates and a .gitignore.
package enum SiteScaffold {
    /// The starter files: path relative to the new site's folder, and bytes. An existing
    /// `.gitignore` is never replaced: the lines feedsite needs are added to it (`GitIgnore`).
    package static var files: [(path: String, bytes: [UInt8])] {
        StarterFiles.encoded.map { ($0.path, [UInt8](Data(base64Encoded: $0.base64) ?? Data())) }
            + [(gitIgnorePath, Array(GitIgnore.fresh.utf8))]
    }

    /// Writes the starter site into `folder`. Unless `force`, nothing is written when any of the
    /// files exists already (a `.gitignore` aside, which only gains the lines it lacks); the error
    /// lists them. Returns the paths written.
    package static func write(into folder: String, force: Bool) throws(InputError) -> [String] {
        try checkIsFolder(folder)
        let files = files
        let existing = files.map(\.path).filter { $0 != gitIgnorePath && FileManager.default.fileExists(atPath: folder + "/" + $0) }
        if !existing.isEmpty, !force {
            throw InputError("\(folder) already has \(existing.count == 1 ? "a file" : "files") that init would overwrite: "
                             + existing.joined(separator: ", "),
                             hint: "choose an empty folder (feedsite init NEW_FOLDER), or pass --force to overwrite them")
        }
        var written: [String] = []
        for file in files {
            let path = folder + "/" + file.path
            var bytes = file.bytes
            if file.path == gitIgnorePath, let own = FileManager.default.contents(atPath: path) {
                guard let merged = GitIgnore.merged(String(decoding: own, as: UTF8.self)) else { continue }
                bytes = Array(merged.utf8)
            }
            do {
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw InputError("\(path): cannot be written (\(reason(error)))")
            }
            written.append(file.path)
        }
        return written
    }
}

private extension SiteScaffold {
    static let gitIgnorePath = ".gitignore"

    /// Refuses a `folder` that is a file, or lies below one, before anything is written.
    static func checkIsFolder(_ folder: String) throws(InputError) {
        var path = folder
        while !path.isEmpty {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
                if isFolder.boolValue { return }
                throw InputError(path == folder ? "\(folder) is a file, not a folder" : "\(folder) cannot be created: \(path) is a file",
                                 hint: "give init the name of a new folder (feedsite init my-site), or of an existing folder")
            }
            let parent = (path as NSString).deletingLastPathComponent
            if parent == path { return }
            path = parent
        }
    }

    /// The system's words for why a file operation failed, rather than Foundation's wrapper text.
    static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return SystemError(Int32(error.code)).message }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return SystemError(Int32(underlying.code)).message
        }
        return error.localizedDescription
    }
}
