import Foundation

/// How long a post is as X counts it: the weighted length of X's twitter-text library, configuration
/// version 3. The text is first put in Unicode normalisation form C (`e` + U+0301 is one `é`). Every
/// URL in it (`TextURLScanner`), with or without `https://`, counts 23. Every emoji counts 2, however
/// many code points it has: a sequence joined with U+200D, with a skin tone, a variation selector
/// U+FE0F, a keycap U+20E3 or tags, and a flag's two regional indicators are one emoji. Every other
/// code point counts 1 in the light ranges U+0000-U+10FF, U+2000-U+200D, U+2010-U+201F and
/// U+2032-U+2037 (Latin, Greek, Cyrillic, Hebrew, Arabic, Indic scripts, general punctuation such as
/// `“”‘’` and `′`), and 2 everywhere else (CJK, Hangul, symbols).
///
/// An emoji is what Twitter's emoji parser (twemoji-parser) matches, by rule rather than from its
/// list: a code point with the Emoji_Presentation property, or any other emoji code point above the
/// light ranges unless text presentation U+FE0E follows it (`❤` is an emoji, `❤︎` is `❤` and U+FE0E,
/// 2 + 2); in the light ranges only `#*0-9` with a keycap and `©` `®` with U+FE0F are emoji. Any
/// sequence of emoji joined with U+200D is one emoji; twemoji-parser knows only the sequences Unicode
/// recommends and counts an unknown one as its parts.
package enum PostLength {
    /// The most a post may weigh.
    package static let limit = 280
    /// What a link counts, whatever its length.
    package static let urlWeight = 23
}

extension PostLength {
    /// The weighted length of `text` as X counts it.
    package static func weight(of text: String) -> Int {
        // Without a '.' there is no URL, and ASCII is all light with no emoji.
        if text.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: ".") }) { return text.utf8.count }
        let scalars = Array(normalized(text).unicodeScalars)
        var total = 0
        var position = 0
        for url in TextURLScanner.urls(in: scalars) {
            total += weightWithoutURLs(scalars[position..<url.lowerBound]) + urlWeight
            position = url.upperBound
        }
        return total + weightWithoutURLs(scalars[position...])
    }

    /// `text` in Unicode normalisation form C. Below U+0300 nothing composes, so such text is returned as it is.
    package static func normalized(_ text: String) -> String {
        text.unicodeScalars.allSatisfy { $0.value < 0x300 } ? text : text.precomposedStringWithCanonicalMapping
    }

    /// Whether a code point counts 1.
    static func isLight(_ value: UInt32) -> Bool {
        value <= 0x10FF || (0x2000...0x200D).contains(value) || (0x2010...0x201F).contains(value)
            || (0x2032...0x2037).contains(value)
    }
}

private extension PostLength {
    /// The weight of text in which no URL stands, character by character.
    static func weightWithoutURLs(_ scalars: ArraySlice<Unicode.Scalar>) -> Int {
        guard !scalars.isEmpty else { return 0 }
        if scalars.allSatisfy(\.isASCII) { return scalars.count }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view).reduce(0) { $0 + weight(of: $1) }
    }

    /// The weight of one character (grapheme cluster): an emoji sequence at its start counts 2, and each
    /// code point after that sequence counts on its own.
    static func weight(of character: Character) -> Int {
        let scalars = Array(character.unicodeScalars)
        let emojiLength = emojiSequenceLength(scalars)
        let rest = scalars[emojiLength...].reduce(0) { $0 + (isLight($1.value) ? 1 : 2) }
        return (emojiLength > 0 ? 2 : 0) + rest
    }

    /// How many of `scalars`, from the first, form one emoji (0 when they do not start with one).
    static func emojiSequenceLength(_ scalars: [Unicode.Scalar]) -> Int {
        guard let first = scalars.first else { return 0 }
        let second = scalars.count > 1 ? scalars[1] : nil
        if first.isASCII {
            // A keycap: # * or a digit, an optional U+FE0F, then U+20E3.
            guard "#*0123456789".unicodeScalars.contains(first) else { return 0 }
            if second == "\u{20E3}" { return 2 }
            return second == "\u{FE0F}" && scalars.count > 2 && scalars[2] == "\u{20E3}" ? 3 : 0
        }
        let properties = first.properties
        if isRegionalIndicator(first) {
            return second.map(isRegionalIndicator) == true ? 2 : 1
        }
        guard properties.isEmoji, second != "\u{FE0E}" else { return first == "\u{FE0F}" ? 1 : 0 }
        let isEmoji = properties.isEmojiPresentation || second == "\u{FE0F}" || !isLight(first.value)
            || second.map { $0.properties.isEmojiModifier } == true
        guard isEmoji else { return 0 }
        // What may follow an emoji within it: a variation selector, a skin tone, tags, a keycap, or U+200D and another emoji.
        var index = 1
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{FE0F}" || scalar == "\u{20E3}" || scalar.properties.isEmojiModifier || (0xE0020...0xE007F).contains(scalar.value) {
                index += 1
            } else if scalar == "\u{200D}", index + 1 < scalars.count, scalars[index + 1].properties.isEmoji, !scalars[index + 1].isASCII {
                index += 2
            } else {
                break
            }
        }
        return index
    }

    static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }
}
