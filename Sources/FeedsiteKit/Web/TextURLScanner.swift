/// Finds the URLs in a post's text the way X's twitter-text library does, so that each can be counted
/// as one link. A subset of its rules, by hand:
///
/// - A URL starts at the beginning of the text or after a character that is not an ASCII letter or
///   digit, `@`, `＠`, `$`, `#`, `＃` or a directional override (U+202A-U+202E).
/// - `http://` or `https://` (any case) is optional. Without it the host must be ASCII, must not follow
///   `-`, `_`, `.` or `/`, and a two-label host with a country-code domain (`example.de`) counts only
///   with a path (`example.de/a`); `t.co` always counts. Without it a URL without a path also ends at
///   its host: a port or query after it is text.
/// - The host is labels separated by `.`: letters and digits (any script after a scheme), `-` and `_`
///   inside; no `_` in the label before the top-level domain, which must be known (`TopLevelDomain`).
///   A longer run of labels ends at its last known top-level domain (`example.com.foo` is `example.com`).
/// - An optional port `:` and digits.
/// - A path from `/`: letters, digits, Latin accented letters, Cyrillic, `!*';:=+,.$/%#[]-–_~&|@` and
///   balanced parentheses, ending with a letter, digit, `=_#/+-` or a closing parenthesis: trailing
///   punctuation such as `.`, `,`, `!`, `:` or an unbalanced `)` is text.
/// - A query from `?`: `!?*'@();:&=+$/%#[]-_.,~|`, letters and digits, ending with a letter, digit or
///   `-_&=#/`.
///
/// Left out: twitter-text's full list of generic top-level domains and its Unicode ones (`.рф`),
/// IP-address hosts, the 4,096-character cap, the 40-character cap on `t.co` slugs, and the Unicode
/// hosts without scheme from which it keeps only the ASCII part.
package struct TextURLScanner {
    /// The text, as Unicode scalars.
    let scalars: [Unicode.Scalar]
    /// Whether only URLs written with `http://` or `https://` count (Mastodon's rule).
    let requiresScheme: Bool
}

extension TextURLScanner {
    /// The ranges of `scalars` that are URLs, in order and not overlapping.
    package static func urls(in scalars: [Unicode.Scalar], requiringScheme: Bool = false) -> [Range<Int>] {
        let scanner = TextURLScanner(scalars: scalars, requiresScheme: requiringScheme)
        var found: [Range<Int>] = []
        var index = 0
        while index < scalars.count {
            if scanner.mayStart(at: index), let end = scanner.match(at: index) {
                found.append(index..<end)
                index = end
            } else {
                index += 1
            }
        }
        return found
    }
}

private extension TextURLScanner {
    /// Whether a URL may start at `index`, judging by the character before it.
    func mayStart(at index: Int) -> Bool {
        guard index > 0 else { return true }
        let before = scalars[index - 1]
        if before.isASCII, let byte = UInt8(exactly: before.value) {
            return !(byte.isASCIIAlphanumeric || byte == UInt8(ascii: "@") || byte == UInt8(ascii: "$") || byte == UInt8(ascii: "#"))
        }
        return !(before == "＠" || before == "＃" || (0x202A...0x202E).contains(before.value))
    }

    /// Where the URL that starts at `start` ends, or nil when none starts there.
    func match(at start: Int) -> Int? {
        var index = start
        let schemeLength = self.schemeLength(at: start)
        let hasScheme = schemeLength > 0
        if hasScheme {
            index += schemeLength
        } else {
            if requiresScheme { return nil }
            if start > 0, "-_./".unicodeScalars.contains(scalars[start - 1]) { return nil }
        }
        guard let host = host(at: index, unicode: hasScheme) else { return nil }
        index = host.end
        if !hasScheme {
            let hasPath = index < scalars.count && scalars[index] == "/"
            if !hasPath {
                let short = host.labels == 2 && TopLevelDomain.isCountryCode(host.topLevelDomain.lowercased())
                let special = String(String.UnicodeScalarView(scalars[start..<host.end])).lowercased() == "t.co"
                return short && !special ? nil : host.end
            }
        }
        if index + 1 < scalars.count, scalars[index] == ":", isDigit(scalars[index + 1]) {
            index += 1
            while index < scalars.count, isDigit(scalars[index]) { index += 1 }
        }
        if index < scalars.count, scalars[index] == "/" {
            index = pathEnd(from: index + 1)
        }
        if index < scalars.count, scalars[index] == "?" {
            index = queryEnd(from: index + 1) ?? index
        }
        return index
    }

    /// The schemes a URL may start with, longest first.
    static let schemes: [[Unicode.Scalar]] = ["https://", "http://"].map { Array($0.unicodeScalars) }

