/// Why a feed could not be read at all: what went wrong, where (line:column) when there is a place,
/// and a likely fix.
package struct FeedError: Error, Sendable, Equatable {
    /// What kind of failure it is.
    package enum Kind: String, Sendable, Equatable {
        /// The bytes are not a feed (an HTML page, an empty file, some other XML or JSON).
        case notAFeed
        /// The XML or JSON is broken beyond reading.
        case malformed
        /// The feed's character encoding is unknown to the system.
        case unsupportedEncoding
    }

    /// What kind of failure it is.
    package var kind: Kind
    /// Where in the feed, when there is a place to point at.
    package var location: SourceLocation?
    /// What went wrong, in plain words.
    package var message: String
    /// A likely fix.
    package var hint: String?

    /// Creates the error.
    package init(_ kind: Kind, at location: SourceLocation?, _ message: String, hint: String? = nil) {
        self.kind = kind
        self.location = location
        self.message = message
        self.hint = hint
    }
}

extension FeedError: UserFacingError {
    /// 1: a feed that cannot be read fails `feedsite posts` (and `fetch`) with 1, as issue 16 defines;
    /// 2 stays for usage and local I/O errors.
    package var exitCode: ExitCode { .findings }

    /// The error at its place in the feed, when it has one.
    package var diagnostics: [Diagnostic] {
        location.map { [Diagnostic(.error, at: $0, message, hint: hint)] } ?? []
    }

    /// The error without a place, when it has none.
    package var problem: (message: String, hint: String?)? {
        location == nil ? (message, hint) : nil
    }
}
