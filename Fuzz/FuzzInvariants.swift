// What each new fuzz target feeds its input to, and the invariants it checks on the result.
// Compiled into the FeedsiteKit module by Fuzz/run.sh, so internal API is in reach.
import Foundation

enum FuzzInvariants {
    /// A feed (RSS, Atom, RDF or JSON Feed, told apart by content): reading never crashes, and what it
    /// reads is already clean and survives a snapshot write and read unchanged, as `feedsite fetch` then
    /// `feedsite build` would see it.
    static func feed(_ bytes: [UInt8]) {
        let contentType = bytes.count % 3 == 0 ? "application/rss+xml; charset=\"windows-1252\"" : nil
        // The same JSON as an answer of X's API (`feed: x-api`), with the same invariants.
        if let document = try? XAPIDocument(bytes, source: "x-api"),
           let timeline = try? XAPITimelineReader(handle: "fuzz", showReplies: bytes.count % 2 == 0).read(document) {
            posts(timeline.posts)
        }
        guard let feed = try? FeedReader.read(bytes, source: "https://example.com/feed", contentType: contentType) else { return }
        posts(feed.posts)
    }

    /// A feed's posts: each one's HTML is a fixed point of the sanitizer, and they read back from their snapshot.
    static func posts(_ posts: [Post]) {
        for post in posts {
            require(PostHTML.clean(post.html, base: nil) == post.html, "a post's html is not a fixed point of the sanitizer: \(post.html)")
        }
        let snapshot = Snapshot(handle: "fuzz", record: SnapshotRecord(source: "https://example.com/feed"), posts: posts)
        var decoder = SnapshotDecoder(snapshot.json, file: "fuzz.json", slug: "fuzz")
        let decoded = decoder.decode()
        require(decoded == snapshot, "a feed's posts do not read back from their snapshot: \(decoder.diagnostics)")
    }

    /// The sanitizer: its output sanitizes to itself and is balanced (every element it opens it closes,
    /// it closes nothing it did not open), so a post can never close the page's own elements.
    static func sanitizer(_ bytes: [UInt8]) {
        let html = String(decoding: bytes, as: UTF8.self)
        let base = bytes.first.map { $0 % 2 == 0 } == true ? "https://example.com/a/b.html" : nil
        let clean = PostHTML.clean(html, base: base)
        require(PostHTML.clean(clean, base: base) == clean, "sanitizing twice changes the output: \(clean)")
        var output = clean
        let balance = output.withUTF8 { utf8 in
            var tokenizer = HTMLTokenizer(input: utf8, sink: BalanceSink())
            return tokenizer.run()
        }
        require(balance.problem == nil && balance.open.isEmpty, "unbalanced output (\(balance.problem ?? "unclosed \(balance.open)")): \(clean)")
        verifier(html)
        // The same bytes read as a list of the output's tokens, so that the verifier's accepting paths are reached often.
        verifier(bytes.map { outputTokens[Int($0) % outputTokens.count] }.joined())
    }

    /// What a snapshot's HTML relies on (`PostHTML.stored`): the verifier accepts every output of the
    /// sanitizer, and it accepts `html` exactly when sanitizing `html` leaves it as it is.
    static func verifier(_ html: String) {
        let clean = PostHTML.clean(html, base: nil)
        require(SanitizedHTMLVerifier.accepts(clean), "the verifier refuses the sanitizer's output: \(clean)")
        require(SanitizedHTMLVerifier.accepts(html) == (clean == html),
                "the verifier \(clean == html ? "refuses" : "accepts") what sanitizing \(clean == html ? "keeps" : "changes"): \(html)")
    }

    /// Pieces of the sanitizer's output and their near misses.
    static let outputTokens = [
        "<p>", "</p>", "<br>", "<hr>", "<em>", "</em>", "<ul>", "</ul>", "<ol>", "</ol>", "<li>", "</li>", "<blockquote>", "</blockquote>",
        "<pre>", "</pre>", "<dl>", "</dl>", "<dt>", "</dt>", "<dd>", "</dd>", "<a rel=\"nofollow ugc noopener noreferrer\">", "</a>",
        "<a href=\"https://x.example/?a=1&amp;b=2\" rel=\"nofollow ugc noopener noreferrer\">", "<a href=\"", "\" rel=\"nofollow ugc noopener noreferrer\">",
        "<a title=\"", "<p title=\"", "\" lang=\"", "\" dir=\"", "\">", "ltr", "LTR", "rtl", "auto", "https:", "mailto:", "javascript:", "//x/",
        "<br/>", "</br>", "<P>", "<p >", "<h2>", "</h2>", "<div>", "<script>", "</script>", "<!--", "-->", "<svg>", "<textarea>",
        "text", " ", "é", "😀", "\t", "\n", "\r", "&amp;", "&lt;", "&gt;", "&quot;", "&#39;", "&", "&amp", "&nbsp;", "'", "\"", ">", "<",
        "\u{85}", "\u{7F}", "\u{0}", "\u{C}", "=", "/", "rel", "href", "title",
    ]

    /// A snapshot file: reading never crashes, and a snapshot that reads is written back byte for byte
    /// the same as it reads again.
    static func snapshot(_ bytes: [UInt8]) {
        var decoder = SnapshotDecoder(bytes, file: "fuzz.json", slug: "fuzz")
        guard let snapshot = decoder.decode() else {
            require(!decoder.diagnostics.isEmpty, "a snapshot was refused without a reason")
            return
        }
        var again = SnapshotDecoder(snapshot.json, file: "fuzz.json", slug: "fuzz")
        require(again.decode() == snapshot, "a snapshot does not read back after writing: \(again.diagnostics)")
    }

    /// The fetch layer's own parsing of a response: header lines (the input up to a blank line), the
    /// charset of `Content-Type`, and the type and size of an image in the body. (`Retry-After` is
    /// `Int(_:)` or libcurl's `curl_getdate`: nothing hand-written to fuzz.)
    static func response(_ bytes: [UInt8]) {
        let split = bytes.firstRange(of: [0x0D, 0x0A, 0x0D, 0x0A]) ?? bytes.firstRange(of: [0x0A, 0x0A])
        let head = split.map { Array(bytes[..<$0.lowerBound]) } ?? bytes
        let body = split.map { Array(bytes[$0.upperBound...]) } ?? []
        let transfer = Transfer(index: 0, request: FetchRequest(url: "https://example.com/feed"))
        for line in String(decoding: head, as: UTF8.self).split(whereSeparator: \.isNewline) { transfer.header(String(line)) }
        if let contentType = transfer.contentType { _ = FeedEncoding.charset(inContentType: contentType) }
        if let image = ImageHeader.read(body) {
            require((image.width ?? 1) >= 0 && (image.height ?? 1) >= 0, "negative image size \(image)")
        }
    }
}

private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("fuzz invariant failed: " + message()) }
}
