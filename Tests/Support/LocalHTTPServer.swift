import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 server on 127.0.0.1 and a port the system picks, for fetch tests: each connection on
/// a thread of its own (at most `maximumConnections` at once; more are closed at once), keep-alive,
/// answers from a handler. `stop()` closes every socket and waits for every thread; nothing outlives
/// the test. No test touches the internet: every URL it fetches points here.
package final class LocalHTTPServer: @unchecked Sendable {
    /// One request as the handler sees it.
    package struct Request: Sendable {
        package var method: String
        package var path: String
        /// Header names in lower case.
        package var headers: [String: String]
    }

    /// What the server does with a request.
    package enum Response: Sendable {
        /// A complete response with `Content-Length`.
        case full(status: Int, headers: [String: String] = [:], body: [UInt8] = [])
        /// Reads the request and never answers (until the client gives up or the server stops).
        case silence
        /// A chunked body that never ends (until the client gives up or the server stops).
        case endless
        /// Exactly these bytes (head and body, which may contradict each other), then the connection closes.
        case raw([UInt8])
        /// The connection is reset (TCP RST) instead of answered.
        case reset
        /// Exactly these bytes, then the connection is reset (TCP RST): a response cut off midway.
        case resetAfter([UInt8])
    }

    /// The most connections served at once.
    package static let maximumConnections = 64

    /// The port the server listens on.
    package let port: UInt16
    private let listener: Int32
    private let handler: @Sendable (Request) -> Response
    private let lock = NSLock()
    private var clients: Set<Int32> = []
    private var threads = 0
    private var stopped = false
    private let allDone = NSCondition()
    private var active = 0
    private var mostActive = 0
    private var accepted = 0

    /// Starts listening; `handler` answers each request (on the connection's thread).
    package init(_ handler: @escaping @Sendable (Request) -> Response) throws {
        self.handler = handler
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        guard bound == 0, named == 0, listen(listener, 128) == 0 else {
            Glibc.close(listener)
            throw CocoaError(.fileWriteUnknown)
        }
        port = UInt16(bigEndian: address.sin_port)
        self.listener = listener
        startThread { self.acceptLoop() }
    }

    deinit {
        stop()
    }

    /// `http://127.0.0.1:PORT` + `path`.
    package func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)\(path)"
    }

    /// How many connections the server has accepted.
    package var connectionsAccepted: Int { lock.withLock { accepted } }

    /// The most requests this server was answering at the same time.
    package var mostConcurrentRequests: Int { lock.withLock { mostActive } }

    /// Closes the listening socket and every connection, and waits until every thread has ended.
    package func stop() {
        // Under the lock, so that no connection closes (and its descriptor is reused) meanwhile.
        let first: Bool = lock.withLock {
            guard !stopped else { return false }
            stopped = true
            for client in clients { shutdown(client, Int32(SHUT_RDWR)) }
            return true
        }
        // Stopped before (deinit stops again): closing the listener twice could close another test's socket.
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        allDone.lock()
        while lock.withLock({ threads }) > 0 { _ = allDone.wait(until: Date().addingTimeInterval(0.05)) }
        allDone.unlock()
        Glibc.close(listener)
    }
}

private extension LocalHTTPServer {
    var isStopped: Bool { lock.withLock { stopped } }

    func startThread(_ body: @escaping @Sendable () -> Void) {
        lock.withLock { threads += 1 }
        let thread = Thread { [self] in
            body()
            lock.withLock { threads -= 1 }
            allDone.lock()
            allDone.broadcast()
            allDone.unlock()
        }
        thread.start()
    }

    func acceptLoop() {
        while !isStopped {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            let admitted: Bool = lock.withLock {
                guard !stopped, clients.count < Self.maximumConnections else { return false }
                clients.insert(client)
                accepted += 1
                return true
            }
            guard admitted else {
                Glibc.close(client)
                continue
            }
            startThread { self.serve(client) }
        }
    }

    func serve(_ client: Int32) {
        defer {
            lock.withLock {
                clients.remove(client)
                Glibc.close(client)
            }
        }
        var buffer: [UInt8] = []
        while let request = readRequest(client, buffer: &buffer) {
            lock.withLock {
                active += 1
                mostActive = max(mostActive, active)
            }
            let keepOpen = answer(handler(request), on: client)
            lock.withLock { active -= 1 }
            if !keepOpen { return }
        }
    }

    /// Reads one request head (requests carry no bodies here); nil when the connection ends.
    func readRequest(_ client: Int32, buffer: inout [UInt8]) -> Request? {
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let range = buffer.firstRange(of: end) {
                let head = String(decoding: buffer[..<range.lowerBound], as: UTF8.self)
                buffer.removeSubrange(..<range.upperBound)
                let lines = head.components(separatedBy: "\r\n")
                let parts = lines[0].split(separator: " ")
                guard parts.count >= 2 else { return nil }
                var headers: [String: String] = [:]
                for line in lines.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                return Request(method: String(parts[0]), path: String(parts[1]), headers: headers)
            }
            let count = recv(client, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }

    /// Sends `response`; false when the connection must close afterwards.
    func answer(_ response: Response, on client: Int32) -> Bool {
        switch response {
        case .full(let status, let headers, let body):
            var head = "HTTP/1.1 \(status) Status\r\nContent-Length: \(body.count)\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            return send(Array((head + "\r\n").utf8) + body, on: client)
        case .silence:
            var byte: UInt8 = 0
            while !isStopped, recv(client, &byte, 1, 0) > 0 {}
            return false
        case .endless:
            guard send(Array("HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml\r\nTransfer-Encoding: chunked\r\n\r\n".utf8), on: client) else { return false }
            let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 0x10000) + Array("\r\n".utf8)
            while !isStopped, send(chunk, on: client) {}
            return false
        case .raw(let bytes):
            _ = send(bytes, on: client)
            return false
        case .reset:
            // A zero linger time makes close(2) send RST instead of FIN.
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            return false
        case .resetAfter(let bytes):
            _ = send(bytes, on: client)
            return answer(.reset, on: client)
        }
    }

    func send(_ bytes: [UInt8], on client: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(client, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }
}
