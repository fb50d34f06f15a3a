/// Parses request heads from bytes received so far, within limits that hold under abuse.
package enum HTTPRequestParser {
    /// The longest request line accepted (longer: 414).
    package static let maximumRequestLine = 8_192
    /// The most header bytes accepted (more: 431).
    package static let maximumHeaderBytes = 16_384
    /// The most header lines accepted (more: 431).
    package static let maximumHeaderCount = 100

    /// What the bytes received so far amount to.
    package enum Outcome: Sendable, Equatable {
        /// More bytes are needed.
        case incomplete
        /// A request, and how many bytes its head used.
        case request(HTTPRequest, consumed: Int)
        /// The request is refused with this status.
        case failure(HTTPStatus)
    }

    /// Parses the head at the start of `bytes`.
    package static func parse(_ bytes: [UInt8]) -> Outcome {
        guard let lineEnd = lineEnd(in: bytes, from: 0) else {
            return bytes.count > maximumRequestLine ? .failure(.uriTooLong) : .incomplete
        }
        if lineEnd.start > maximumRequestLine { return .failure(.uriTooLong) }
        let parts = bytes[0..<lineEnd.start].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(\.isASCIIUpper),
              let target = String(validating: parts[1], as: UTF8.self), !target.isEmpty,
              let version = String(validating: parts[2], as: UTF8.self), version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return .failure(.badRequest)
        }
        guard target.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }), let target = originForm(target) else { return .failure(.badRequest) }
        var headers: [(name: String, value: String)] = []
        var position = lineEnd.next
        while true {
            if position - lineEnd.next > maximumHeaderBytes { return .failure(.headersTooLarge) }
            guard let end = self.lineEnd(in: bytes, from: position) else {
                return bytes.count - lineEnd.next > maximumHeaderBytes ? .failure(.headersTooLarge) : .incomplete
            }
            if end.start == position {
                guard let bodyLength = bodyLength(headers) else { return .failure(.badRequest) }
                return .request(HTTPRequest(method: String(decoding: parts[0], as: UTF8.self), target: target,
                                            version: version, headers: headers, bodyLength: bodyLength), consumed: end.next)
            }
            if headers.count >= maximumHeaderCount { return .failure(.headersTooLarge) }
            let line = bytes[position..<end.start]
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > position,
                  line[position..<colon].allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ":") }) else {
                return .failure(.badRequest)
            }
            let name = String(decoding: line[position..<colon], as: UTF8.self).lowercased()
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingSpaces
            headers.append((name, String(value)))
            position = end.next
        }
    }

    /// `target` in origin form: as it is when it starts with `/`; the path and query of an absolute-form
    /// `http://host:port/path?query` (which RFC 9112 says servers must accept), `/` when it has no
    /// path; nil for anything else (`*`, or a path without its leading slash).
    static func originForm(_ target: String) -> String? {
        if target.hasPrefix("/") { return target }
        let lowered = target.lowercased()
        guard let scheme = ["http://", "https://"].first(where: { lowered.hasPrefix($0) }) else { return nil }
        let rest = target.dropFirst(scheme.count)
        guard let start = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) else {
            return rest.isEmpty ? nil : "/"
        }
        guard start > rest.startIndex else { return nil }
        let path = rest[start...]
        return path.hasPrefix("/") ? String(path) : "/" + path
    }

    /// The body's length: every `Content-Length` (a field may list several, comma-separated) must be
    /// the same decimal number, or the request is refused (RFC 9112, section 6.3). Nil for a body
    /// framed any other way (`Transfer-Encoding`) or conflicting lengths; 0 without any.
    static func bodyLength(_ headers: [(name: String, value: String)]) -> Int? {
        if headers.contains(where: { $0.name == "transfer-encoding" }) { return nil }
        var length: Int?
        for header in headers where header.name == "content-length" {
            for item in header.value.split(separator: ",", omittingEmptySubsequences: false) {
                let digits = item.trimmingSpaces
                guard !digits.isEmpty, digits.utf8.count <= 18, digits.utf8.allSatisfy(\.isASCIIDigit), let value = Int(digits),
                      length == nil || length == value else { return nil }
                length = value
            }
        }
        return length ?? 0
    }

    /// The end of the line starting at `start`: where its CRLF (or bare LF) begins, and the next line.
    static func lineEnd(in bytes: [UInt8], from start: Int) -> (start: Int, next: Int)? {
        var index = start
        while index < bytes.count {
            if bytes[index] == 0x0A {
                let lineEnd = index > start && bytes[index - 1] == 0x0D ? index - 1 : index
                return (lineEnd, index + 1)
            }
            index += 1
        }
        return nil
    }
}
