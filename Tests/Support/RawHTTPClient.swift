import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A bare HTTP client over a loopback socket: sends bytes exactly as given, so tests can send what
/// ordinary clients would normalise or refuse to send.
package struct RawHTTPClient {
    package struct Response {
        package var status: Int
        package var headers: [String: String]
        package var body: [UInt8]
        package var text: String { String(decoding: body, as: UTF8.self) }
    }

    package struct Failure: Error {}

    package let descriptor: Int32
    private var buffer: [UInt8] = []

    package init(port: UInt16) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard connected == 0 else {
            Glibc.close(descriptor)
            throw Failure()
        }
    }

    package func close() {
        Glibc.close(descriptor)
    }

    package func send(_ text: String) {
        send(Array(text.utf8))
    }

    package func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads one response; `head` when it answers a HEAD request (no body follows).
    package mutating func response(head: Bool = false) throws -> Response {
        while true {
            if let end = find(Array("\r\n\r\n".utf8)) {
                let lines = String(decoding: buffer[..<end], as: UTF8.self).components(separatedBy: "\r\n")
                let status = Int(lines[0].split(separator: " ")[1]) ?? 0
                var headers: [String: String] = [:]
                for line in lines.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                let length = head ? 0 : Int(headers["content-length"] ?? "0") ?? 0
                while buffer.count < end + 4 + length {
                    guard try fill() else { throw Failure() }
                }
                let body = Array(buffer[(end + 4)..<(end + 4 + length)])
                buffer.removeFirst(end + 4 + length)
                return Response(status: status, headers: headers, body: body)
            }
            guard try fill() else { throw Failure() }
        }
    }

    /// Reads until `text` has arrived (for event streams); false when the connection ends or times out first.
    package mutating func read(until text: String) throws -> String? {
        let needle = Array(text.utf8)
        while find(needle) == nil {
            guard try fill() else { return nil }
        }
        let all = String(decoding: buffer, as: UTF8.self)
        buffer.removeAll()
        return all
    }

    /// Whether the server closed the connection.
    package mutating func isClosed() throws -> Bool {
        try !fill()
    }

    private mutating func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer += chunk[..<count]
        return true
    }

    private func find(_ needle: [UInt8]) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        for start in 0...(buffer.count - needle.count) where buffer[start] == needle[0] {
            if Array(buffer[start..<(start + needle.count)]) == needle { return start }
        }
        return nil
    }

    /// One GET (or another request line) on a fresh connection.
    package static func request(_ port: UInt16, _ raw: String, head: Bool = false) throws -> Response {
        var client = try RawHTTPClient(port: port)
        defer { client.close() }
        client.send(raw)
        return try client.response(head: head)
    }

    package static func get(_ port: UInt16, _ target: String) throws -> Response {
        try request(port, "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    }
}
