import Foundation
import FeedsiteTestSupport
import Testing
@testable import FeedsiteKit

/// Real requests over loopback against a running server.
@Suite struct PreviewServerTests {
    final class Fixture {
        let folder: TemporaryFolder
        let server: PreviewServer

        init(withNotFoundPage: Bool = true, limits: PreviewServer.Limits = .init()) throws {
            var files = [
                "output/index.html": "<!DOCTYPE html><html><body><h1>Home</h1></body></html>",
                "output/sub/index.html": "<html><body>Sub</body></html>",
                "output/assets/site.css": "body{}", "output/assets/app.js": "1", "output/assets/logo.svg": "<svg/>",
                "output/assets/logo.png": "png", "output/sitemap.xml": "<urlset/>", "output/data.json": "{}",
                "output/favicon.ico": "ico", "output/file.unknownext": "?", "output/doc.pdf": "%PDF", "output/clip.mp4": "mp4",
                "output/app.wasm": "wasm", "output/photo.avif": "avif", "output/notes.md": "# notes", "output/.feedsite-manifest": "feedsite-manifest 2 complete\n",
                "secret.txt": "TOPSECRET", "site.yml": "TOPSECRET: yes",
            ]
            if withNotFoundPage { files["output/404.html"] = "<html><body>Custom 404</body></html>" }
            folder = try TemporaryFolder(files: files)
            try FileManager.default.createSymbolicLink(atPath: folder.path + "/output/escape", withDestinationPath: folder.path)
            try FileManager.default.createSymbolicLink(atPath: folder.path + "/output/secret.txt", withDestinationPath: folder.path + "/secret.txt")
            try FileManager.default.createSymbolicLink(atPath: folder.path + "/output/alias.css", withDestinationPath: "assets/site.css")
            server = try PreviewServer(folder: folder.path + "/output", host: "127.0.0.1", port: 0, limits: limits)
            server.start()
        }

        deinit {
            server.stop()
        }

        var port: UInt16 { server.port }
    }

