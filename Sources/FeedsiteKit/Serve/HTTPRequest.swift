/// A parsed HTTP/1.x request head.
package struct HTTPRequest: Sendable, Equatable {
    /// `GET`, `HEAD`, …
    package var method: String
    /// The request target in origin form (`/path?query`); an absolute-form target
    /// (`http://host/path?query`) is reduced to its path and query.
    package var target: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    package var version: String
    /// Header names (lower case) and values, in order.
    package var headers: [(name: String, value: String)]
    /// How many bytes of body follow the head (its `Content-Length`; 0 without one).
    package var bodyLength = 0

    /// The first value of a header (name in lower case).
    package func header(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    /// Whether the connection stays open after the response.
    package var keepAlive: Bool {
        let connection = header("connection")?.lowercased()
        if version == "HTTP/1.0" { return connection == "keep-alive" }
        return connection != "close"
    }

    package static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.target == rhs.target && lhs.version == rhs.version
            && lhs.headers.map(\.name) == rhs.headers.map(\.name) && lhs.headers.map(\.value) == rhs.headers.map(\.value)
            && lhs.bodyLength == rhs.bodyLength
    }
}
