/// A calendar date read from ISO 8601 text (`2026-12-01`, or the date of `2026-12-01T14:03:00Z`) and
/// written for readers in a language: `1 December 2026` in English, `1. Dezember 2026` in German.
/// Languages without a table here get the date as ISO 8601 (`2026-12-01`), which every reader can read.
struct LocalizedDate: Sendable, Equatable {
    let year: Int
    let month: Int
    let day: Int

    /// Why text is not a date.
    struct Problem: Error, Sendable, Equatable {
        /// The text, shortened for messages.
        let found: String
    }
}

extension LocalizedDate {
    /// Reads `YYYY-MM-DD`, alone or followed by a valid time (`T14:03:00Z`, ` 14:03`, `T14:03:00.5+01:00`);
    /// the date is taken as written.
    init(iso8601 text: String) throws(Problem) {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count, bytes[range].allSatisfy(\.isASCIIDigit) else { return nil }
            return bytes[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        let separated = bytes.count >= 10 && bytes[4] == UInt8(ascii: "-") && bytes[7] == UInt8(ascii: "-")
        let timeFollows = bytes.count == 10 || (bytes.count > 11 && [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[10])
                                                 && Self.isTime(bytes[11...]))
        guard separated, timeFollows, let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, of: year) else {
            throw Problem(found: text.count > 40 ? String(text.prefix(39)) + "…" : text)
        }
        self.init(year: year, month: month, day: day)
    }

    /// Whether `bytes` is a time of day: `HH:MM`, optional `:SS` (60 for a leap second) and `.fraction`,
    /// then optionally `Z` or an offset `±HH:MM`.
    static func isTime(_ bytes: ArraySlice<UInt8>) -> Bool {
        var rest = bytes[...]
        func two(_ maximum: Int) -> Bool {
            guard rest.count >= 2, rest.prefix(2).allSatisfy(\.isASCIIDigit) else { return false }
            let value = Int(rest[rest.startIndex] - UInt8(ascii: "0")) * 10 + Int(rest[rest.startIndex + 1] - UInt8(ascii: "0"))
            rest = rest.dropFirst(2)
            return value <= maximum
        }
        func skip(_ byte: Character) -> Bool {
            guard rest.first == UInt8(ascii: byte.unicodeScalars.first!) else { return false }
            rest = rest.dropFirst()
            return true
        }
        guard two(23), skip(":"), two(59) else { return false }
        if skip(":") {
            guard two(60) else { return false }
            if skip(".") {
                guard rest.first?.isASCIIDigit == true else { return false }
                rest = rest.drop(while: \.isASCIIDigit)
            }
        }
        if skip("Z") || skip("z") { return rest.isEmpty }
        if skip("+") || skip("-") { return two(23) && skip(":") && two(59) && rest.isEmpty }
        return rest.isEmpty
    }

    /// The date for readers in `language` (a BCP 47 tag such as `en`, `de-AT`, `pt-BR`, `en-Latn-US`).
    func text(language: String) -> String {
        let tag = LanguageTag(language)
        guard let names = Self.months[tag.language] else { return iso8601 }
        let month = names[month - 1]
        switch tag.language {
        case "en": return tag.region.map(Self.monthFirstRegions.contains) == true ? "\(month) \(day), \(year)" : "\(day) \(month) \(year)"
        case "de", "da", "nb", "nn", "no": return "\(day). \(month) \(year)"
        case "fr": return "\(day == 1 ? "1er" : String(day)) \(month) \(year)"
        case "it": return "\(day == 1 ? "1º" : String(day)) \(month) \(year)"
        case "es", "pt": return "\(day) de \(month) de \(year)"
        default: return "\(day) \(month) \(year)"
        }
    }

    /// `YYYY-MM-DD`.
    var iso8601: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }
}

private extension LocalizedDate {
    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Where English writes the month first (`December 1, 2026`), as CLDR's English locales do: the
    /// United States (`us`, M.49 `840`) and the territories that follow its usage.
    static let monthFirstRegions: Set<String> = ["us", "840", "as", "gu", "mp", "pr", "um", "vi"]

    /// Month names as they stand after a day (Polish takes the genitive).
    static let months: [String: [String]] = [
        "en": ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
        "de": ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
        "fr": ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
        "es": ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
        "it": ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"],
        "pt": ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"],
        "nl": ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"],
        "sv": ["januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"],
        "da": ["januar", "februar", "marts", "april", "maj", "juni", "juli", "august", "september", "oktober", "november", "december"],
        "nb": norwegian, "nn": norwegian, "no": norwegian,
        "pl": ["stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia", "września", "października", "listopada",
               "grudnia"],
    ]

    static let norwegian = ["januar", "februar", "mars", "april", "mai", "juni", "juli", "august", "september", "oktober", "november", "desember"]
}
