import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import FeedsiteTestSupport
import Synchronization
import Testing
@testable import FeedsiteKit

/// On a change, serve reloads the pages as soon as the inputs are read, with pages from memory, and
/// builds behind; a change the pages cannot follow reloads after the build; an input error shows at once.
@Suite struct LivePreviewTests {
    /// The stops handed to the builds.
    final class Stops: Sendable {
        let list = Mutex<[BuildStop]>([])
    }

    /// The niceness of each build's thread and of a thread it started.
    final class Niceness: Sendable {
        let list = Mutex<[Int32]>([])
    }

    /// The titles of the site.yml the builds were handed.
    final class Titles: Sendable {
        let list = Mutex<[String?]>([])
    }

    /// A built site, its server, and a live preview whose builds wait for `gate`.
    struct Fixture {
        let site: TemporarySite
        let server: PreviewServer
        let preview: LivePreview
        let gate = DispatchSemaphore(value: 0)
        /// Signalled as each build ends (or stops).
        let finished = DispatchSemaphore(value: 0)
        /// The stop handed to each build, in order.
        let stops = Stops()
        /// The title of the site.yml handed to each build as decoded, in order.
        let decodedTitles = Titles()
        let niceness = Niceness()
        var events: RawHTTPClient

        init() throws {
            var dice = IncrementalBuildTests.Dice(state: 17)
            let site = try PreviewPagesTests.site(dice: &dice)
            _ = try site.build()
            let server = try PreviewServer(folder: site.path + "/output", host: "127.0.0.1", port: 0)
            server.start()
            let gate = gate
            let finished = finished
            let stops = stops
            let decodedTitles = decodedTitles
            let niceness = niceness
            let path = site.path
            preview = LivePreview(server: server, load: {
                try? PreviewPages.load(configPath: path + "/site.yml", output: nil, baseURL: nil, displayPath: { $0 })
            }, build: { stop, decoded in
                stops.list.withLock { $0.append(stop) }
                decodedTitles.list.withLock { $0.append(decoded?.config.title) }
                niceness.list.withLock { $0.append(nice(0)) }
                let started = DispatchSemaphore(value: 0)
                Thread {
                    niceness.list.withLock { $0.append(nice(0)) }
                    started.signal()
                }.start()
                started.wait()
                gate.wait()
                defer { finished.signal() }
                var builder = try? SiteBuilder(config: SiteConfigLoader.load(path: path + "/site.yml"))
                builder?.stop = stop
                let built = try? builder?.build()
                if built == nil, stop.isRaised { return nil }
                return LivePreview.Built(failure: built == nil ? "the build failed" : nil, output: path + "/output")
            }, report: { error in (error as? DiagnosticError).map { DiagnosticRenderer().text($0) } ?? "\(error)" }, served: { _ in })
            events = try RawHTTPClient(port: server.port)
            events.send("GET /__feedsite/events HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try events.read(until: ": connected\n\n") != nil)
            self.site = site
            self.server = server
        }

        func index() throws -> String {
            try RawHTTPClient.get(server.port, "/").text
        }

        /// Writes `config` (site.yml as the fixture made it) with the title `title`, and sees the pages reload
        /// from memory before any build behind ends.
        mutating func showTitle(_ title: String, in config: String) throws {
            try site.write("site.yml", config.replacingOccurrences(of: "title: Incremental", with: "title: \(title)"))
            #expect(preview.changed())
            #expect(try events.read(until: "event: reload\n") != nil)
        }

        /// Changes the title to "Changed" (the pages reload from memory), then breaks site.yml before the build
        /// behind reads it, unseen by any watcher, as a checker's finding is met only by the build; lets the build
        /// run and waits for its error. Returns site.yml as it was first.
        mutating func failBuildBehind() throws -> String {
            let config = try #require(site.read("site.yml"))
            try showTitle("Changed", in: config)
            try site.write("site.yml", config.replacingOccurrences(of: "title: Incremental", with: "title: Changed\nheigth: 5"))
            gate.signal()
            #expect(try events.read(until: "event: build-error\n") != nil)
            return config
        }
    }

