import Foundation
import Testing
@testable import FeedsiteKit

/// `media: copy` in `feedsite fetch`, against a local server that serves real tiny images, an HTML
/// page sent as image/png, an image over the size limit and a missing one.
@Suite(.serialized) struct MediaDownloadsTests {
    static let png = TestImages.png(width: 3, height: 2)
    static let jpeg = TestImages.jpeg(width: 17, height: 9)
    static let big = TestImages.png(width: 1, height: 1, padding: 1_500_000)
    static let lastModified = "Tue, 01 Dec 2026 00:00:00 GMT"

    /// A feed with one post per image path, each image described by its alt text.
    static func feed(_ server: LocalHTTPServer, _ paths: [String]) -> [UInt8] {
        let items = paths.enumerated().map { index, path in
            "<item><guid>\(index)</guid><description>Post \(index)</description>"
                + "<media:content url=\"\(server.url(path))\" type=\"image/png\"><media:description>Alt \(path)</media:description></media:content></item>"
        }
        return Array(("<?xml version=\"1.0\"?><rss version=\"2.0\" xmlns:media=\"http://search.yahoo.com/mrss/\"><channel><title>F</title>"
            + items.joined() + "</channel></rss>").utf8)
    }

    /// The server: /feed/NAMES (a feed of the images /img/NAME), /img/a.png (ETag, 304 when it
    /// matches), /img/b.jpg (Last-Modified, 304 when it matches), /img/c.gif (no validators),
    /// /img/fake.png (HTML sent as image/png), /img/big.png (1.5 MB), /img/padN.png (N00 KB PNGs).
    static func server(requests: Recorder) throws -> LocalHTTPServer {
        try LocalHTTPServer { request in
            requests.record(request)
            let path = request.path
            if path.hasPrefix("/feed/") {
                let names = path.dropFirst("/feed/".count).split(separator: ",").map { "/img/\($0)" }
                return .full(status: 200, body: feed(requests.server!, names))
            }
            switch path {
            case "/img/a.png":
                if request.headers["if-none-match"] == "\"a1\"" { return .full(status: 304, headers: ["ETag": "\"a1\""]) }
                return .full(status: 200, headers: ["ETag": "\"a1\"", "Content-Type": "image/png"], body: png)
            case "/img/b.jpg":
                if request.headers["if-modified-since"] == lastModified { return .full(status: 304) }
                return .full(status: 200, headers: ["Last-Modified": lastModified, "Content-Type": "application/octet-stream"], body: jpeg)
            case "/img/c.gif": return .full(status: 200, body: TestImages.gif)
            case "/img/fake.png":
                return .full(status: 200, headers: ["Content-Type": "image/png"], body: Array("<!doctype html><script>alert(1)</script>".utf8))
            case "/img/big.png": return .full(status: 200, headers: ["Content-Type": "image/png"], body: big)
            case "/img/cut.png": return .full(status: 200, headers: ["Content-Type": "image/png"], body: Array(png.prefix(20)))
            default: break
            }
            if path.hasPrefix("/img/pad"), let hundreds = Int(path.dropFirst("/img/pad".count).dropLast(".png".count)) {
                return .full(status: 200, body: TestImages.png(width: hundreds, height: 1, padding: hundreds * 100_000))
            }
            return .full(status: 404)
        }
    }

    /// A started server and the record of its requests.
    static func started() throws -> (LocalHTTPServer, Recorder) {
        let requests = Recorder()
        let server = try server(requests: requests)
        requests.server = server
        return (server, requests)
    }

    /// Runs `body` with a started server, the record of its requests and a site whose account reads a feed of `images`.
    static func withSite(images: String, options: String = "    media: copy\n    media_size_limit: 1\n",
                         _ body: (LocalHTTPServer, Recorder, TemporarySite) throws -> Void) throws {
        let (server, requests) = try started()
        defer { server.stop() }
        try body(server, requests, try site(server, images: images, options: options))
    }

    static func site(_ server: LocalHTTPServer, images: String, options: String = "    media: copy\n    media_size_limit: 1\n") throws -> TemporarySite {
        try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: jack\n    feed: '\(server.url("/feed/" + images))'\n" + options])
    }

    static func fetch(_ site: TemporarySite, events: @escaping (FetchEvent) -> Void = { _ in }) throws -> FetchSummary {
        try FeedFetcher(config: try site.config()).run(events: events)
    }

