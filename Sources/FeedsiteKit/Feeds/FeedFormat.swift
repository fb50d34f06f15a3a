/// The kinds of feed feedsite reads, as `feedsite posts --format json` names them.
package enum FeedFormat: String, Sendable, Equatable, CaseIterable {
    /// RSS 2.0 and 0.9x (`<rss>`).
    case rss
    /// Atom 1.0 (`<feed xmlns="http://www.w3.org/2005/Atom">`).
    case atom
    /// RSS 1.0 (`<rdf:RDF>`).
    case rdf
    /// JSON Feed 1.0 and 1.1.
    case json
    /// A user timeline of X API v2 (`feed: x-api`).
    case xAPI = "x-api"
}
