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
            // An intent URL is absolute: a relative link that merely holds `/share` or `/intent/` stays a link.
            let relativeLink = Self.isLinkAttribute(tag.name(of: attribute)) && RelativeLink.isRelative(value)
            if !relativeLink, !userContent, IntentURLInspector.mightBeIntentURL(value) {
                candidates.append(Candidate(offset: attribute.valueOffset, value: String(decoding: value, as: UTF8.self), isLink: false))
            } else if Self.isLinkAttribute(tag.name(of: attribute)) {
                if tag.name.sameBytes(as: "base") {
                    // A base address is not a link to a file; only the first one counts.
                    if base == nil, tag.name(of: attribute).sameBytes(as: "href") { base = String(decoding: value, as: UTF8.self) }
                } else if RelativeLink.isRelative(value) {
                    candidates.append(Candidate(offset: attribute.valueOffset, value: String(decoding: value, as: UTF8.self), isLink: true))
                }
            }
        }
    }

    mutating func endTag(name: UnsafeBufferPointer<UInt8>) {}
    mutating func text(_ bytes: [UInt8]) {}
    mutating func comment(_ bytes: [UInt8]) {}
    mutating func doctype(name: [UInt8]?, publicID: [UInt8]?, systemID: [UInt8]?, forceQuirks: Bool) {}

    /// Whether `tag` is an `<a>` whose `rel` holds the token `ugc` (in any case): a link inside user
    /// content, such as a post (the sanitizer gives every post link `rel="nofollow ugc noopener noreferrer"`).
    static func isUserContentLink(_ tag: HTMLTag) -> Bool {
        guard tag.name.sameBytes(as: "a"),
              let rel = tag.attributes.first(where: { !$0.isDuplicate && tag.name(of: $0).sameBytes(as: "rel") }) else { return false }
        let tokens = String(decoding: tag.value(of: rel), as: UTF8.self).lowercased().split { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }
        return tokens.contains("ugc")
    }

    static func isLinkAttribute(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        name.sameBytes(as: "href") || name.sameBytes(as: "src")
    }
}
