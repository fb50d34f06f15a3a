/// A file the build produces: its path relative to the output folder and its bytes.
package struct OutputFile: Sendable {
    package var path: String
    package var bytes: [UInt8]

    /// Creates an output file.
    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}
