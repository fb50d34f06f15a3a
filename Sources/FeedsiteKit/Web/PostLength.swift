/// How long a post is as X counts it: most characters count 1; those above U+10FF (CJK and the
/// like) except a few punctuation ranges count 2, and every emoji counts 2; a URL counts 23.
package enum PostLength {
    /// The most a post may weigh.
    package static let limit = 280
    /// What a link counts, whatever its length.
    package static let urlWeight = 23

    /// The weighted length of `text`.
    package static func weight(of text: String) -> Int {
        var total = 0
        for character in text {
            if isEmoji(character) {
                total += 2
                continue
            }
            for scalar in character.unicodeScalars {
                total += isLight(scalar.value) ? 1 : 2
            }
        }
        return total
    }

    /// Whether a code point counts 1.
    static func isLight(_ value: UInt32) -> Bool {
        value <= 0x10FF || (0x2000...0x200D).contains(value) || (0x2010...0x201F).contains(value)
            || (0x2032...0x2037).contains(value)
    }

    static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return false }
        if first.properties.isEmojiPresentation { return true }
        return first.properties.isEmoji && scalars.contains { $0.value == 0xFE0F || $0.value == 0x200D || $0.properties.isEmojiModifier }
    }
}