    @Test("a change the pages follow reloads before the build behind ends, and the pages come from memory meanwhile")
    func reloadsBeforeTheBuild() throws {
        var fixture = try Fixture()
        defer { fixture.server.stop() }
        let config = try #require(fixture.site.read("site.yml"))
        try fixture.site.write("site.yml", config.replacingOccurrences(of: "title: Incremental", with: "title: Changed"))
        #expect(fixture.preview.changed())
        // The build is held at the gate: the reload and the page cannot have waited for it.
        #expect(try fixture.events.read(until: "event: reload\n") != nil)
        #expect(try fixture.index().contains("Changed"))
        #expect(fixture.site.read("output/index.html")?.contains("Changed") == false)
        fixture.gate.signal()
        fixture.events.close()
    }

    @Test("the build behind runs nicer than serve, and so do the threads it starts: the next change's reading and reload come first")
    func buildBehindIsNicer() throws {
        var fixture = try Fixture()
        defer { fixture.server.stop() }
        let config = try #require(fixture.site.read("site.yml"))
        try fixture.showTitle("Changed", in: config)
        fixture.gate.signal()
        fixture.finished.wait()
        let serve = nice(0)
        #expect(fixture.niceness.list.withLock { $0 } == [min(19, serve + LivePreview.buildNiceness), min(19, serve + LivePreview.buildNiceness)])
        fixture.events.close()
    }

    @Test("a change the pages cannot follow (river_posts:) serves output/ until the build ends, then reloads")
    func waitsForTheBuild() throws {
        var fixture = try Fixture()
        defer { fixture.server.stop() }
        let config = try #require(fixture.site.read("site.yml"))
        try fixture.site.write("site.yml", config.replacingOccurrences(of: "title: Incremental\n", with: "title: Changed\n")
            .replacingOccurrences(of: "river_posts: 6", with: "river_posts: 4"))
        #expect(!fixture.preview.changed())
        #expect(try !fixture.index().contains("Changed"), "the last build's page, until the build ends")
        fixture.gate.signal()
        #expect(try fixture.events.read(until: "event: reload\n") != nil)
        #expect(try fixture.index().contains("Changed"))
        fixture.events.close()
    }

    @Test("a change the pages cannot follow, after one shown from memory, keeps those pages until its build ends: never the older output/")
    func neverShowsAnOlderState() throws {
        var fixture = try Fixture()
        defer { fixture.server.stop() }
        let config = try #require(fixture.site.read("site.yml"))
        let changed = config.replacingOccurrences(of: "title: Incremental\n", with: "title: Changed\n")
        try fixture.site.write("site.yml", changed)
        #expect(fixture.preview.changed())
        #expect(try fixture.events.read(until: "event: reload\n") != nil)
        #expect(try fixture.index().contains("Changed"))
        try fixture.site.write("site.yml", changed.replacingOccurrences(of: "river_posts: 6", with: "river_posts: 4"))
        #expect(!fixture.preview.changed())
        #expect(try fixture.index().contains("Changed"), "output/ still holds the page before the first change")
        #expect(fixture.site.read("output/index.html")?.contains("Changed") == false)
        // The first change's build ends after the second change came (not shown), then the second's build shows output/.
        fixture.gate.signal()
        fixture.gate.signal()
        #expect(try fixture.events.read(until: "event: reload\n") != nil)
        #expect(try fixture.index().contains("Changed"))
        #expect(fixture.site.read("output/index.html")?.contains("Changed") == true)
        fixture.events.close()
    }

