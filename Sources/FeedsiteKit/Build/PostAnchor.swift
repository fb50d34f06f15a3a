/// Where a post stands on its account page and what identifies it in an Atom feed: each `<article>`
/// has the id `post-…` made from the post's id, and a feed entry without a global id points at it.
enum PostAnchor {
    /// The `<article>` id of the post with `id`, after `prefix`: `post-` then the id's letters and digits as they
    /// are, `-` as it is, and every other byte as `_XX` (upper-case hex), so distinct ids never share
    /// an anchor and the anchor needs no escaping in HTML, CSS or a URL fragment.
    static func of(_ id: String, after prefix: String = "") -> String {
        // Bytes written straight into one String (callgrind, clean build of Benchmarks/generate_site.py
        // 100 --posts 20: 81 M -> 12 M instructions, where appending scalars to a String took 26,000 a
        // post; Benchmarks/posts.py 1000, with the river's prefix written in too: 4,000 -> 1,360 a post,
        // 92 M -> 29 M).
        var id = id, prefix = prefix
        return prefix.withUTF8 { head in
            id.withUTF8 { bytes in
                String(unsafeUninitializedCapacity: head.count + 5 + bytes.count * 3) { out in
                    var count = 0
                    for byte in head { out[count] = byte; count += 1 }
                    for byte in "post-".utf8 { out[count] = byte; count += 1 }
                    for byte in bytes {
                        if byte.isASCIIAlphanumeric || byte == UInt8(ascii: "-") {
                            out[count] = byte
                            count += 1
                        } else {
                            out[count] = UInt8(ascii: "_")
                            out[count + 1] = PercentEncoding.hexDigit(byte >> 4)
                            out[count + 2] = PercentEncoding.hexDigit(byte & 0xF)
                            count += 3
                        }
                    }
                    return count
                }
            }
        }
    }

    /// The post's id in every feed it appears in, when it has one of its own: its http(s) link, else
    /// its feed id when that is already an absolute IRI (`tag:…`, `urn:uuid:…`, `https://…`). Nil when
    /// it has neither: the entry then takes its account page's address with the post's anchor.
    static func globalID(of post: Post) -> String? {
        if let url = post.url, HTTPURLSyntax.problem(in: url) == nil { return url }
        return isAbsoluteIRI(post.id) ? post.id : nil
    }

    /// Whether `value` is an absolute IRI (RFC 3987): a scheme, `:`, something after it, and no
    /// space, control character or character an IRI may not hold.
    static func isAbsoluteIRI(_ value: String) -> Bool {
        guard let scheme = HTTPURLSyntax.scheme(of: value), value.unicodeScalars.count > scheme.unicodeScalars.count + 1 else { return false }
        let forbidden: Set<Unicode.Scalar> = [" ", "\"", "<", ">", "\\", "^", "`", "{", "|", "}"]
        return !value.unicodeScalars.contains { $0.value < 0x21 || $0.value == 0x7F || forbidden.contains($0) }
    }
}