    /// The length of `http://` or `https://` (any case) at `index`, or 0.
    func schemeLength(at index: Int) -> Int {
        for expected in Self.schemes {
            guard index + expected.count <= scalars.count else { continue }
            let matches = zip(scalars[index..<(index + expected.count)], expected).allSatisfy { written, wanted in
                written == wanted || (written.isASCII && wanted.isASCII && Character(written).lowercased() == String(wanted))
            }
            if matches { return expected.count }
        }
        return 0
    }

    /// The host that starts at `index`: its end, how many labels it keeps and its top-level domain.
    func host(at index: Int, unicode: Bool) -> (end: Int, labels: Int, topLevelDomain: String)? {
        var labels: [Range<Int>] = []
        var position = index
        while true {
            var end = position
            while end < scalars.count, isHostCharacter(scalars[end], unicode: unicode) { end += 1 }
            guard end > position else { break }
            labels.append(position..<end)
            guard end + 1 < scalars.count, scalars[end] == ".", isHostCharacter(scalars[end + 1], unicode: unicode) else { break }
            position = end + 1
        }
        guard labels.count >= 2 else { return nil }
        // The longest run of labels that ends with a known top-level domain, as a backtracking regex finds it.
        for count in stride(from: labels.count, through: 2, by: -1) {
            let last = labels[count - 1]
            let topLevelDomain = String(String.UnicodeScalarView(scalars[last]))
            guard topLevelDomain.unicodeScalars.allSatisfy(\.isASCII), TopLevelDomain.isKnown(topLevelDomain) else { continue }
            if last.upperBound < scalars.count, ["@", "+"].contains(scalars[last.upperBound]) { continue }
            guard isValidLabel(labels[count - 2], allowsUnderscore: false),
                  labels[0..<(count - 2)].allSatisfy({ isValidLabel($0, allowsUnderscore: true) }) else { continue }
            return (last.upperBound, count, topLevelDomain)
        }
        return nil
    }

    /// Whether a host label neither starts nor ends with `-` or `_`, and has `_` only where allowed.
    func isValidLabel(_ label: Range<Int>, allowsUnderscore: Bool) -> Bool {
        let edges: Set<Unicode.Scalar> = ["-", "_"]
        guard let first = label.first, let last = label.last, !edges.contains(scalars[first]), !edges.contains(scalars[last]) else {
            return false
        }
        return allowsUnderscore || !scalars[label].contains("_")
    }

    func isHostCharacter(_ scalar: Unicode.Scalar, unicode: Bool) -> Bool {
        if scalar.isASCII, let byte = UInt8(exactly: scalar.value) {
            return byte.isASCIIAlphanumeric || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
        guard unicode, !(0x202A...0x202E).contains(scalar.value), !(0x2066...0x2069).contains(scalar.value) else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark, .spacingMark,
             .enclosingMark, .decimalNumber, .letterNumber, .otherNumber, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }

    func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }

    /// Where a path that continues at `start` (after its `/`) ends.
    func pathEnd(from start: Int) -> Int {
        var index = start
        var openParentheses: [Int] = []
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "(" {
                openParentheses.append(index)
            } else if scalar == ")" {
                if openParentheses.popLast() == nil { break }
            } else if !isPathCharacter(scalar) {
                break
            }
            index += 1
        }
        // An unclosed parenthesis and what follows it are text.
        if let unclosed = openParentheses.first { index = unclosed }
        var end = index
        while end > start, !(isPathEnding(scalars[end - 1]) || scalars[end - 1] == ")") { end -= 1 }
        return end
    }

    /// Where a query that continues at `start` (after its `?`) ends, or nil when it has no valid end.
    func queryEnd(from start: Int) -> Int? {
        var index = start
        while index < scalars.count, isQueryCharacter(scalars[index]) { index += 1 }
        while index > start, !isQueryEnding(scalars[index - 1]) { index -= 1 }
        return index > start ? index : nil
    }

    func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if scalar.isASCII, let byte = UInt8(exactly: value) { return byte.isASCIIAlphanumeric }
        // Latin accented letters and combining marks, Latin Extended Additional, Cyrillic.
        return (0xC0...0x24F).contains(value) && value != 0xD7 && value != 0xF7 || (0x300...0x36F).contains(value)
            || (0x1E00...0x1EFF).contains(value) || (0x400...0x4FF).contains(value)
    }

    func isPathCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isWordCharacter(scalar) || "!*';:=+,.$/%#[]-_~&|@\u{2013}".unicodeScalars.contains(scalar)
    }

    func isPathEnding(_ scalar: Unicode.Scalar) -> Bool {
        isWordCharacter(scalar) || "=_#/+-".unicodeScalars.contains(scalar)
    }

    func isQueryCharacter(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.isASCII && UInt8(scalar.value).isASCIIAlphanumeric) || "!?*'@();:&=+$/%#[]-_.,~|".unicodeScalars.contains(scalar)
    }

    func isQueryEnding(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.isASCII && UInt8(scalar.value).isASCIIAlphanumeric) || "-_&=#/".unicodeScalars.contains(scalar)
    }
}
