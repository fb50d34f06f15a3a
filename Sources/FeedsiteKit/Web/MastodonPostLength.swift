/// How long a post is as Mastodon counts it (its status length validator): the text's grapheme
/// clusters after every URL written with `http://` or `https://` is replaced by 23 characters, and
/// every mention of a remote account, `@user@server`, by `@user`. A URL is found as X's twitter-text
/// finds one (`TextURLScanner`), which Mastodon's own extractor is built on; a mention is `@` not
/// after a letter, digit, `_`, `=` or `/`, then a user name (`A-Z a-z 0-9 _`, with `.` and `-`
/// inside), then `@` and a server name.
package enum MastodonPostLength {
    /// What a URL counts, whatever its length.
    package static let urlWeight = 23
}

extension MastodonPostLength {
    /// The length of `text` as Mastodon counts it.
    package static func length(of text: String) -> Int {
        guard text.unicodeScalars.contains(where: { $0 == "@" || $0 == ":" }) else { return text.count }
        let scalars = Array(text.unicodeScalars)
        var countable = String.UnicodeScalarView()
        var position = 0
        for url in TextURLScanner.urls(in: scalars, requiringScheme: true) {
            appendShorteningMentions(scalars[position..<url.lowerBound], to: &countable)
            countable.append(contentsOf: String(repeating: "x", count: urlWeight).unicodeScalars)
            position = url.upperBound
        }
        appendShorteningMentions(scalars[position...], to: &countable)
        return String(countable).count
    }
}

private extension MastodonPostLength {
    /// Appends `scalars` to `output` with each `@user@server` written `@user`.
    static func appendShorteningMentions(_ scalars: ArraySlice<Unicode.Scalar>, to output: inout String.UnicodeScalarView) {
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            output.append(scalar)
            index += 1
            guard scalar == "@", index - 1 == scalars.startIndex || !isMentionBoundary(scalars[index - 2]) else { continue }
            let userEnd = nameEnd(in: scalars, from: index, allowed: isUserCharacter)
            guard userEnd > index, userEnd < scalars.endIndex, scalars[userEnd] == "@" else { continue }
            let serverEnd = nameEnd(in: scalars, from: userEnd + 1, allowed: isServerCharacter)
            guard serverEnd > userEnd + 2 else { continue }
            output.append(contentsOf: scalars[index..<userEnd])
            index = serverEnd
        }
    }

    /// Whether a mention may not follow `scalar` (a word character, `=` or `/`).
    static func isMentionBoundary(_ scalar: Unicode.Scalar) -> Bool {
        isWordCharacter(scalar) || scalar == "=" || scalar == "/"
    }

    /// The end of the longest run of `allowed` characters from `start` that starts and ends with a word character.
    static func nameEnd(in scalars: ArraySlice<Unicode.Scalar>, from start: Int, allowed: (Unicode.Scalar) -> Bool) -> Int {
        guard start < scalars.endIndex, allowed(scalars[start]), isWordCharacter(scalars[start]) else { return start }
        var end = start
        while end < scalars.endIndex, allowed(scalars[end]) { end += 1 }
        while end > start, !isWordCharacter(scalars[end - 1]) { end -= 1 }
        return end
    }

    static func isUserCharacter(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.isASCII && isWordCharacter(scalar)) || scalar == "." || scalar == "-"
    }

    static func isServerCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isWordCharacter(scalar) || scalar == "." || scalar == "-"
    }

    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
    }
}
