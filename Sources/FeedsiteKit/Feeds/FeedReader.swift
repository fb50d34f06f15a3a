/// Reads one feed (RSS 2.0/0.9x, RSS 1.0, Atom 1.0 or JSON Feed 1.0/1.1, told apart by content, not
/// by name) from its bytes into a `Feed`.
package enum FeedReader {
    /// The feed in `bytes`. `source` is the file path or URL it came from (an http(s) URL is also the
    /// base of its relative links); `contentType` the HTTP `Content-Type`, whose charset wins over the
    /// XML declaration. Throws when the bytes cannot be read as a feed at all; what could be read
    /// despite mistakes comes back with warnings in `Feed.problems`.
    package static func read(_ bytes: [UInt8], source: String, contentType: String? = nil) throws(FeedError) -> Feed {
        let decoded = try FeedEncoding.decode(bytes, source: source, contentType: contentType)
        let feedURL = HTTPURLSyntax.isHTTP(source) ? source : nil
        guard let first = decoded.bytes.firstIndex(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }) else {
            throw FeedError(.notAFeed, at: nil, "\(source): the feed is empty", hint: "check that the address or path gives the feed itself")
        }
        var feed: Feed
        var drafts: [PostDraft]
        var problems = decoded.problems
        switch decoded.bytes[first] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let text = SourceText(decoded.bytes, file: source)
            let document: JSONValue
            do {
                document = try JSONReader.read(decoded.bytes, file: source)
            } catch {
                throw FeedError(.malformed, at: error.location, "the JSON Feed is not valid JSON: " + error.message)
            }
            let read = try JSONFeedReader(text: text, feedURL: feedURL).read(document)
            (feed, drafts) = (read.feed, read.drafts)
            problems += read.problems
        case UInt8(ascii: "<"):
            let read = try readXML(decoded, source: source, feedURL: feedURL)
            (feed, drafts) = (read.feed, read.drafts)
            problems += read.problems
        default:
            throw FeedError(.notAFeed, at: SourceText(decoded.bytes, file: source).location(of: first),
                            "not a feed: expected '<' (RSS or Atom) or '{' (JSON Feed) at the start",
                            hint: "feedsite reads RSS, Atom and JSON Feed")
        }
        var assembler = FeedAssembler()
        feed.title = feed.title.map(ControlCharacters.removed)
        feed.posts = assembler.posts(from: drafts)
        feed.problems = (problems + assembler.problems).sorted()
        return feed
    }
}

extension FeedReader {
    /// Whether `read` reads `bytes` (as UTF-8, no HTTP charset) without libxml2, through
    /// `XMLByteReader`: `feedsite-bench fastpath` counts the inputs that take the fast path.
    package static func readsWithoutLibXML2(_ bytes: [UInt8], source: String) -> Bool {
        guard let decoded = try? FeedEncoding.decode(bytes, source: source, contentType: nil) else { return false }
        guard decoded.bytes.first(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }) == UInt8(ascii: "<"),
              let text = decoded.text, let root = XMLByteReader.read(text, source: source, maximumDepth: XMLTreeReader.maximumDepth),
              let format = format(of: root) else { return false }
        return format == .atom || hasChannel(root)
    }
}