    @Test("a change stops the build behind that runs, which writes nothing; the build after it writes the change")
    func stopsTheBuildBehind() throws {
        var fixture = try Fixture()
        defer { fixture.server.stop() }
        let config = try #require(fixture.site.read("site.yml"))
        try fixture.showTitle("Changed", in: config)
        try fixture.showTitle("Changed twice", in: config)
        // The first build, held at the gate until now, finds its stop raised: it would have written the second change.
        fixture.gate.signal()
        fixture.finished.wait()
        #expect(fixture.stops.list.withLock { $0.first?.isRaised } == true)
        #expect(fixture.site.read("output/index.html")?.contains("Changed") == false)
        #expect(try fixture.index().contains("Changed twice"))
        fixture.gate.signal()
        fixture.finished.wait()
        #expect(fixture.stops.list.withLock { $0.map(\.isRaised) } == [true, false])
        #expect(fixture.site.read("output/index.html")?.contains("Changed twice") == true)
        // Each build was handed site.yml as the pages decoded it for the change before it.
        #expect(fixture.decodedTitles.list.withLock { $0 } == ["Changed", "Changed twice"])
        fixture.events.close()
    }

    @Test("a change that does not load leaves the build behind running: the last change that loaded is still built")
    func failedChangeKeepsTheBuildBehind() throws {
        var fixture = try Fixture()
        defer { fixture.server.stop() }
        let config = try #require(fixture.site.read("site.yml"))
        try fixture.showTitle("Changed", in: config)
        try fixture.site.write("site.yml", config.replacingOccurrences(of: "title: Incremental", with: "title: [Changed"))
        #expect(!fixture.preview.changed())
        #expect(try fixture.events.read(until: "event: build-error\n") != nil)
        // No build follows the broken change, so the one behind was not stopped for it.
        fixture.gate.signal()
        fixture.finished.wait()
        #expect(fixture.stops.list.withLock { $0.map(\.isRaised) } == [false])
        fixture.events.close()
    }

    @Test("the paths of a change the pages could not follow count with the next change's: a snapshot it changed is summarized again")
    func pathsOfAChangeNotFollowed() throws {
        var fixture = try Fixture()
        defer { fixture.server.stop() }
        let path = URL(fileURLWithPath: fixture.site.path).standardizedFileURL.path
        let config = try #require(fixture.site.read("site.yml"))
        try IncrementalBuildTests.replace(fixture.site, "acct3", with: RiverFixture.snapshot("acct3", [
            RiverFixture.post("new-1", "acct3 is back", published: "2026-12-01T10:00:00Z"),
        ]))
        try fixture.site.write("site.yml", config.replacingOccurrences(of: "river_posts: 6", with: "river_posts: 4"))
        #expect(!fixture.preview.changed(paths: [path + "/snapshots/acct3.json", path + "/site.yml"]))
        try fixture.site.write("site.yml", config)
        #expect(fixture.preview.changed(paths: [path + "/site.yml"]))
        #expect(try fixture.events.read(until: "event: reload\n") != nil)
        #expect(try RawHTTPClient.get(fixture.server.port, "/latest/").text.contains("acct3 is back"))
        fixture.gate.signal()
        fixture.gate.signal()
        fixture.events.close()
    }

    @Test("a template that does not load shows its error at once, and the pages stay as they were")
    func showsErrorAtOnce() throws {
        var fixture = try Fixture()
        defer { fixture.server.stop() }
        let before = try fixture.index()
        try fixture.site.write("templates/index.html", "<p>\n  {{#accounts}}</p>\n")
        #expect(!fixture.preview.changed())
        let event = try #require(try fixture.events.read(until: "\n\n"))
        #expect(event.contains("event: build-error\ndata: ") && event.contains("index.html:2:3"))
        #expect(try fixture.index() == before)
        fixture.gate.signal()
        fixture.events.close()
    }

    @Test("a build behind that fails shows its error over the pages of the last change, not an older output/")
    func failedBuildKeepsThePages() throws {
        var fixture = try Fixture()
        defer { fixture.server.stop() }
        _ = try fixture.failBuildBehind()
        #expect(try fixture.index().contains("Changed"), "output/ still holds the page before the change")
        #expect(fixture.site.read("output/index.html")?.contains("Changed") == false)
        fixture.events.close()
    }

