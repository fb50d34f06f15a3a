import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The preview server: static files of the output folder over HTTP/1.1, plus the live-reload event stream.
package final class PreviewServer: Sendable {
    /// The address actually bound (with the port chosen when 0 was asked for).
    package let host: String
    package let port: UInt16
    private let listener: Int32
    /// The folder served; `serve(folder:)` switches it when site.yml moves the output.
    private let resolver: Mutex<StaticFileResolver>
    private let eventClients = Mutex<[Int32]>([])
    private let lastBuildError = Mutex<String?>(nil)
    private let stopped = Atomic<Bool>(false)

    /// Binds `host:port` (port 0 picks a free one) to serve `folder`.
    package init(folder: String, host: String, port: UInt16) throws(InputError) {
        guard let (address, length, family) = Self.socketAddress(Self.literal(host), port: port) else {
            throw Self.notAnAddress(host)
        }
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw InputError("cannot open a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, listen(descriptor, 128) == 0 else {
            let code = errno
            close(descriptor)
            if code == EADDRINUSE {
                throw InputError("port \(port) on \(host) is already in use", hint: "stop the other server, or pass --port 0 to pick a free port")
            }
            throw InputError("cannot listen on \(host):\(port): \(String(cString: strerror(code)))")
        }
        var actual = sockaddr_storage()
        var actualLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &actualLength) }
        }
        // sin_port and sin6_port both sit right after the 16-bit family.
        let actualPort = withUnsafeBytes(of: actual) { UInt16(bigEndian: $0.load(fromByteOffset: 2, as: UInt16.self)) }
        self.host = host
        self.port = actualPort
        self.listener = descriptor
        self.resolver = Mutex(StaticFileResolver(folder: folder))
    }

    /// Throws when `host` cannot be listened on (it is not an IPv4 or IPv6 literal, nor `localhost`):
    /// the command line checks this before it builds anything.
    package static func validate(host: String) throws(InputError) {
        if socketAddress(literal(host), port: 0) == nil { throw notAnAddress(host) }
    }

    /// The address to open in a browser.
    package var url: String {
        host.contains(":") ? "http://[\(host)]:\(port)/" : "http://\(host):\(port)/"
    }

    /// Accepts connections on a thread of its own until `stop()`.
    package func start() {
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Stops accepting and closes the event streams.
    package func stop() {
        stopped.store(true, ordering: .relaxed)
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        eventClients.withLock { clients in
            for client in clients { shutdown(client, Int32(SHUT_RDWR)) }
        }
    }

    /// Serves `folder` from now on (a site.yml whose `output:` changed); returns whether it differs
    /// from the folder served before.
    @discardableResult
    package func serve(folder: String) -> Bool {
        let next = StaticFileResolver(folder: folder)
        return resolver.withLock { resolver in
            guard resolver.root != next.root else { return false }
            resolver = next
            return true
        }
    }

    /// Tells every open page to reload.
    package func reload() {
        lastBuildError.withLock { $0 = nil }
        broadcast(LiveReload.event("reload", data: "built"))
    }

    /// Shows a failed build's diagnostics on every open page (and on pages opened later).
    package func buildFailed(_ text: String) {
        lastBuildError.withLock { $0 = text }
        broadcast(LiveReload.event("build-error", data: text))
    }
}

private extension PreviewServer {
    static func notAnAddress(_ host: String) -> InputError {
        InputError("'\(host)' is not an IP address to listen on", hint: "use 127.0.0.1 (the default), ::1 or 0.0.0.0")
    }

    /// `localhost` as the loopback literal; any other name as it is.
    static func literal(_ host: String) -> String {
        host == "localhost" ? "127.0.0.1" : host
    }

