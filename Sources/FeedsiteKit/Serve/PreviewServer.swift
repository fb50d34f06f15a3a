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
    /// The headers of the pages served, as the last build wrote them (`_headers`).
    private let headers: Mutex<SiteHeaders>
    private let eventClients = Mutex<[Int32]>([])
    private let lastBuildError = Mutex<String?>(nil)
    /// The pages rendered on demand while the build behind a change runs; nil: every page from the folder.
    private let previewPages = Mutex<PreviewPages?>(nil)
    private let stopped = Atomic<Bool>(false)
    private let limits: Limits
    private let connections = Atomic<Int>(0)

    /// Binds `host:port` (port 0 picks a free one) to serve `folder`.
    package init(folder: String, host: String, port: UInt16, limits: Limits = Limits()) throws(InputError) {
        let (address, length, family) = try ListenAddress.socketAddress(host, port: port)
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
        self.limits = limits
        self.resolver = Mutex(StaticFileResolver(folder: folder))
        self.headers = Mutex(SiteHeaders.read(outputFolder: folder))
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

    /// Serves `folder` from now on (a site.yml whose `output:` changed, or a folder that the first
    /// successful build made); returns whether it differs from the folder served before.
    @discardableResult
    package func serve(folder: String) -> Bool {
        let next = StaticFileResolver(folder: folder)
        headers.withLock { $0 = SiteHeaders.read(outputFolder: folder) }
        return resolver.withLock { resolver in
            defer { resolver = next }
            return resolver.root != next.root
        }
    }

    /// Serves the pages from `pages`, rendered on demand, from now on (and the other files from the
    /// folder); nil: every page from the folder again.
    package func show(_ pages: PreviewPages?) {
        previewPages.withLock { $0 = pages }
    }

    /// Tells every open page to reload; with `error`, the pages opened from now on (the reloaded ones too) show it.
    package func reload(showing error: String? = nil) {
        let folder = resolver.withLock { $0.root }
        headers.withLock { $0 = SiteHeaders.read(outputFolder: folder) }
        lastBuildError.withLock { $0 = error }
        broadcast(LiveReload.event("reload", data: "built"))
    }

    /// Shows a failed build's diagnostics on every open page (and on pages opened later).
    package func buildFailed(_ text: String) {
        lastBuildError.withLock { $0 = text }
        broadcast(LiveReload.event("build-error", data: text))
    }
}