    @Test("after a build behind failed, a change reloads the pages with the error still shown, until a build passes and reloads them")
    func errorStaysUntilABuildPasses() throws {
        var fixture = try Fixture()
        defer { fixture.server.stop() }
        let config = try fixture.failBuildBehind()
        // A change that does not fix it: the pages reload from memory, and a page opened now still gets the error.
        try fixture.site.write("site.yml", config.replacingOccurrences(of: "title: Incremental", with: "title: Changed again"))
        #expect(fixture.preview.changed())
        #expect(try fixture.events.read(until: "event: reload\n") != nil)
        var opened = try RawHTTPClient(port: fixture.server.port)
        opened.send("GET /__feedsite/events HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try opened.read(until: "event: build-error\n") != nil)
        opened.close()
        // Its build behind passes: the pages reload, without the error.
        fixture.gate.signal()
        #expect(try fixture.events.read(until: "event: reload\n") != nil)
        #expect(try fixture.index().contains("Changed again"))
        fixture.events.close()
    }

    @Test("each change names the folders of the site.yml it decoded, also when the pages cannot follow it; none when it does not load")
    func namesTheFolders() throws {
        let fixture = try Fixture()
        defer { fixture.server.stop() }
        let path = fixture.site.path
        let config = try #require(fixture.site.read("site.yml"))
        try FileManager.default.copyItem(atPath: path + "/templates", toPath: path + "/mine")
        var named: [SiteFolders?] = []
        try fixture.site.write("site.yml", config + "templates: mine\n")
        #expect(fixture.preview.changed { named.append($0) })
        try fixture.site.write("site.yml", config.replacingOccurrences(of: "river_posts: 6", with: "river_posts: 4") + "templates: mine\n")
        #expect(!fixture.preview.changed { named.append($0) })
        try fixture.site.write("site.yml", config + "templates: [mine\n")
        #expect(!fixture.preview.changed { named.append($0) })
        let site = URL(fileURLWithPath: path).standardizedFileURL.path
        #expect(named.map { $0?.templates } == [site + "/mine", site + "/mine", nil])
        #expect(named.map { $0?.output } == [site + "/output", site + "/output", nil])
        fixture.gate.signal()
        fixture.gate.signal()
        fixture.events.close()
    }

    @Test("until the build behind ends, a page the change dropped is not found and a new extra page's folder redirects to it, as after the build")
    func droppedAndNewPages() throws {
        var fixture = try Fixture()
        defer { fixture.server.stop() }
        let config = try #require(fixture.site.read("site.yml"))
        #expect(fixture.site.read("output/latest/3/index.html") != nil && fixture.site.read("output/about/index.html") != nil)
        try fixture.site.write("site.yml", config.replacingOccurrences(of: "river_page_size: 2", with: "river_page_size: 3"))
        try FileManager.default.removeItem(atPath: fixture.site.path + "/templates/pages/about.html")
        try fixture.site.write("templates/pages/contact.html", "{{<layout}}{{$content}}<p>write to us</p>{{/content}}{{/layout}}\n")
        #expect(fixture.preview.changed())
        #expect(try fixture.events.read(until: "event: reload\n") != nil)
        #expect(try RawHTTPClient.get(fixture.server.port, "/latest/3/").status == 404)
        #expect(try RawHTTPClient.get(fixture.server.port, "/about/").status == 404)
        #expect(try RawHTTPClient.get(fixture.server.port, "/latest/2/").status == 200)
        let folder = try RawHTTPClient.get(fixture.server.port, "/contact?x=1")
        #expect(folder.status == 302 && folder.headers["location"] == "/contact/?x=1")
        #expect(try RawHTTPClient.get(fixture.server.port, "/contact/").text.contains("write to us"))
        #expect(fixture.site.read("output/about/index.html") != nil, "the build behind has not run")
        fixture.gate.signal()
        fixture.events.close()
    }
}