private extension FeedReader {
    static func readXML(_ decoded: FeedEncoding.Decoded, source: String, feedURL: String?) throws(FeedError)
        -> (feed: Feed, drafts: [PostDraft], problems: [Diagnostic]) {
        // Benchmarks/parse.py's feeds (callgrind, ten): FeedReader.read 0.49 M -> 0.33 M instructions a post without libxml2.
        // The repair pass below is skipped too: it changes nothing in a document XMLByteReader reads, which gives up on such a reference.
        if let text = decoded.text, let root = XMLByteReader.read(text, source: source, maximumDepth: XMLTreeReader.maximumDepth),
           let format = format(of: root),
           format == .atom || hasChannel(root) {
            let read = format == .atom
                ? AtomFeedReader(source: source, feedURL: feedURL).read(root)
                : RSSFeedReader(source: source, feedURL: feedURL).read(root, format: format)
            return (read.feed, read.drafts, [])
        }
        // Before libxml2, whose recovery from such a reference drops every later `&amp;`.
        let repaired = XMLCharacterReferences(repairing: decoded.bytes, source: source)
        let bytes = repaired.bytes
        if let start = htmlStart(bytes) {
            // HTML5 pages (`<!doctype html>`, unclosed `<meta>`) are not XML: say what they are before
            // libxml2 stumbles on them.
            throw notAFeed(at: SourceText(bytes, file: source).location(of: start), found: "an HTML page")
        }
        let reader = XMLTreeReader(source: source) { format(of: $0) != nil }
        reader.parse(bytes)
        if let location = reader.tooDeep {
            throw FeedError(.malformed, at: location, "elements nested more than \(XMLTreeReader.maximumDepth) deep",
                            hint: "no feed nests this deep; the feed is broken or hostile")
        }
        if let (element, location) = reader.endedInside {
            // libxml2's own first error says best what broke, when there is one.
            let error = reader.firstError
            throw FeedError(.malformed, at: error?.location ?? location, error?.message ?? "the feed ends inside <\(element)>: it was cut off",
                            hint: "the feed ends with <\(element)> still open; a feed cut off in transfer keeps its last good posts")
        }
        guard let root = reader.root else {
            let error = reader.firstError ?? Diagnostic(.error, at: SourceLocation(file: source, line: 1, column: 1), "no root element")
            throw FeedError(.malformed, at: error.location, error.message, hint: "feedsite reads RSS, Atom and JSON Feed")
        }
        guard let format = format(of: root) else {
            let location = SourceLocation(file: source, line: root.line, column: root.column)
            throw notAFeed(at: location, found: root.name.lowercased() == "html" ? "an HTML page" : "XML whose root element is <\(root.name)>")
        }
        if format != .atom, !hasChannel(root) {
            // Nothing of the feed is left to read: say why, at libxml2's first error when there was one.
            let error = reader.firstError?.location ?? SourceLocation(file: source, line: root.line, column: root.column)
            let reason = reader.firstError?.message ?? "expected a <channel> element in <\(root.name)>"
            throw FeedError(.malformed, at: error, reason, hint: "an RSS feed is <rss><channel>...</channel></rss>")
        }
        let read = format == .atom
            ? AtomFeedReader(source: source, feedURL: feedURL).read(root)
            : RSSFeedReader(source: source, feedURL: feedURL).read(root, format: format)
        return (read.feed, read.drafts, repaired.problems + reader.problems)
    }

    static func notAFeed(at location: SourceLocation, found what: String) -> FeedError {
        FeedError(.notAFeed, at: location, "not a feed: expected <rss>, <feed> (Atom) or <rdf:RDF> as the root element, found \(what)",
                  hint: "use the address of the feed itself: a page often names it in <link rel=\"alternate\" type=\"application/rss+xml\">")
    }

    /// The offset of `<!doctype html` or `<html` when the document starts with one (after whitespace,
    /// comments or an XML declaration are not skipped: an HTML page rarely has them), or nil.
    static func htmlStart(_ bytes: [UInt8]) -> Int? {
        guard let start = bytes.firstIndex(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }) else { return nil }
        let head = String(decoding: bytes[start..<min(start + 14, bytes.count)], as: UTF8.self).lowercased()
        let isHTML = head.hasPrefix("<!doctype html") || head.hasPrefix("<html>") || head.hasPrefix("<html ")
        return isHTML ? start : nil
    }

    /// Whether the RSS root `root` has a `<channel>` (of RSS 2.0, 1.0 or 0.90).
    static func hasChannel(_ root: XMLElement) -> Bool {
        root.first("channel", "") != nil || root.first("channel", FeedNamespace.rss1) != nil || root.first("channel", FeedNamespace.rss090) != nil
    }

    /// The format whose root element `root` is, or nil.
    static func format(of root: XMLElement) -> FeedFormat? {
        switch (root.name, root.namespace) {
        case ("rss", ""): .rss
        case ("feed", FeedNamespace.atom): .atom
        case ("RDF", FeedNamespace.rdf): .rdf
        default: nil
        }
    }
}