    static func copies(_ site: TemporarySite) throws -> [String: MediaCopy] {
        let snapshot = try #require(try SnapshotStore(folder: site.path + "/snapshots").read("jack"))
        var copies: [String: MediaCopy] = [:]
        for item in snapshot.posts.flatMap(\.media) { if let copy = item.copy { copies[URL(string: item.url)!.lastPathComponent] = copy } }
        return copies
    }

    static func mediaFiles(_ site: TemporarySite) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: site.path + "/snapshots/media")) ?? []).sorted()
    }

    @Test("fetch copies PNG, JPEG and GIF into snapshots/media/ under names made from their bytes, with type and size read from their headers")
    func copiesImages() throws {
        try Self.withSite(images: "a.png,b.jpg,c.gif") { server, _, site in
            var failures: [FetchEvent] = []
            let summary = try Self.fetch(site) { if case .imageNotCopied = $0 { failures.append($0) } }
            #expect(summary.updated == 1 && summary.failed == 0 && summary.imagesNotCopied == 0)
            #expect(failures == [])
            let copies = try Self.copies(site)
            #expect(copies["a.png"].map { [$0.type, "\($0.width!)x\($0.height!)", $0.etag] } == ["image/png", "3x2", "\"a1\""])
            #expect(copies["b.jpg"].map { [$0.type, "\($0.width!)x\($0.height!)", $0.lastModified] } == ["image/jpeg", "17x9", Self.lastModified])
            #expect(copies["c.gif"].map { [$0.type, "\($0.width!)x\($0.height!)"] } == ["image/gif", "1x1"])
            let files = Self.mediaFiles(site)
            #expect(files.count == 3)
            for file in files {
                #expect(MediaCopy.isFileName(file), "\(file) is not a name feedsite gives copies")
                #expect(!file.contains("a.png") && !file.contains("b.jpg") && !file.contains("c.gif"))
            }
            let a = try #require(copies["a.png"]?.file)
            #expect(FileManager.default.contents(atPath: site.path + "/snapshots/media/" + a) == Data(Self.png))
            #expect(a.hasSuffix(".png") && copies["b.jpg"]!.file.hasSuffix(".jpg") && copies["c.gif"]!.file.hasSuffix(".gif"))
        }
    }

    @Test("a second fetch asks for each copy conditionally (If-None-Match, If-Modified-Since), keeps a copy without validators, and changes no file")
    func conditionalRequests() throws {
        try Self.withSite(images: "a.png,b.jpg,c.gif") { server, requests, site in
            _ = try Self.fetch(site)
            let snapshot = site.read("snapshots/jack.json")
            let files = Self.mediaFiles(site)
            requests.reset()
            let again = try Self.fetch(site)
            #expect(again.updated == 0 && again.unchanged == 1 && again.imagesNotCopied == 0)
            #expect(site.read("snapshots/jack.json") == snapshot)
            #expect(Self.mediaFiles(site) == files)
            let seen = requests.all.filter { $0.path.hasPrefix("/img/") }
            #expect(seen.map(\.path).sorted() == ["/img/a.png", "/img/b.jpg"])
            #expect(seen.first { $0.path == "/img/a.png" }?.headers["if-none-match"] == "\"a1\"")
            #expect(seen.first { $0.path == "/img/b.jpg" }?.headers["if-modified-since"] == Self.lastModified)
        }
    }

    @Test("an HTML page sent as image/png, a PNG cut short, an image over media_size_limit and a missing one are not copied: the feed still succeeds, each is reported and stays a link")
    func refusals() throws {
        try Self.withSite(images: "fake.png,cut.png,big.png,gone.png,c.gif") { server, _, site in
            var failures: [String: String] = [:]
            let summary = try Self.fetch(site) {
                if case .imageNotCopied(let handle, let url, let reason) = $0, handle == "jack" { failures[URL(string: url)!.lastPathComponent] = reason }
            }
            #expect(summary.updated == 1 && summary.failed == 0 && summary.imagesNotCopied == 4)
            #expect(summary.text.hasSuffix("; 4 images not copied"))
            #expect(failures["cut.png"] == "a PNG image cut short: its header gives no width and height; the post links to it instead")
            #expect(failures["fake.png"] == "not an image (PNG, JPEG, GIF, WebP or AVIF), whatever its Content-Type says; the post links to it instead")
            #expect(failures["big.png"] == "larger than the limit of 1 MiB (after decompression); the post links to it instead")
            #expect(failures["gone.png"] == "HTTP 404 Not Found; the post links to it instead")
            #expect(try Self.copies(site).keys.sorted() == ["c.gif"])
            #expect(Self.mediaFiles(site).count == 1)
            _ = try site.build()
            let page = try #require(site.read("output/jack/index.html"))
            #expect(page.contains("Attachment: <a href=\"\(server.url("/img/fake.png"))\" rel=\"noopener noreferrer\">Alt /img/fake.png</a>"))
            #expect(page.contains("<img src=\"../media/\(try Self.copies(site)["c.gif"]!.file)\" alt=\"Alt /img/c.gif\" width=\"1\" height=\"1\" loading=\"lazy\">"))
        }
    }

    @Test("the account's copies stop at media_total_limit: the images after it stay links and are reported")
    func totalLimit() throws {
        try Self.withSite(images: "pad6.png,pad5.png,c.gif", options: "    media: copy\n    media_total_limit: 1\n") { server, _, site in
            var failures: [String: String] = [:]
            let summary = try Self.fetch(site) {
                if case .imageNotCopied(_, let url, let reason) = $0 { failures[URL(string: url)!.lastPathComponent] = reason }
            }
            #expect(summary.imagesNotCopied == 1)
            #expect(failures == ["pad5.png": "the account's copies would pass media_total_limit (1 MiB); the post links to it instead"])
            #expect(try Self.copies(site).keys.sorted() == ["c.gif", "pad6.png"])
        }
    }

    @Test("copies no snapshot uses any more are removed, files feedsite did not write are left, and media: link forgets the copies")
    func removesUnused() throws {
        try Self.withSite(images: "a.png,c.gif") { server, _, site in
            _ = try Self.fetch(site)
            let a = try #require(try Self.copies(site)["a.png"]?.file), c = try #require(try Self.copies(site)["c.gif"]?.file)
            try site.write(["snapshots/media/notes.txt": "mine", "snapshots/media/logo.png": "mine too"])
            try site.write("site.yml", try #require(site.read("site.yml")).replacing("a.png,c.gif", with: "c.gif"))
            _ = try Self.fetch(site)
            #expect(Self.mediaFiles(site) == [c, "logo.png", "notes.txt"].sorted())
            #expect(!Self.mediaFiles(site).contains(a))
            try site.write("site.yml", try #require(site.read("site.yml")).replacing("media: copy", with: "media: link"))
            _ = try Self.fetch(site)
            #expect(try Self.copies(site).isEmpty)
            #expect(Self.mediaFiles(site) == ["logo.png", "notes.txt"])
        }
    }

    @Test("copy end to end: the build publishes the fetched copies under media/ and the page loads nothing from another host")
    func buildAfterFetch() throws {
        try Self.withSite(images: "a.png,b.jpg") { server, requests, site in
            _ = try Self.fetch(site)
            _ = try site.build()
            let copies = try Self.copies(site)
            let page = try #require(site.read("output/jack/index.html"))
            #expect(page.contains("<img src=\"../media/\(copies["a.png"]!.file)\" alt=\"Alt /img/a.png\" width=\"3\" height=\"2\" loading=\"lazy\">"))
            #expect(page.contains("<img src=\"../media/\(copies["b.jpg"]!.file)\" alt=\"Alt /img/b.jpg\" width=\"17\" height=\"9\" loading=\"lazy\">"))
            #expect(MediaPolicyPageTests.thirdPartySources(page) == [])
            #expect(FileManager.default.contents(atPath: site.path + "/output/media/" + copies["b.jpg"]!.file) == Data(Self.jpeg))
            requests.reset()
            _ = try site.build()
            #expect(requests.all.isEmpty, "a build never uses the network")
        }
    }
}

/// Every request a server received, across its threads.
final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [LocalHTTPServer.Request] = []
    /// The server, for answers that name its URLs.
    var server: LocalHTTPServer? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
    private var stored: LocalHTTPServer?

    func record(_ request: LocalHTTPServer.Request) { lock.withLock { requests.append(request) } }
    func reset() { lock.withLock { requests = [] } }
    var all: [LocalHTTPServer.Request] { lock.withLock { requests } }
}
