import Foundation
import FeedsiteTestSupport
import Testing

/// `feedsite serve` on a site that is broken when it starts, and on a site.yml that moves its folders.
@Suite struct ServeSiteChangeTests {
    typealias RunningServer = ServeCommandTests.RunningServer

    static let good = "title: First title\naccounts:\n  - handle: outputdd\n"
    static let fixed = "title: Fixed title\naccounts:\n  - handle: outputdd\n"

    /// Opens the event stream and reads its greeting, up to `until`.
    static func events(_ port: UInt16, until text: String) throws -> (client: RawHTTPClient, greeting: String?) {
        var client = try RawHTTPClient(port: port)
        client.send("GET /__feedsite/events HTTP/1.1\r\nHost: x\r\n\r\n")
        return (client, try client.read(until: text))
    }

    @Test("serve starts on a site with an error over a good output: it serves that output, shows the error and rebuilds once fixed",
          arguments: [
              ("site.yml", "title: [broken\n", "site.yml:2:1: error: expected ',' or ']' in the list opened at line 1, column 8"),
              ("site.yml", "title: x\naccounts:\n  - handle: outputdd\n    heigth: 5\n", "site.yml:4:5: error: unknown key 'heigth' in an account"),
              ("templates/index.html", "{{#accounts}}\n", "templates/index.html:1:1: error: section 'accounts'"),
              ("templates/index.html", "<a href=\"https://x.com/intent/post?text=a b\">x</a>\n", "index.html:1:10: error:"),
          ])
    func startsBroken(_ file: String, _ broken: String, _ error: String) throws {
        let folder = try TemporarySite(["site.yml": Self.good])
        #expect(try ProcessRunner.run(["build", "--quiet"], in: folder.path).status == 0)
        let original = try #require(folder.read(file))
        try folder.write(file, broken)
        let server = try RunningServer(in: folder.path)
        #expect(try RawHTTPClient.get(server.port, "/").text.contains("<title>&#x2068;First title&#x2069;</title>"), "the last good output is served")
        var (events, greeting) = try Self.events(server.port, until: error)
        defer { events.close() }
        #expect(greeting?.contains("event: build-error\ndata: \(error)") == true, "\(greeting ?? "no greeting")")
        try folder.write(file, original)
        try folder.write("site.yml", Self.fixed)
        #expect(try events.read(until: "event: reload\n") != nil)
        #expect(try RawHTTPClient.get(server.port, "/").text.contains("<title>&#x2068;Fixed title&#x2069;</title>"))
        let stopped = server.stop()
        #expect(stopped.status == 0)
        #expect(stopped.err.contains(error))
    }

    @Test("serve on a site with no build yet shows the error on its not-found page")
    func startsBrokenWithoutOutput() throws {
        let folder = try TemporarySite(["site.yml": "title: [broken\n"])
        let server = try RunningServer(in: folder.path)
        let page = try RawHTTPClient.get(server.port, "/")
        #expect(page.status == 404)
        #expect(page.text.contains("/__feedsite/events"), "the overlay's script is on the page")
        try folder.write("site.yml", Self.fixed)
        var (events, _) = try Self.events(server.port, until: ": connected\n\n")
        defer { events.close() }
        #expect(try events.read(until: "event: reload\n") != nil)
        #expect(try RawHTTPClient.get(server.port, "/").text.contains("<title>&#x2068;Fixed title&#x2069;</title>"))
        _ = server.stop()
    }

    @Test("after output: changes serve serves the new folder; after templates: changes it watches the new one")
    func foldersMove() throws {
        let folder = try TemporarySite(["site.yml": Self.good])
        let server = try RunningServer(in: folder.path)
        var (events, _) = try Self.events(server.port, until: ": connected\n\n")
        defer { events.close() }

        try folder.write("site.yml", "title: Public title\noutput: public\naccounts:\n  - handle: outputdd\n")
        #expect(try events.read(until: "event: reload\n") != nil)
        #expect(folder.read("public/index.html")?.contains("<title>&#x2068;Public title&#x2069;</title>") == true)
        #expect(try RawHTTPClient.get(server.port, "/").text.contains("<title>&#x2068;Public title&#x2069;</title>"))

        let index = try #require(folder.read("templates/index.html"))
        try FileManager.default.copyItem(atPath: folder.path + "/templates", toPath: folder.path + "/mine")
        try folder.write("mine/index.html", index.replacingOccurrences(of: "<h1>", with: "<h1 class=\"mine\">"))
        try folder.write("site.yml", "title: Public title\noutput: public\ntemplates: mine\naccounts:\n  - handle: outputdd\n")
        #expect(try events.read(until: "event: reload\n") != nil)
        #expect(try RawHTTPClient.get(server.port, "/").text.contains("<h1 class=\"mine\">"))
        try folder.write("mine/index.html", index.replacingOccurrences(of: "<h1>", with: "<h1 class=\"edited\">"))
        #expect(try events.read(until: "event: reload\n") != nil, "an edit in the new templates folder rebuilds")
        #expect(try RawHTTPClient.get(server.port, "/").text.contains("<h1 class=\"edited\">"))
        let stopped = server.stop()
        #expect(stopped.err.contains("serving public now"))
        #expect(stopped.err.contains("watching site.yml, mine, data and static for changes"))
    }

    @Test("a --host that is not an address is a usage error before anything is built")
    func badHost() throws {
        let folder = try TemporarySite(["site.yml": Self.good])
        let result = try ProcessRunner.run(["serve", "--host", "example.com", "--port", "0"], in: folder.path)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("error: --host: 'example.com' is not an IP address to listen on\n  hint: use 127.0.0.1"))
        #expect(result.err.contains("usage: feedsite serve"))
        #expect(!folder.exists("output"), "nothing was built")
    }
}
