@testable import FeedsiteKit

/// Reading feeds written inline by the tests.
enum FeedFixture {
    /// `text` read as a feed from `source`.
    static func read(_ text: String, source: String = "feed.xml", contentType: String? = nil) throws(FeedError) -> Feed {
        try FeedReader.read(Array(text.utf8), source: source, contentType: contentType)
    }

    /// `bytes` read as a feed from `source`.
    static func read(bytes: [UInt8], source: String = "feed.xml", contentType: String? = nil) throws(FeedError) -> Feed {
        try FeedReader.read(bytes, source: source, contentType: contentType)
    }

    /// The error reading `text` throws, or nil when it reads.
    static func error(_ text: String, source: String = "feed.xml") -> FeedError? {
        do { _ = try read(text, source: source) } catch { return error }
        return nil
    }

    /// An RSS 2.0 feed around `items`.
    static func rss(_ items: String, channel: String = "<title>T</title><link>https://example.org/</link>") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/" \
        xmlns:content="http://purl.org/rss/1.0/modules/content/">
        <channel>\(channel)
        \(items)
        </channel>
        </rss>
        """
    }
}
