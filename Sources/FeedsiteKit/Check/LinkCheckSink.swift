/// Collects, from one page, the attribute values the checker looks at: intent URL candidates and relative links.
struct LinkCheckSink: HTMLTokenSink {
    static var wantsText: Bool { false }
    static var wantsComments: Bool { false }

    /// An attribute value worth a closer look, with the byte offset of its first character.
    struct Candidate {
        let offset: Int
        let value: String
        let isLink: Bool
    }

    var candidates: [Candidate] = []
    /// The `href` of the document's first `<base>` element that has one: every relative link resolves against it.
    var base: String?

    mutating func startTag(_ tag: HTMLTag) {
        // The intent-URL rules are for links the site makes; a post's links are the post's own.
        let userContent = Self.isUserContentLink(tag)
        for attribute in tag.attributes where !attribute.isDuplicate {
            let value = tag.value(of: attribute)
            // Each test once an attribute (callgrind, see the commit): the name's, then whether the value is relative.
            let isLink = Self.isLinkAttribute(tag.name(of: attribute))
            let relative = isLink && RelativeLink.isRelative(value)
            // An intent URL is absolute: a relative link that merely holds `/share` or `/intent/` stays a link.
            if !relative, !userContent, IntentURLInspector.mightBeIntentURL(value) {
                candidates.append(Candidate(offset: attribute.valueOffset, value: String(decoding: value, as: UTF8.self), isLink: false))
            } else if isLink {
                if tag.name.sameBytes(as: "base") {
                    // A base address is not a link to a file; only the first one counts.
                    if base == nil, tag.name(of: attribute).sameBytes(as: "href") { base = String(decoding: value, as: UTF8.self) }
                } else if relative {
                    candidates.append(Candidate(offset: attribute.valueOffset, value: String(decoding: value, as: UTF8.self), isLink: true))
                }
            }
        }
    }

    mutating func endTag(name: UnsafeBufferPointer<UInt8>) {}
    mutating func text(_ bytes: [UInt8]) {}
    mutating func comment(_ bytes: [UInt8]) {}
    mutating func doctype(name: [UInt8]?, publicID: [UInt8]?, systemID: [UInt8]?, forceQuirks: Bool) {}

    /// Whether `tag` is an `<a>` whose `rel` holds the token `ugc` (in any case; tokens are split at
    /// ASCII white space, as a browser splits them): a link inside user content, such as a post (the
    /// sanitizer gives every post link `rel="nofollow ugc noopener noreferrer"`).
    static func isUserContentLink(_ tag: HTMLTag) -> Bool {
        guard tag.name.sameBytes(as: "a"),
              let rel = tag.attributes.first(where: { !$0.isDuplicate && tag.name(of: $0).sameBytes(as: "rel") }) else { return false }
        // On the bytes, not a lower-cased String split into Substrings (callgrind, clean build of
        // Benchmarks/generate_site.py 100 --posts 20: LinkChecker.inspect 224 M -> 108 M instructions).
        let value = tag.value(of: rel)
        var start = 0
        for end in 0...value.count where end == value.count || value[end].isASCIIWhitespace {
            if end - start == 3, value[start] | 0x20 == UInt8(ascii: "u"), value[start + 1] | 0x20 == UInt8(ascii: "g"),
               value[start + 2] | 0x20 == UInt8(ascii: "c") {
                return true
            }
            start = end + 1
        }
        return false
    }

    static func isLinkAttribute(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        name.sameBytes(as: "href") || name.sameBytes(as: "src")
    }
}
