import Foundation

/// What `feedsite init` writes: the sample site.yml, the default templates and a .gitignore.
package enum SiteScaffold {
    /// The starter files: path relative to the new site's folder, and bytes.
    package static var files: [(path: String, bytes: [UInt8])] {
        StarterFiles.encoded.map { ($0.path, [UInt8](Data(base64Encoded: $0.base64) ?? Data())) }
            + [(".gitignore", Array("# feedsite writes the site here; build it again instead of committing it.\noutput/\n".utf8))]
    }

    /// Writes the starter site into `folder`. Unless `force`, nothing is written when any of the
    /// files exists already; the error lists them. Returns the paths written.
    package static func write(into folder: String, force: Bool) throws(InputError) -> [String] {
        let files = files
        let existing = files.map(\.path).filter { FileManager.default.fileExists(atPath: folder + "/" + $0) }
        if !existing.isEmpty, !force {
            throw InputError("\(folder) already has \(existing.count == 1 ? "a file" : "files") that init would overwrite: "
                             + existing.joined(separator: ", "),
                             hint: "choose an empty folder (feedsite init NEW_FOLDER), or pass --force to overwrite them")
        }
        for file in files {
            let path = folder + "/" + file.path
            do {
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try Data(file.bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw InputError("\(path): cannot be written (\(error.localizedDescription))")
            }
        }
        return files.map(\.path)
    }
}
