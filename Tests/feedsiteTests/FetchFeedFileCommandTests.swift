import Foundation
import Testing

/// `feed:` naming a file: a missing one is a site.yml mistake at the `feed:` value; other failures name the
/// file from the working folder, as every other path in messages is.
@Suite struct FetchFeedFileCommandTests {
    @Test("a feed: file that does not exist stops fetch with exit 2 at the feed: value, from the working folder, nothing written")
    func missingFile() throws {
        let yaml = "title: T\ndefaults:\n  feed: feeds/{handle}.xml\naccounts:\n  - handle: jack\n    feed: nothere.xml\n  - handle: bob\n  - handle: ann\n"
        let folder = try TemporaryFolder(files: ["site/site.yml": yaml, "site/feeds/bob.xml": "<rss version=\"2.0\"><channel><title>B</title></channel></rss>"])
        let result = try ProcessRunner.run(["fetch", "--config", "site/site.yml"], in: folder.path)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("""
            site/site.yml:3:9: error: no feed file at site/feeds/ann.xml (the feed of 'ann')
              hint: a feed: path is taken from the folder of site.yml; correct it, or create the file
            site/site.yml:6:11: error: no feed file at site/nothere.xml (the feed of 'jack')

            """), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/site/snapshots"))
    }

    @Test("a feed file that fails is named from the working folder, like snapshot errors, not from site.yml's folder")
    func failingFileFromWorkingFolder() throws {
        let folder = try TemporaryFolder(files: ["site/site.yml": "title: T\naccounts:\n  - handle: jack\n    feed: feeds/jack.xml\n",
                                                 "site/feeds/jack.xml": " \n"])
        let result = try ProcessRunner.run(["fetch", "--config", "site/site.yml"], in: folder.path)
        #expect(result.status == 1)
        #expect(result.err.hasPrefix("jack: site/feeds/jack.xml: the feed is empty\n"), "\(result.err)")
        #expect(folder.read("site/snapshots/jack.json")?.contains("\"source\": \"feeds/jack.xml\"") == true)
    }

    @Test("fetch prints what a feed leaves out: the first 3 warnings, escaped, then how many more; --quiet none; exit 0")
    func warnings() throws {
        let items = (1...5).map { "<item><title>a</title><guid>\($0)</guid><pubDate>yesterday\u{202E}</pubDate></item>" }.joined()
        let folder = try TemporaryFolder(files: ["site/site.yml": "title: T\naccounts:\n  - handle: jack\n    feed: feeds/jack.xml\n",
                                                 "site/feeds/jack.xml": "<rss version=\"2.0\"><channel><title>J</title>\(items)</channel></rss>"])
        let result = try ProcessRunner.run(["fetch", "--config", "site/site.yml"], in: folder.path)
        #expect(result.status == 0)
        let lines = result.err.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("jack: site/feeds/jack.xml: warning: line 1, column ") }.count == 3, "\(result.err)")
        #expect(lines.last(where: { $0.hasPrefix("jack: site/feeds/jack.xml: and ") })?.hasSuffix(" more warnings (--verbose prints them)") == true, "\(result.err)")
        #expect(result.err.contains("yesterday\\u{202E}") && !result.err.contains("\u{202E}"))
        #expect(try ProcessRunner.run(["fetch", "-q", "--config", "site/site.yml"], in: folder.path).err == "")
    }

    @Test("fetch --verbose prints every warning of a feed, escaped, and no count of more")
    func verboseWarnings() throws {
        let items = (1...5).map { "<item><title>a</title><guid>\($0)</guid><pubDate>yesterday\u{202E}</pubDate></item>" }.joined()
        let folder = try TemporaryFolder(files: ["site/site.yml": "title: T\naccounts:\n  - handle: jack\n    feed: feeds/jack.xml\n",
                                                 "site/feeds/jack.xml": "<rss version=\"2.0\"><channel><title>J</title>\(items)</channel></rss>"])
        let result = try ProcessRunner.run(["fetch", "--verbose", "--config", "site/site.yml"], in: folder.path)
        #expect(result.status == 0)
        let lines = result.err.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("jack: site/feeds/jack.xml: warning: line 1, column ") }.count == 5, "\(result.err)")
        #expect(!result.err.contains("more warnings"))
        #expect(!result.err.contains("\u{202E}"))
    }
}
