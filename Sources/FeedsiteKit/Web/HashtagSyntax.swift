/// What a hashtag (without `#`) may hold, judged scalar by scalar so that a JSON Schema pattern can
/// say exactly the same: it starts with a letter (Unicode's Alphabetic), a number (`\p{N}`) or `_`,
/// and goes on with those, combining marks (`\p{M}`, for accents written apart and the vowel signs of
/// many scripts) and the zero-width joiner and non-joiner that Persian and Indic words use.
package enum HashtagSyntax {
    /// The same rule as an ECMA-262 pattern (`u` mode), for the JSON Schema of site.yml.
    package static let pattern = "^[\\p{Alphabetic}\\p{N}_][\\p{Alphabetic}\\p{N}\\p{M}_\\u200C\\u200D]*$"

    /// The offset, in characters, of the first character of `tag` that breaks the rule; nil when it
    /// holds or `tag` is empty.
    package static func firstInvalidOffset(in tag: String) -> Int? {
        var first = true
        for (offset, character) in tag.enumerated() {
            for scalar in character.unicodeScalars {
                guard first ? isStart(scalar) : isContinuation(scalar) else { return offset }
                first = false
            }
        }
        return nil
    }
}

private extension HashtagSyntax {
    static func isStart(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "_" || scalar.properties.isAlphabetic { return true }
        switch scalar.properties.generalCategory {
        case .decimalNumber, .letterNumber, .otherNumber: return true
        default: return false
        }
    }

    static func isContinuation(_ scalar: Unicode.Scalar) -> Bool {
        if isStart(scalar) || scalar.value == 0x200C || scalar.value == 0x200D { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