private extension PreviewServer {
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
            guard connections.wrappingAdd(1, ordering: .relaxed).newValue <= limits.connections else {
                connections.wrappingSubtract(1, ordering: .relaxed)
                Self.refuse(client)
                continue
            }
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
    }

    /// Serves requests on one connection until it closes (keep-alive).
    func serve(_ client: Int32) {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 8_192)
        defer {
            // Counted down before the close, so a client that sees the connection end can count on its slot being free.
            connections.wrappingSubtract(1, ordering: .relaxed)
            close(client)
        }
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
                if !["GET", "HEAD"].contains(request.method) {
                    var response = HTTPResponse.text(.methodNotAllowed, "only GET and HEAD are served")
                    response.headers.append(("Allow", "GET, HEAD"))
                    send(client, response.serialized(includeBody: true, keepAlive: false))
                    return
                }
                if request.bodyLength > Self.maximumIgnoredBody {
                    send(client, HTTPResponse.text(.contentTooLarge, "a GET or HEAD needs no body").serialized(includeBody: true, keepAlive: false))
                    return
                }
                // A body means nothing to GET or HEAD: it is read past, so the next request on the
                // connection starts where it should.
                guard skip(request.bodyLength, of: &buffer, from: client, using: &chunk) else { return }
                if LiveReload.isEventStream(request.target) {
                    streamEvents(to: client)
                    return
                }
                let response = respond(to: request)
                guard send(client, response.serialized(includeBody: request.method == "GET", keepAlive: request.keepAlive)),
                      request.keepAlive else { return }
            }
        }
    }

    /// The largest body a GET or HEAD may carry (it is read and dropped; a larger one gets 413).
    static let maximumIgnoredBody = 1 << 20

    /// Drops the next `count` bytes of the connection: those already in `buffer`, then the rest as
    /// they arrive. False when the connection ends first.
    func skip(_ count: Int, of buffer: inout [UInt8], from client: Int32, using chunk: inout [UInt8]) -> Bool {
        let buffered = min(count, buffer.count)
        buffer.removeFirst(buffered)
        var remaining = count - buffered
        while remaining > 0 {
            let wanted = min(remaining, chunk.count)
            let received = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, wanted, 0) }
            guard received > 0 else { return false }
            remaining -= received
        }
        return true
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        let resolver = resolver.withLock { $0 }
        if request.target == LiveReload.scriptPath || request.target.hasPrefix(LiveReload.scriptPath + "?") {
            return HTTPResponse(status: .ok, headers: [("Content-Type", ContentType.of(LiveReload.scriptPath))] + SiteHeaders.common,
                                body: LiveReload.script)
        }
        let pages = previewPages.withLock { $0 }
        // A page that does not render (a template's error) comes from the folder: the build behind reports the error.
        if let pages, let path = StaticFileResolver.pagePath(request.target), let bytes = try? pages.page(at: path) {
            return response(path, bytes, headers: pages.headers.headers(for: path), status: .ok)
        }
        // As the build behind will leave output/: a new page's folder redirects as its folder will, a dropped page is not found.
        if let pages, let folder = StaticFileResolver.folderPage(request.target), pages.has(folder.page) {
            return Self.redirect(folder.location)
        }
        let dropped = pages.map { pages in StaticFileResolver.pagePath(request.target).map(pages.dropped) ?? false } ?? false
        switch dropped ? .notFound : resolver.resolve(request.target) {
        case .badRequest:
            return .text(.badRequest, "bad request")
        case .redirect(let location):
            return Self.redirect(location)
        case .file(let path):
            guard let bytes = try? FileInput.read(path, purpose: "a file to serve", limit: .max) else { return .text(.notFound, "not found") }
            return file(path, bytes, status: .ok)
        case .notFound:
            if let pages, let bytes = try? pages.page(at: "404.html") {
                return response("404.html", bytes, headers: pages.headers.headers(for: "404.html"), status: .notFound)
            }
            if case .file(let page) = resolver.resolve("/404.html"), let bytes = try? FileInput.read(page, purpose: "a file to serve", limit: .max) {
                return file(page, bytes, status: .notFound)
            }
            // A page, not plain text, so that a site with no 404 page yet (or no build yet) still
            // shows a failed build's errors and reloads when it is fixed.
            return file("/404.html", Self.notFoundPage, status: .notFound)
        }
    }

    /// A redirect to `location`: 302, not 301, as a browser caches a permanent redirect, and a preview's folders come and go.
    static func redirect(_ location: String) -> HTTPResponse {
        var response = HTTPResponse.text(.found, "moved to \(location)")
        response.headers.append(("Location", location))
        return response
    }

    static let notFoundPage = Array("<!DOCTYPE html>\n<html><head><title>Not found</title></head><body><p>not found</p></body></html>\n".utf8)

    /// A file of the output folder (or the built-in 404 page) with the headers the build gave it;
    /// HTML with the live-reload script, and its policy allowing the script's event stream.
    func file(_ path: String, _ bytes: [UInt8], status: HTTPStatus) -> HTTPResponse {
        let root = resolver.withLock { $0.root } + "/"
        let relative = path.hasPrefix(root) ? String(path.dropFirst(root.count)) : ""
        return response(path, bytes, headers: headers.withLock { $0.headers(for: relative) }, status: status)
    }

    /// A file or page with `headers`, HTML with the live-reload script and its policy allowing the script's event stream.
    func response(_ path: String, _ bytes: [UInt8], headers: [(name: String, value: String)], status: HTTPStatus) -> HTTPResponse {
        let type = ContentType.of(path)
        var sent = headers
        guard type.hasPrefix("text/html") else { return HTTPResponse(status: status, headers: [("Content-Type", type)] + sent, body: bytes) }
        sent = sent.map { $0.name == "Content-Security-Policy" ? ($0.name, $0.value + LiveReload.policyAddition) : $0 }
        return HTTPResponse(status: status, headers: [("Content-Type", type)] + sent, body: LiveReload.inject(into: bytes))
    }

    /// Holds the connection open as an event stream until the client goes away.
    func streamEvents(to client: Int32) {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: keep-alive\r\n\r\n"
        // Register, then acknowledge, in one critical section: every event broadcast after the client
        // read ": connected" reaches it, and none can be written before the response head.
        let registered = eventClients.withLock { clients in
            guard clients.count < limits.eventStreams else {
                send(client, Self.busy("too many live-reload streams open; close some of the preview's pages")
                    .serialized(includeBody: true, keepAlive: false))
                return false
            }
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
