/// One feed to fetch over HTTP, with what the last fetch learned for a conditional request.
package struct FetchRequest: Sendable, Equatable {
    /// The http or https URL.
    package var url: String
    /// The `ETag` of the last response, sent as `If-None-Match`.
    package var etag: String? = nil
    /// The `Last-Modified` of the last response, sent as `If-Modified-Since`.
    package var lastModified: String? = nil
    /// Sent as `Authorization: Bearer …`; such a request is never redirected (the token would go along).
    package var bearerToken: BearerToken? = nil
    /// Whether an answer of 400 or more comes back as a body (with its status and rate-limit headers)
    /// for the caller to read, as an API's error documents are, instead of a failure or a retry.
    package var keepsErrorBodies = false
    /// Not started before this time (a rate limit's reset).
    package var notBefore: ContinuousClock.Instant? = nil
}
