import Foundation
import Testing

/// `feedsite fetch` with `feed: x-api`, run as a binary against a local fake of X's API: the token is
/// in nothing it prints or writes, and a missing token or a bad API address is said plainly.
@Suite struct FetchXAPICommandTests {
    static func site() throws -> TemporarySite {
        try TemporarySite(["site.yml": """
            title: T
            accounts:
              - handle: jack
                feed: x-api
              - handle: echo
                feed: x-api
              - handle: unauthorized
                feed: x-api
            """])
    }

    /// Every file below `folder`, as text.
    static func contents(of folder: String) -> [(path: String, text: String)] {
        let paths = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return paths.compactMap { path in
            FileManager.default.contents(atPath: folder + "/" + path).map { (path, String(decoding: $0, as: UTF8.self)) }
        }
    }

    @Test("fetch and build --verbose print and write the posts and the failures, never the token")
    func tokenNeverWritten() throws {
        let fake = try FakeXAPI()
        defer { fake.stop() }
        let site = try Self.site()
        let environment = ["X_BEARER_TOKEN": fake.token, "FEEDSITE_X_API_BASE": fake.base]
        let fetch = try ProcessRunner.run(["fetch"], in: site.path, environment: environment)
        #expect(fetch.status == 1)
        #expect(fetch.err.contains("unauthorized: x-api: user lookup: HTTP 401 Unauthorized: X does not accept the bearer token in X_BEARER_TOKEN"),
                "\(fetch.err)")
        #expect(fetch.err.contains("echo: x-api: user lookup: HTTP 400 Bad Request"))
        let build = try ProcessRunner.run(["build", "--verbose"], in: site.path, environment: environment)
        #expect(build.status == 0, "\(build.err)")
        #expect(site.read("output/jack/index.html")?.contains("https://example.com/article?id=1&amp;x=2") == true)
        for text in [fetch.out, fetch.err, build.out, build.err] { #expect(!text.contains(fake.token), "\(text)") }
        let files = Self.contents(of: site.path)
        #expect(files.contains { $0.path == "snapshots/jack.json" })
        for file in files { #expect(!file.text.contains(fake.token), "\(file.path)") }
    }

    @Test("without X_BEARER_TOKEN fetch says which variable to set and exits 1; a bad FEEDSITE_X_API_BASE is bad input, exit 2")
    func environment() throws {
        let site = try Self.site()
        let bad = try ProcessRunner.run(["fetch"], in: site.path, environment: ["X_BEARER_TOKEN": "t", "FEEDSITE_X_API_BASE": "http://example.com"])
        #expect(bad.status == 2)
        #expect(bad.err.contains("FEEDSITE_X_API_BASE must be an https URL, or http://127.0.0.1:PORT or http://localhost:PORT"), "\(bad.err)")
        #expect(!FileManager.default.fileExists(atPath: site.path + "/snapshots/jack.json"))
        let missing = try ProcessRunner.run(["fetch"], in: site.path, environment: ["X_BEARER_TOKEN": nil, "FEEDSITE_X_API_BASE": nil])
        #expect(missing.status == 1)
        #expect(missing.err.contains("jack: x-api: X_BEARER_TOKEN is not set"))
    }
}
