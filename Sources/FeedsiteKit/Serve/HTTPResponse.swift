/// A response: status, headers and body.
package struct HTTPResponse: Sendable {
    package var status: HTTPStatus
    package var headers: [(name: String, value: String)]
    package var body: [UInt8]

    /// Creates a response.
    package init(status: HTTPStatus, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A small plain-text response for errors.
    package static func text(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array((message + "\n").utf8))
    }

    /// The bytes on the wire; for HEAD the body is left out but Content-Length stays.
    package func serialized(includeBody: Bool, keepAlive: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(status.rawValue) \(status.reason)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\n"
        head += "Cache-Control: no-store\r\n"
        head += keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"
        return Array(head.utf8) + (includeBody ? body : [])
    }
}
