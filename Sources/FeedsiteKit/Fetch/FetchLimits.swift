/// The bounds of one `feedsite fetch`: time, size, concurrency and redirects.
package struct FetchLimits: Sendable {
    /// Seconds a feed may take in all: connecting, redirects, waiting for `Retry-After`, reading.
    package var timeout: Double = 30
    /// Seconds to establish a connection (never more than `timeout`).
    package var connectTimeout: Double = 10
    /// The most bytes of a feed, counted after gzip or deflate are decoded (10 MiB).
    package var maximumBytes = 10 << 20
    /// The most transfers at once.
    package var transfers = 16
    /// The most transfers at once to one host.
    package var transfersPerHost = 4
    /// The most responses of a fetch waiting to be read and transfers running, together: no transfer
    /// starts beyond it (`ResponseBacklog`); below `transfers` it lowers the transfers at once too.
    package var responsesWaiting = 32
    /// The most redirects one feed may follow.
    package var redirects = 5
    /// The `User-Agent` header.
    package var userAgent = "\(Generator.name)/\(Generator.version)"

    /// The default limits.
    package init() {}
}

extension FetchLimits {
    /// `feedsite/VERSION (+base_url)`, or without the parenthesis when the site has no address.
    package static func userAgent(baseURL: String?) -> String {
        "\(Generator.name)/\(Generator.version)" + (baseURL.map { " (+\($0))" } ?? "")
    }
}