    @Test("each file type is served with its Content-Type and charset", arguments: [
        ("/", "text/html; charset=utf-8"), ("/assets/site.css", "text/css; charset=utf-8"),
        ("/assets/app.js", "text/javascript; charset=utf-8"), ("/assets/logo.svg", "image/svg+xml; charset=utf-8"),
        ("/assets/logo.png", "image/png"), ("/sitemap.xml", "application/xml; charset=utf-8"),
        ("/data.json", "application/json; charset=utf-8"), ("/favicon.ico", "image/x-icon"),
        ("/file.unknownext", "application/octet-stream"), ("/alias.css", "text/css; charset=utf-8"),
        ("/doc.pdf", "application/pdf"), ("/clip.mp4", "video/mp4"), ("/app.wasm", "application/wasm"),
        ("/photo.avif", "image/avif"), ("/notes.md", "text/markdown; charset=utf-8"),
    ])
    func contentTypes(_ target: String, _ type: String) throws {
        let fixture = try Fixture()
        let response = try RawHTTPClient.get(fixture.port, target)
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == type)
    }

    @Test("folders serve index.html, /dir redirects (302, never cached) to /dir/ keeping the query")
    func folders() throws {
        let fixture = try Fixture()
        #expect(try RawHTTPClient.get(fixture.port, "/sub/").text.hasPrefix("<html><body>Sub"))
        let redirect = try RawHTTPClient.get(fixture.port, "/sub?x=1")
        #expect(redirect.status == 302)
        #expect(redirect.headers["location"] == "/sub/?x=1")
    }

    @Test("a redirect never leads to another host: leading slashes collapse to one", arguments: [
        ("//sub", "/sub/"), ("///sub?x=//y", "/sub/?x=//y"), ("//sub//", nil), ("/sub", "/sub/"),
    ])
    func noOpenRedirect(_ target: String, _ location: String?) throws {
        let fixture = try Fixture()
        let response = try RawHTTPClient.get(fixture.port, target)
        #expect(response.headers["location"] == location)
        if location != nil { #expect(response.status == 302) }
    }

    @Test("an absolute-form target is served like its path", arguments: [
        ("http://127.0.0.1:8080/sub/", "<html><body>Sub"), ("HTTP://localhost/sub/?x=1", "<html><body>Sub"),
        ("http://127.0.0.1:8080", "<!DOCTYPE html><html><body><h1>Home"), ("https://h?q", "<!DOCTYPE html><html><body><h1>Home"),
    ])
    func absoluteForm(_ target: String, _ prefix: String) throws {
        let fixture = try Fixture()
        let response = try RawHTTPClient.request(fixture.port, "GET \(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(response.status == 200)
        #expect(response.text.hasPrefix(prefix))
    }

    @Test("a GET with a body is answered and the body skipped: the next request on the connection is read right")
    func bodyIgnored() throws {
        let fixture = try Fixture()
        var client = try RawHTTPClient(port: fixture.port)
        defer { client.close() }
        // The first body arrives in two pieces, the second together with the next request.
        for piece in ["GET /assets/site.css HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\nContent-Length: 11\r\n\r\nhello",
                      " worldGET /assets/app.js HTTP/1.1\r\nHost: x\r\nContent-Length: 3, 3\r\n\r\nabc"] {
            client.send(piece)
        }
        let bodies = try [client.response(), client.response()].map(\.text)
        #expect(bodies == ["body{}", "1"])
    }

    @Test("conflicting or malformed body lengths and other body framings get 400; a large body 413", arguments: [
        ("Content-Length: 5\r\nContent-Length: 6", 400), ("Content-Length: 5, 6", 400), ("Content-Length: -1", 400),
        ("Content-Length: abc", 400), ("Content-Length: ", 400), ("Content-Length: 99999999999999999999", 400),
        ("Transfer-Encoding: chunked", 400), ("Content-Length: 2000000", 413),
    ])
    func badBodyLengths(_ header: String, _ status: Int) throws {
        let fixture = try Fixture()
        #expect(try RawHTTPClient.request(fixture.port, "GET / HTTP/1.1\r\nHost: x\r\n\(header)\r\n\r\n").status == status)
    }

    @Test("HTML gets the live-reload script; other files are served byte for byte")
    func liveReloadInjection() throws {
        let fixture = try Fixture()
        let page = try RawHTTPClient.get(fixture.port, "/").text
        #expect(page.hasSuffix("<script src=\"/__feedsite/events.js\"></script></body></html>"))
        #expect(try RawHTTPClient.get(fixture.port, "/__feedsite/events.js").text.contains("new EventSource(\"/__feedsite/events\")"))
        #expect(fixture.folder.read("output/index.html") == "<!DOCTYPE html><html><body><h1>Home</h1></body></html>")
        #expect(try RawHTTPClient.get(fixture.port, "/assets/site.css").text == "body{}")
    }

    @Test("a missing page gets the site's 404.html with status 404, or a plain 404 page without one (with the live-reload script)")
    func notFound() throws {
        let fixture = try Fixture()
        let response = try RawHTTPClient.get(fixture.port, "/nope/")
        #expect(response.status == 404)
        #expect(response.text.contains("Custom 404"))
        let bare = try Fixture(withNotFoundPage: false)
        let plain = try RawHTTPClient.get(bare.port, "/nope")
        #expect(plain.status == 404)
        #expect(plain.headers["content-type"] == "text/html; charset=utf-8")
        #expect(plain.text.contains("<p>not found</p>"))
        #expect(plain.text.contains("<script src=\"/__feedsite/events.js\">"), "a failed build shows its errors here too")
    }

    @Test("serve(folder:) switches the folder served, and says whether it changed")
    func switchFolder() throws {
        let fixture = try Fixture()
        try fixture.folder.write("public/index.html", "<html><body>Public</body></html>")
        #expect(fixture.server.serve(folder: fixture.folder.path + "/public"))
        #expect(try RawHTTPClient.get(fixture.port, "/").text.hasPrefix("<html><body>Public"))
        #expect(try RawHTTPClient.get(fixture.port, "/sub/").status == 404)
        #expect(!fixture.server.serve(folder: fixture.folder.path + "/public/."))
    }

    @Test("methods other than GET and HEAD get 405 with Allow", arguments: ["POST", "PUT", "DELETE", "OPTIONS", "PATCH"])
    func methodNotAllowed(_ method: String) throws {
        let fixture = try Fixture()
        let response = try RawHTTPClient.request(fixture.port, "\(method) / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
        #expect(response.status == 405)
        #expect(response.headers["allow"] == "GET, HEAD")
    }

    @Test("HEAD answers with the headers of GET and no body")
    func head() throws {
        let fixture = try Fixture()
        var client = try RawHTTPClient(port: fixture.port)
        defer { client.close() }
        client.send("HEAD /assets/site.css HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try client.response(head: true)
        #expect(response.status == 200)
        #expect(response.headers["content-length"] == "6")
        #expect(response.body.isEmpty)
    }

    @Test("malformed requests get 400, oversized ones 414 and 431", arguments: [
        ("GARBAGE\r\n\r\n", 400), ("GET /\r\n\r\n", 400), ("GET / HTTP/2.0\r\n\r\n", 400), ("get / HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nNo colon here\r\n\r\n", 400), ("GET * HTTP/1.1\r\n\r\n", 400),
        ("GET /" + String(repeating: "a", count: 9_000) + " HTTP/1.1\r\n\r\n", 414),
        ("GET / HTTP/1.1\r\n" + String(repeating: "X-Filler: " + String(repeating: "b", count: 100) + "\r\n", count: 200) + "\r\n", 431),
        ("GET / HTTP/1.1\r\n" + String(repeating: "X: y\r\n", count: 150) + "\r\n", 431),
    ])
    func malformed(_ raw: String, _ status: Int) throws {
        let fixture = try Fixture()
        #expect(try RawHTTPClient.request(fixture.port, raw).status == status)
    }

    @Test("nothing outside the output folder is ever served", arguments: [
        "/../secret.txt", "/../../etc/passwd", "/..%2fsecret.txt", "/%2e%2e/secret.txt", "/%2E%2E/%2E%2E/etc/passwd",
        "/assets/..%2f..%2fsecret.txt", "/assets/%2e%2e/%2e%2e/site.yml", "/..\\secret.txt", "/%5c..%5csecret.txt",
        "/index.html%00.css", "/%00", "/%252e%252e/secret.txt", "/./../site.yml", "/assets/./../../site.yml",
        "/escape/secret.txt", "/escape/site.yml", "/secret.txt", "/%c0%ae%c0%ae/secret.txt", "/..%c0%afsecret.txt",
        "/.feedsite-manifest", "/escape/", "/assets/..", "/%2e%2e", "//secret.txt/..", "/sub/%2e%2e/%2e%2e/secret.txt",
    ])
    func traversal(_ target: String) throws {
        let fixture = try Fixture()
        let response = try RawHTTPClient.request(fixture.port, "GET \(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect([400, 404].contains(response.status), "\(target) → \(response.status)")
        #expect(!response.text.contains("TOPSECRET"))
    }

    @Test("keep-alive serves several requests on one connection; Connection: close ends it")
    func keepAlive() throws {
        let fixture = try Fixture()
        var client = try RawHTTPClient(port: fixture.port)
        defer { client.close() }
        client.send("GET /assets/site.css HTTP/1.1\r\nHost: x\r\n\r\nGET /assets/app.js HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.response().text == "body{}")
        #expect(try client.response().text == "1")
        client.send("GET /data.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let last = try client.response()
        #expect(last.headers["connection"] == "close")
        #expect(try client.isClosed())
    }

    @Test("fifty clients at once all get their page")
    func concurrentClients() throws {
        let fixture = try Fixture()
        let port = fixture.port
        let results = DispatchQueue(label: "results")
        nonisolated(unsafe) var bodies: [String] = []
        DispatchQueue.concurrentPerform(iterations: 50) { index in
            let target = index % 2 == 0 ? "/sub/" : "/assets/site.css"
            let text = (try? RawHTTPClient.get(port, target).text) ?? "failed"
            results.sync { bodies.append(text) }
        }
        #expect(bodies.count == 50)
        #expect(bodies.filter { $0.hasPrefix("<html><body>Sub") }.count == 25)
        #expect(bodies.filter { $0 == "body{}" }.count == 25)
    }

    @Test("a port in use is a clear error")
    func portInUse() throws {
        let fixture = try Fixture()
        #expect {
            _ = try PreviewServer(folder: fixture.folder.path + "/output", host: "127.0.0.1", port: fixture.port)
        } throws: { error in
            (error as? InputError)?.message == "port \(fixture.port) on 127.0.0.1 is already in use"
        }
    }

    @Test("the event stream delivers reload and build-error events; a page opened later sees the error too")
    func events() throws {
        let fixture = try Fixture()
        var stream = try RawHTTPClient(port: fixture.port)
        defer { stream.close() }
        stream.send("GET /__feedsite/events HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try stream.read(until: ": connected\n\n")?.contains("Content-Type: text/event-stream") == true)
        // No wait here: the server registers the client before it acknowledges, so this reload must arrive.
        fixture.server.reload()
        #expect(try stream.read(until: "event: reload\n") != nil)
        fixture.server.buildFailed("site.yml:3:5: error: unknown key 'heigth'\n  hint: did you mean 'height'?")
        #expect(try stream.read(until: "  hint: did you mean 'height'?\n\n")?.contains("event: build-error\ndata: site.yml:3:5: error: unknown key 'heigth'\ndata:   hint:") == true)
        var later = try RawHTTPClient(port: fixture.port)
        defer { later.close() }
        later.send("GET /__feedsite/events HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try later.read(until: "hint: did you mean 'height'?\n\n")?.contains("event: build-error") == true)
    }

    @Test("only the event stream's exact path (with or without a query) opens a stream; longer paths are files", arguments: [
        ("/__feedsite/events", true), ("/__feedsite/events?t=1", true), ("/__feedsite/eventsXYZ", false),
        ("/__feedsite/events/x", false), ("/__feedsite/events.html", false),
    ])
    func eventStreamPath(_ target: String, _ isStream: Bool) throws {
        let fixture = try Fixture()
        var client = try RawHTTPClient(port: fixture.port)
        defer { client.close() }
        client.send("GET \(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        if isStream {
            #expect(try client.read(until: ": connected\n\n")?.contains("Content-Type: text/event-stream") == true)
        } else {
            let response = try client.response()
            #expect(response.status == 404)
            #expect(response.headers["content-type"] != "text/event-stream")
            #expect(try client.isClosed(), "the connection ends instead of staying open as a stream")
        }
    }

    @Test("event streams and connections are capped: past either limit the answer is 503 with Retry-After")
    func connectionLimits() throws {
        let fixture = try Fixture(limits: .init(connections: 4, eventStreams: 2))
        var streams: [RawHTTPClient] = []
        defer { for stream in streams { stream.close() } }
        for _ in 0..<2 {
            var stream = try RawHTTPClient(port: fixture.port)
            stream.send("GET /__feedsite/events HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try stream.read(until: ": connected\n\n") != nil)
            streams.append(stream)
        }
        var third = try RawHTTPClient(port: fixture.port)
        defer { third.close() }
        third.send("GET /__feedsite/events HTTP/1.1\r\nHost: x\r\n\r\n")
        let refused = try third.response()
        #expect(refused.status == 503)
        #expect(refused.headers["retry-after"] == "1")
        #expect(try third.isClosed())
        // Two streams and two kept-alive page connections make four: the fifth is refused.
        var pages: [RawHTTPClient] = []
        defer { for page in pages { page.close() } }
        for _ in 0..<2 {
            var page = try RawHTTPClient(port: fixture.port)
            page.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try page.response().status == 200)
            pages.append(page)
        }
        // The refusal comes on connecting, before any request is read.
        var fifth = try RawHTTPClient(port: fixture.port)
        defer { fifth.close() }
        let busy = try fifth.response()
        #expect(busy.status == 503)
        #expect(busy.headers["retry-after"] == "1")
        #expect(try fifth.isClosed())
        // The streams and pages held open are still served.
        fixture.server.reload()
        for index in streams.indices { #expect(try streams[index].read(until: "event: reload\n") != nil) }
        pages[0].send("GET /sub/ HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try pages[0].response().status == 200)
    }

    @Test("a running server does not make the process ignore SIGPIPE: its sends use MSG_NOSIGNAL instead")
    func sigpipeNotIgnored() throws {
        let fixture = try Fixture()
        #expect(try RawHTTPClient.get(fixture.port, "/").status == 200)
        var action = sigaction()
        sigaction(SIGPIPE, nil, &action)
        let handler = action.__sigaction_handler.sa_handler
        #expect(withUnsafeBytes(of: handler, Array.init) != withUnsafeBytes(of: SIG_IGN, Array.init))
    }
}
