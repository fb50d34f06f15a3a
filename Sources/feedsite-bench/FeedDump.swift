import FeedsiteKit
import Foundation

/// Prints everything feedsite reads from FILES, for comparing two builds byte for byte
/// (`Benchmarks/compare_readers.sh`): each file read as a feed (`FeedReader`: the feed, its posts and
/// problems, or the error), and the same bytes read as a post's HTML (`PostHTML.clean` against a base,
/// and the post's plain text, through a JSON Feed that holds them as `content_html`).
struct FeedDump {
    let files: [String]

    func run() throws -> String {
        var output = ""
        for file in files {
            let bytes = try FileInput.read(file, purpose: "a feed to dump", limit: 64 << 20)
            output += "== \(file)\n"
            output += Self.feed(bytes, source: file)
            output += "-- as HTML\n"
            let html = String(decoding: bytes, as: UTF8.self)
            let clean = PostHTML.clean(html, base: "https://example.com/a/b")
            output += "clean: " + String(reflecting: clean) + "\n"
            if String(validating: Array(clean.utf8), as: UTF8.self) == nil { output += "invalid UTF-8 in the clean HTML\n" }
            let wrapped = #"{"version":"https://jsonfeed.org/version/1.1","title":"t","items":[{"id":"1","content_html":"#
                + JSONString.quoted(html) + "}]}"
            output += Self.feed(Array(wrapped.utf8), source: "https://example.com/feed.json")
        }
        return output
    }

    static func feed(_ bytes: [UInt8], source: String) -> String {
        do {
            let feed = try FeedReader.read(bytes, source: source)
            var text = "feed: \(feed.format) \(String(reflecting: feed.title)) \(String(reflecting: feed.link))\n"
            for post in feed.posts {
                text += "post: " + String(reflecting: post) + "\n"
                // Texts made without validating their UTF-8 again must hold valid UTF-8 (only a broken build prints this).
                let fields = [feed.title, post.id, post.url, post.title, post.text, post.html, post.author].compactMap { $0 }
                if fields.contains(where: { String(validating: Array($0.utf8), as: UTF8.self) == nil }) { text += "invalid UTF-8 in a post\n" }
            }
            for problem in feed.problems { text += "problem: " + String(reflecting: problem) + "\n" }
            return text
        } catch {
            return "error: " + String(reflecting: error) + "\n"
        }
    }
}
