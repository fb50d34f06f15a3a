#if canImport(Glibc)
import Glibc
#endif

/// What the link checker can know of the sanitizer's output without reading it as a page.
///
/// HTML as `SanitizedHTMLWriter` writes it (what `SanitizedHTMLVerifier` accepts), read by the
/// tokenizer from the data state, gives `LinkCheckSink` nothing and leaves the tokenizer as it was:
/// - its elements (`SanitizedHTMLWriter.Kept`) never switch the tokenizer's state (no `script`,
///   `style`, `textarea`, `title`, `svg`, `math`), it holds no comment, `<!` or doctype, every tag
///   is whole and text has `<` only as `&lt;`: it ends in the data state, having changed nothing the
///   rest of the page is read with (the last start tag is kept only for the raw-text states);
/// - it has no `<base>`, and its only link attribute is an `<a href>` whose scheme is http, https or
///   mailto: never a relative link;
/// - an attribute value is an intent-URL candidate only when it holds `/intent/` or `/share`
///   (`IntentURLInspector.mightBeIntentURL`), and its character references (`&amp;`, `&lt;`, `&gt;`,
///   `&quot;`, `&#39;`) decode to none of those bytes, so such a value stands in the bytes as written.
///
/// So a range of such HTML in whose bytes neither path occurs can be passed over. Its links' values
/// are never looked at (every `<a>` has `rel="nofollow ugc …"`), so only a `title` or `lang` value can
/// hold one: a range without those attributes is not searched for the paths at all.
enum SanitizedHTMLFacts {
    /// The ranges of `sanitized` (ranges of `page` holding the sanitizer's output, in order) that the
    /// checker may pass over: inside the page, not overlapping the one before, holding neither path.
    static func inert(_ sanitized: [Range<Int>], in page: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        guard !sanitized.isEmpty else { return [] }
        var inert: [Range<Int>] = []
        inert.reserveCapacity(sanitized.count)
        var end = 0
        for range in sanitized where range.lowerBound >= end && range.upperBound <= page.count && !range.isEmpty {
            let bytes = UnsafeBufferPointer(rebasing: page[range])
            // Quotes are few, slashes many (callgrind, clean build of Benchmarks/posts.py 1000: this test 16.8 M -> 6.8 M instructions).
            guard !holdsTextAttribute(bytes) || !IntentURLInspector.mightBeIntentURL(bytes) else { continue }
            inert.append(range)
            end = range.upperBound
        }
        return inert
    }

    /// Whether the sanitizer's output `html` may hold a `title` or `lang` attribute (true for some
    /// HTML without one). Its only raw `"` are attribute quotes (text and values write `&quot;`), and
    /// the writer puts each attribute as ` name="value"`: each opening quote is looked at once.
    static func holdsTextAttribute(_ html: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = html.baseAddress else { return false }
        var offset = 0
        while offset < html.count, let found = memchr(base + offset, Int32(UInt8(ascii: "\"")), html.count - offset) {
            let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if quote >= 6, base[quote - 1] == UInt8(ascii: "=") {
                let name = UnsafeBufferPointer(rebasing: html[..<(quote - 1)])
                if name.suffix(6).elementsEqual(" title".utf8) || name.suffix(5).elementsEqual(" lang".utf8) { return true }
            }
            offset = quote + 1
        }
        return false
    }
}
