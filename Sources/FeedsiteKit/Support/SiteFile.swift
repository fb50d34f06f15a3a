/// A file of a site: its path relative to the site's folder and its bytes, in memory or in a file on
/// disk. The build writes them (`output/…`), the checker reads them.
package struct SiteFile: Sendable {
    /// Where a file's bytes are.
    package enum Content: Sendable {
        /// In memory: a rendered page, a generated file, a static page that is checked.
        case bytes([UInt8])
        /// In a file on disk, copied and compared in chunks: a static file, which may be large.
        case copy(DiskFile)
    }

    /// The file's path, relative to the site's (or the output's) folder.
    package var path: String
    /// Its bytes, or the file on disk that holds them.
    package var content: Content

    /// Creates a file whose bytes are in memory.
    package init(path: String, bytes: [UInt8]) {
        self.path = path
        content = .bytes(bytes)
    }

    /// Creates a file whose bytes are those of `file`, read only when it is written or compared.
    package init(path: String, copying file: DiskFile) {
        self.path = path
        content = .copy(file)
    }
}

extension SiteFile {
    /// The bytes of a file held in memory; empty for a copy, whose bytes are never read whole (only
    /// pages and static HTML are checked, and those are held in memory).
    package var bytes: [UInt8] {
        if case .bytes(let bytes) = content { return bytes }
        return []
    }

    /// How many bytes the file has.
    package var size: Int {
        switch content {
        case .bytes(let bytes): bytes.count
        case .copy(let file): file.size
        }
    }
}
