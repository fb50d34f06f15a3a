/// A file of a site: its path relative to the site's folder and its bytes. The build writes them
/// (`output/…`), the checker reads them.
package struct SiteFile: Sendable {
    package var path: String
    package var bytes: [UInt8]

    /// Creates a file.
    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}
