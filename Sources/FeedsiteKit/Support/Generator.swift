/// The name and version of this generator, as templates and `--version` show them.
package enum Generator {
    /// `feedsite`.
    package static let name = "feedsite"
    /// The release version.
    package static let version = "0.1.0"
}
