/// One feed to fetch over HTTP, with what the last fetch learned for a conditional request.
package struct FetchRequest: Sendable, Equatable {
    /// The http or https URL.
    package var url: String
    /// The `ETag` of the last response, sent as `If-None-Match`.
    package var etag: String? = nil
    /// The `Last-Modified` of the last response, sent as `If-Modified-Since`.
    package var lastModified: String? = nil
}
