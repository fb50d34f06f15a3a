/// A secret sent as `Authorization: Bearer …` (X's API). It never describes itself: printed, dumped,
/// reflected or interpolated it is `***`, so no message, log or crash text can show it.
package struct BearerToken: Sendable, Equatable {
    /// The secret itself; read only to build the header.
    private let secret: String

    /// The token in `text`, or nil when it is not one: a bearer token is RFC 7235's token68 (letters,
    /// digits, `-._~+/`, then `=` padding) of at least `shortest` characters. A shorter one would be
    /// hidden as `***` inside ordinary words of messages, showing itself by the gaps.
    package init?(_ text: String) {
        guard Self.problem(in: text) == nil else { return nil }
        secret = text
    }
}

extension BearerToken: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `***`.
    package var description: String { "***" }
    /// `***`.
    package var debugDescription: String { "***" }
    /// No children: `dump` shows `***` alone.
    package var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

extension BearerToken {
    /// The fewest characters a token has (X's have over a hundred).
    static let shortest = 8

    /// Why `text` is not a bearer token, nil when it is one: what the message says it has instead.
    static func problem(in text: String) -> String? {
        if text.utf8.contains(where: { $0 <= 0x20 || $0 >= 0x7F }) { return "a space, a line break or another character no bearer token has" }
        let body = text.utf8.prefix { $0 != UInt8(ascii: "=") }
        let padding = text.utf8.dropFirst(body.count)
        guard body.allSatisfy({ PercentEncoding.isUnreserved($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "/") }),
              padding.allSatisfy({ $0 == UInt8(ascii: "=") }), !body.isEmpty else {
            return "a character no bearer token has (they are letters, digits, - . _ ~ + / and = at the end)"
        }
        guard text.count >= shortest else { return "\(text.count) character\(text.count == 1 ? "" : "s"), too few for a bearer token" }
        return nil
    }

    /// The `Authorization` header line, for libcurl's header list alone.
    var header: String { "Authorization: Bearer " + secret }

    /// `text` with every occurrence of the token, as it is or percent-encoded (either case of hex
    /// digits), as `***`: for anything a server said, which is shown or kept.
    func redacting(_ text: String) -> String {
        var text = text
        for form in forms where text.contains(form) { text = text.replacing(form, with: "***") }
        return text
    }

    /// Whether `text` holds the token in a form `redacting` does not hide (percent-encoded bytes
    /// that are not needed, `%41` for `A`).
    func isHidden(in text: String) -> Bool {
        guard text.contains("%") else { return false }
        return String(decoding: PercentEncoding.decode(text), as: UTF8.self).contains(secret)
    }
}

private extension BearerToken {
    /// The token, and percent-encoded with upper- and lower-case hex digits.
    var forms: [String] {
        let encoded = PercentEncoding.encode(secret)
        guard encoded != secret else { return [secret] }
        let lower = secret.utf8.map { byte in
            PercentEncoding.isUnreserved(byte) ? String(UnicodeScalar(byte)) : "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }
        return [secret, encoded, lower.joined()]
    }
}

extension BearerToken {
    /// `post` with the token hidden in each of its texts (`redacting`).
    func redacting(_ post: Post) -> Post {
        var post = post
        post.id = redacting(post.id)
        post.url = post.url.map(redacting)
        post.title = post.title.map(redacting)
        post.text = redacting(post.text)
        post.html = redacting(post.html)
        post.author = post.author.map(redacting)
        post.media = post.media.map { media in
            var media = media
            media.url = redacting(media.url)
            media.alt = media.alt.map(redacting)
            return media
        }
        return post
    }

    /// Whether one of `post`'s texts holds the token in a form `redacting` does not hide.
    func isHidden(in post: Post) -> Bool {
        ([post.id, post.text, post.html] + [post.url, post.title, post.author].compactMap { $0 }
            + post.media.flatMap { [$0.url, $0.alt ?? ""] }).contains(where: isHidden(in:))
    }
}
