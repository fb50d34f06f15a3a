/// What fetching one feed came to.
package enum FetchResponse: Sendable, Equatable {
    /// A 2xx response with its body (decoded from gzip or deflate).
    case body(FetchedBody)
    /// 304: the feed has not changed since the conditional request's ETag or date.
    case notModified
    /// Any failure: connection, status, timeout, too large, too many redirects.
    case failed(String)
}

extension FetchResponse {
    /// Why a 304 is a failure when the request had no `If-None-Match` or `If-Modified-Since`.
    static let notModifiedUnasked = "the server answered 304 Not Modified to an unconditional request"
}

/// A feed's bytes and the headers a snapshot keeps.
package struct FetchedBody: Sendable, Equatable {
    /// The URL the body came from, after redirects.
    package var url: String
    /// The HTTP status (2xx; 400 and more too when the request `keepsErrorBodies`).
    package var status: Int
    /// The decoded body.
    package var bytes: [UInt8]
    /// The `Content-Type` header, for the charset.
    package var contentType: String?
    /// The `ETag` header.
    package var etag: String?
    /// The `Last-Modified` header.
    package var lastModified: String?
    /// The `x-rate-limit-remaining` header: requests left in the rate limit's window.
    package var rateLimitRemaining: String? = nil
    /// The `x-rate-limit-reset` header: when the window starts again, in seconds since 1970.
    package var rateLimitReset: String? = nil
}