    /// The socket address of an IPv4 or IPv6 literal, its length and family; nil for anything else.
    static func socketAddress(_ name: String, port: UInt16) -> (sockaddr_storage, socklen_t, Int32)? {
        var storage = sockaddr_storage()
        func store<Address>(_ address: Address) -> socklen_t {
            withUnsafeBytes(of: address) { source in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) } }
            return socklen_t(MemoryLayout<Address>.size)
        }
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, name, &v4) == 1 {
            let length = store(sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: port.bigEndian, sin_addr: v4, sin_zero: (0, 0, 0, 0, 0, 0, 0, 0)))
            return (storage, length, AF_INET)
        }
        if inet_pton(AF_INET6, name, &v6) == 1 {
            let length = store(sockaddr_in6(sin6_family: sa_family_t(AF_INET6), sin6_port: port.bigEndian, sin6_flowinfo: 0, sin6_addr: v6, sin6_scope_id: 0))
            return (storage, length, AF_INET6)
        }
        return nil
    }

    func acceptLoop() {
        while !stopped.load(ordering: .relaxed) {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            var timeout = timeval(tv_sec: 30, tv_usec: 0)
            setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
    }

    /// Serves requests on one connection until it closes (keep-alive).
    func serve(_ client: Int32) {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 8_192)
        defer { close(client) }
        while true {
            switch HTTPRequestParser.parse(buffer) {
            case .incomplete:
                let count = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { return }
                buffer += chunk[..<count]
            case .failure(let status):
                send(client, HTTPResponse.text(status, status.reason).serialized(includeBody: true, keepAlive: false))
                return
            case .request(let request, let consumed):
                buffer.removeFirst(consumed)
                if request.header("content-length").map({ $0 != "0" }) == true || request.header("transfer-encoding") != nil
                    || !["GET", "HEAD"].contains(request.method) {
                    var response = HTTPResponse.text(.methodNotAllowed, "only GET and HEAD are served")
                    response.headers.append(("Allow", "GET, HEAD"))
                    send(client, response.serialized(includeBody: request.method != "HEAD", keepAlive: false))
                    return
                }
                if request.target.hasPrefix(LiveReload.eventsPath) {
                    streamEvents(to: client)
                    return
                }
                let response = respond(to: request)
                guard send(client, response.serialized(includeBody: request.method == "GET", keepAlive: request.keepAlive)),
                      request.keepAlive else { return }
            }
        }
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        let resolver = resolver.withLock { $0 }
        switch resolver.resolve(request.target) {
        case .badRequest:
            return .text(.badRequest, "bad request")
        case .redirect(let location):
            var response = HTTPResponse.text(.movedPermanently, "moved to \(location)")
            response.headers.append(("Location", location))
            return response
        case .file(let path):
            guard let bytes = try? FileInput.read(path, purpose: "a file to serve", limit: .max) else { return .text(.notFound, "not found") }
            return file(path, bytes, status: .ok)
        case .notFound:
            if case .file(let page) = resolver.resolve("/404.html"), let bytes = try? FileInput.read(page, purpose: "a file to serve", limit: .max) {
                return file(page, bytes, status: .notFound)
            }
            // A page, not plain text, so that a site with no 404 page yet (or no build yet) still
            // shows a failed build's errors and reloads when it is fixed.
            return file("/404.html", Self.notFoundPage, status: .notFound)
        }
    }

    static let notFoundPage = Array("<!DOCTYPE html>\n<html><head><title>Not found</title></head><body><p>not found</p></body></html>\n".utf8)

    func file(_ path: String, _ bytes: [UInt8], status: HTTPStatus) -> HTTPResponse {
        let type = ContentType.of(path)
        let body = type.hasPrefix("text/html") ? LiveReload.inject(into: bytes) : bytes
        return HTTPResponse(status: status, headers: [("Content-Type", type)], body: body)
    }

    /// Holds the connection open as an event stream until the client goes away.
    func streamEvents(to client: Int32) {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: keep-alive\r\n\r\n"
        // Register, then acknowledge, in one critical section: every event broadcast after the client
        // read ": connected" reaches it, and none can be written before the response head.
        let registered = eventClients.withLock { clients in
            var greeting = Array(head.utf8) + Array(": connected\n\n".utf8)
            if let error = lastBuildError.withLock({ $0 }) { greeting += LiveReload.event("build-error", data: error) }
            clients.append(client)
            guard send(client, greeting) else {
                clients.removeLast()
                return false
            }
            return true
        }
        guard registered else { return }
        defer { eventClients.withLock { $0.removeAll { $0 == client } } }
        var byte: UInt8 = 0
        while !stopped.load(ordering: .relaxed) {
            let count = recv(client, &byte, 1, 0)
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { return }
        }
    }

    func broadcast(_ bytes: [UInt8]) {
        let clients = eventClients.withLock { $0 }
        for client in clients { _ = send(client, bytes) }
    }

    @discardableResult
    func send(_ client: Int32, _ bytes: [UInt8]) -> Bool {
        (try? DescriptorWriter.write(bytes, to: client, socket: true)) != nil
    }
}
