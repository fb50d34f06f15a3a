/// How long a post is as X counts it: most characters count 1; those above U+10FF (CJK and the
/// like) except a few punctuation ranges count 2, and every emoji counts 2; a URL counts 23.
package enum PostLength {
    /// The most a post may weigh.
    package static let limit = 280
    /// What a link counts, whatever its length.
    package static let urlWeight = 23

    /// The weighted length of `text`: an emoji sequence (with skin tones, joiners, variation
    /// selectors, keycaps or tags, or a flag's two regional indicators) counts 2 as a whole.
    package static func weight(of text: String) -> Int {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
        var total = 0
        var inEmoji = false
        var afterJoiner = false
        var lastWasLight = false
        var pendingFlag = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0xFE0F, 0x20E3:
                // A variation selector or keycap makes the character before it an emoji.
                if lastWasLight && !inEmoji { total += 1 }
                inEmoji = true
                continue
            case 0x1F3FB...0x1F3FF, 0xE0020...0xE007F:
                if inEmoji { continue }
            case 0x200D:
                if inEmoji {
                    afterJoiner = true
                    continue
                }
            default:
                break
            }
            if afterJoiner {
                afterJoiner = false
                continue
            }
            if (0x1F1E6...0x1F1FF).contains(value) {
                // Regional indicators pair into one flag.
                if pendingFlag {
                    pendingFlag = false
                    continue
                }
                pendingFlag = true
            } else {
                pendingFlag = false
            }
            let light = isLight(value)
            total += light ? 1 : 2
            lastWasLight = light
            inEmoji = !light && value >= 0x2100
        }
        return total
    }

    /// Whether a code point counts 1.
    static func isLight(_ value: UInt32) -> Bool {
        value <= 0x10FF || (0x2000...0x200D).contains(value) || (0x2010...0x201F).contains(value)
            || (0x2032...0x2037).contains(value)
    }
}
