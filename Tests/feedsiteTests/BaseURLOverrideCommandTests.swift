import Foundation
import Testing

/// `--base-url` on build and serve, and `FEEDSITE_BASE_URL`, replace site.yml's `base_url` for one
/// build: the option wins over the variable, which wins over the file.
@Suite struct BaseURLOverrideCommandTests {
    static let config = "title: T\nbase_url: https://file.example/\naccounts:\n  - handle: jack\n"

    @Test("--base-url wins over FEEDSITE_BASE_URL, which wins over site.yml's base_url; an empty variable counts as unset")
    func precedence() throws {
        let site = try TemporarySite(["site.yml": Self.config])
        let cases: [([String], [String: String], String)] = [
            ([], [:], "https://file.example/"),
            ([], ["FEEDSITE_BASE_URL": "https://env.example/preview/"], "https://env.example/preview/"),
            (["--base-url", "https://flag.example"], ["FEEDSITE_BASE_URL": "https://env.example/"], "https://flag.example/"),
            ([], ["FEEDSITE_BASE_URL": ""], "https://file.example/"),
            // Back to the file's: a build with another base_url is never taken for up to date.
            ([], [:], "https://file.example/"),
        ]
        for (arguments, environment, canonical) in cases {
            let result = try ProcessRunner.run(["build"] + arguments, in: site.path, environment: environment)
            #expect(result.status == 0, "\(result.err)")
            #expect(site.read("output/index.html")?.contains(#"<link rel="canonical" href="\#(canonical)">"#) == true,
                    "\(arguments) \(environment): expected \(canonical)")
            #expect(site.read("output/jack/index.html")?.contains(#"<meta property="og:url" content="\#(canonical)jack/">"#) == true)
        }
    }

    @Test("--base-url gives a site without base_url its feeds and sitemap, as base_url does")
    func enablesFeeds() throws {
        let site = try TemporarySite(["site.yml": "title: T\naccounts:\n  - handle: jack\n"])
        #expect(try ProcessRunner.run(["build"], in: site.path).status == 0)
        #expect(site.read("output/sitemap.xml") == nil)
        #expect(try ProcessRunner.run(["build", "--base-url", "https://example.com/café/"], in: site.path).status == 0)
        #expect(site.read("output/sitemap.xml")?.contains("<loc>https://example.com/caf%C3%A9/</loc>") == true)
    }

    @Test("a bad --base-url is a usage error (exit 2) naming the option; a bad FEEDSITE_BASE_URL is an error naming the variable", arguments: [
        (["build", "--base-url", "ftp://example.com"], [String: String](),
         "error: '--base-url' must be an http or https URL, found a 'ftp:' URL\n  hint: only http:// and https:// links are allowed\n\n"
             + "usage: feedsite build [--config PATH] [--force] [--base-url URL] [--quiet] [--verbose] [--output DIR] [--format text|json] [--watch]\nRun 'feedsite build --help' for more.\n"),
        (["serve", "--base-url", "https://example.com/?q=1"], [:], "error: '--base-url' has a query ('?…'): 'https://example.com/?q=1'"),
        (["build", "--base-url", ""], [:], "error: --base-url is empty"),
        (["build"], ["FEEDSITE_BASE_URL": "example.com"],
         "error: 'FEEDSITE_BASE_URL' must be an absolute http or https URL, found 'example.com' (from the environment)\n"
             + "  hint: add the scheme: https://example.com\n"),
        (["build"], ["FEEDSITE_BASE_URL": " "],
         "error: the environment variable FEEDSITE_BASE_URL is blank (only white space)\n"
             + "  hint: unset it, or give the address the site is deployed at, such as https://example.com/feeds\n"),
        (["build", "--base-url", "https://example..com/"], [:],
         "error: '--base-url' has the host 'example..com', which has an empty part between dots, or starts or ends with '.'"),
        (["build"], ["FEEDSITE_BASE_URL": "https://example.com/a/../b/"],
         "error: 'FEEDSITE_BASE_URL' has a '.' or '..' segment in its path '/a/../b/', which browsers resolve away (from the environment)\n"
             + "  hint: write the path it stands for: https://example.com/b/\n"),
        (["serve", "--no-watch", "--port", "0"], ["FEEDSITE_BASE_URL": "https://user:secret@example.com"],
         "error: 'FEEDSITE_BASE_URL' contains a user name or password: 'https://***@example.com'"),
    ])
    func badAddress(arguments: [String], environment: [String: String], expected: String) throws {
        let site = try TemporarySite(["site.yml": Self.config])
        let result = try ProcessRunner.run(arguments, in: site.path, environment: environment)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix(expected), "\(result.err)")
        #expect(result.out.isEmpty)
        #expect(!result.err.contains("secret"))
        #expect(site.read("output/index.html") == nil)
    }
}
