#if canImport(Glibc)
import Glibc
#endif

extension PreviewServer {
    /// How many connections the server holds at once; more are answered 503 with Retry-After, so
    /// that no client can make it start a thread per connection without end.
    package struct Limits: Sendable {
        /// Open connections of any kind, event streams included.
        package var connections: Int
        /// Open live-reload event streams (one per open page).
        package var eventStreams: Int

        /// The limits `feedsite serve` uses by default.
        package init(connections: Int = 256, eventStreams: Int = 64) {
            self.connections = connections
            self.eventStreams = eventStreams
        }
    }

    /// 503 with Retry-After, for a connection or event stream past its limit.
    static func busy(_ message: String) -> HTTPResponse {
        var response = HTTPResponse.text(.serviceUnavailable, message)
        response.headers.append(("Retry-After", "1"))
        return response
    }

    /// Answers a connection past the limit with 503 on the accepting thread, and closes it.
    static func refuse(_ client: Int32) {
        let response = busy("too many connections to the preview server").serialized(includeBody: true, keepAlive: false)
        _ = try? DescriptorWriter.write(response, to: client, socket: true)
        shutdown(client, Int32(SHUT_WR))
        // Drop what the client already sent: closing with unread bytes resets the connection, and
        // the reset can reach the client before the 503 does.
        var chunk = [UInt8](repeating: 0, count: 8_192)
        while chunk.withUnsafeMutableBytes({ recv(client, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }) > 0 {}
        close(client)
    }
}
