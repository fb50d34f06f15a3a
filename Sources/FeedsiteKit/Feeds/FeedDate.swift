/// Dates as feeds write them, turned into RFC 3339 in UTC (`2026-11-29T14:03:00Z`): RFC 822 with its
/// common variations (no weekday, one-digit day, full month names, two-digit years, no seconds, zones
/// as `GMT`/`EST`/`PDT`/`Z` or `+0000`/`+00:00`) and RFC 3339 / ISO 8601 (`T` or a space, fractions,
/// `Z` or an offset, no zone read as UTC, a date alone read as midnight UTC). A day the month does not
/// have (`31 Nov`, `29 Feb 2026`) is not a date: it is refused, never rolled over into the next month.
enum FeedDate {
    /// The date in `text` as RFC 3339 UTC, or nil when it is neither form.
    static func rfc3339(_ text: String) -> String? {
        // Dates feedsite wrote itself come back as they are (callgrind, clean build of
        // Benchmarks/generate_site.py 100 --posts 20: FeedDate.fromRFC3339 took 137 M for 11,500 dates, now not called).
        if isCanonical(text) { return text }
        // Benchmarks/parse.py's feeds (callgrind, ten): FeedAssembler.date 19.8 M -> 4.1 M instructions for 500 posts.
        // The form most RSS feeds write is read from its bytes.
        if let date = fromCommonRFC822(text) { return date }
        let trimmed = String(text.trimmingSpaces)
        return fromRFC3339(trimmed) ?? fromRFC822(trimmed)
    }

    /// Whether `text` is a date but for its day, which its month does not have (`Tue, 31 Nov 2026`).
    static func hasNonexistentDay(_ text: String) -> Bool {
        let trimmed = String(text.trimmingSpaces)
        return rfc3339(trimmed) == nil && (fromRFC3339(trimmed, anyDay: true) ?? fromRFC822(trimmed, anyDay: true)) != nil
    }

    /// The RFC 3339 UTC instant `date` (`2026-12-01T10:00:00Z`) `count` days later, or nil when
    /// `date` is not of that shape (up to four days either way: the shift is written as a zone offset).
    static func adding(days count: Int, to date: String) -> String? {
        guard date.utf8.count == 20, date.hasSuffix("Z") else { return nil }
        let hours = count * 24
        // An offset west of UTC moves the instant later: `-24:00` is a day on.
        return fromRFC3339(String(date.dropLast()) + (hours >= 0 ? "-" : "+") + (abs(hours) < 10 ? "0" : "") + "\(abs(hours))00")
    }
}

extension FeedDate {
    /// Whether `text` is already what `rfc3339` makes of it: `YYYY-MM-DDTHH:MM:SSZ`, a day its month
    /// has, an hour, a minute and a second (not 60) in range, a year from 1.
    static func isCanonical(_ text: String) -> Bool {
        // The month's length worked out, not the day counted from 1970 and back (callgrind, clean build of Benchmarks/posts.py
        // 1000: the snapshots' 22,000 date checks 13.2 M -> 5.6 M instructions, the river, post order and page times ~24 M less).
        guard text.utf8.count == 20 else { return false }
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            /// The two digits at `start` as a number; over 99 when one is not a digit.
            func pair(_ start: Int) -> Int {
                let tens = base[start] &- UInt8(ascii: "0"), ones = base[start + 1] &- UInt8(ascii: "0")
                return tens < 10 && ones < 10 ? Int(tens) * 10 + Int(ones) : 100
            }
            guard base[4] == UInt8(ascii: "-"), base[7] == UInt8(ascii: "-"), base[10] == UInt8(ascii: "T"), base[13] == UInt8(ascii: ":"),
                  base[16] == UInt8(ascii: ":"), base[19] == UInt8(ascii: "Z") else { return false }
            let century = pair(0), yearOfCentury = pair(2), month = pair(5), day = pair(8)
            guard century < 100, yearOfCentury < 100, century + yearOfCentury > 0, (1...12).contains(month), day >= 1,
                  pair(11) <= 23, pair(14) <= 59, pair(17) <= 59 else { return false }
            // 31 days in January, March, May, July, August, October, December: the months where month + month / 8 is odd.
            guard month == 2 else { return day <= 30 + ((month + (month >> 3)) & 1) }
            let isLeap = yearOfCentury == 0 ? century % 4 == 0 : yearOfCentury % 4 == 0
            return day <= (isLeap ? 29 : 28)
        }
    }
}

private extension FeedDate {
    /// The number the ASCII digits `bytes[start..<start + length]` write (in range); nil when one is not a digit.
    static func decimal(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> Int? {
        var value = 0
        for index in start..<(start + length) {
            guard bytes[index].isASCIIDigit else { return nil }
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
        }
        return value
    }

    static let weekdays: [[UInt8]] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].map { Array($0.utf8) }
    static let monthNames: [[UInt8]] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].map { Array($0.utf8) }

    /// `Mon, 28 Nov 2026 09:05:00 GMT` (or `+0000`) exactly, as `fromRFC822` reads it; nil for any other shape.
    static func fromCommonRFC822(_ text: String) -> String? {
        var text = text
        let fields: (Int, Int, Int, Int, Int, Int)? = text.withUTF8 { bytes in
            guard bytes.count == 29 || bytes.count == 31 else { return nil }
            func number(_ start: Int, _ length: Int) -> Int? { decimal(bytes, start, length) }
            func word(_ start: Int, _ words: [[UInt8]]) -> Int? {
                words.firstIndex { $0[0] == bytes[start] && $0[1] == bytes[start + 1] && $0[2] == bytes[start + 2] }
            }
            let zone = bytes.count == 29 ? "GMT" : "+0000"
            guard word(0, weekdays) != nil, bytes[3] == UInt8(ascii: ","), bytes[4] == 0x20, bytes[7] == 0x20, bytes[11] == 0x20,
                  bytes[16] == 0x20, bytes[19] == UInt8(ascii: ":"), bytes[22] == UInt8(ascii: ":"), bytes[25] == 0x20,
                  bytes[26...].elementsEqual(zone.utf8), let day = number(5, 2), let month = word(8, monthNames),
                  let year = number(12, 4), let hour = number(17, 2), let minute = number(20, 2), let second = number(23, 2) else { return nil }
            return (year, month + 1, day, hour, minute, second)
        }
        guard let (year, month, day, hour, minute, second) = fields else { return nil }
        return formatted(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: 0, anyDay: false)
    }

    /// Zone names RFC 822 allows and a few more feeds use, in minutes east of UTC.
    static let zones: [String: Int] = [
        "UT": 0, "UTC": 0, "GMT": 0, "Z": 0, "EST": -300, "EDT": -240, "CST": -360, "CDT": -300,
        "MST": -420, "MDT": -360, "PST": -480, "PDT": -420, "BST": 60, "CET": 60, "CEST": 120, "MET": 60, "MEST": 120,
    ]
    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    static func fromRFC822(_ text: String, anyDay: Bool = false) -> String? {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
        if let first = words.first, first.first?.isLetter == true, first.count >= 3,
           !months.contains(String(first.prefix(3)).lowercased()) || words.count > 5 {
            words.removeFirst() // the weekday
        }
        guard words.count >= 3 else { return nil }
        // "29 Nov 2026 ..." or, now and then, "Nov 29 2026 ...".
        var dayWord = words[0], monthWord = words[1]
        if Int(dayWord) == nil, Int(monthWord) != nil { swap(&dayWord, &monthWord) }
        guard let day = Int(dayWord), let month = months.firstIndex(of: String(monthWord.prefix(3)).lowercased()),
              var year = Int(words[2]) else { return nil }
        if words[2].count == 2 { year += year < 50 ? 2000 : 1900 }
        var hour = 0, minute = 0, second = 0, offset = 0
        if words.count > 3 {
            let time = words[3].split(separator: ":").map { Int($0) }
            guard time.count >= 2, time.count <= 3, !time.contains(nil) else { return nil }
            hour = time[0]!
            minute = time[1]!
            second = time.count == 3 ? time[2]! : 0
        }
        if words.count > 4 {
            guard let zone = zoneOffset(words[4]) else { return nil }
            offset = zone
        }
        return formatted(year: year, month: month + 1, day: day, hour: hour, minute: minute, second: second, offset: offset, anyDay: anyDay)
    }

    /// `+0000`, `-05:00`, `GMT`, `EST`, … in minutes east of UTC; an unknown name (or a military
    /// letter) counts as UTC, as RFC 2822 says of them.
    static func zoneOffset(_ word: String) -> Int? {
        if let sign = word.first, sign == "+" || sign == "-" {
            let digits = word.dropFirst().filter { $0 != ":" }
            guard digits.count == 4, let value = Int(digits) else { return nil }
            let minutes = value / 100 * 60 + value % 100
            return sign == "-" ? -minutes : minutes
        }
        guard word.allSatisfy(\.isLetter) else { return nil }
        return zones[word.uppercased()] ?? 0
    }

    static func fromRFC3339(_ text: String, anyDay: Bool = false) -> String? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count, bytes[range].allSatisfy(\.isASCIIDigit) else { return nil }
            return Int(String(decoding: bytes[range], as: UTF8.self))
        }
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        if bytes.count == 10 { return formatted(year: year, month: month, day: day, hour: 0, minute: 0, second: 0, offset: 0, anyDay: anyDay) }
        guard bytes.count >= 16, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") || bytes[10] == UInt8(ascii: " "),
              bytes[13] == UInt8(ascii: ":"), let hour = number(11..<13), let minute = number(14..<16) else { return nil }
        var index = 16
        var second = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            guard let value = number(17..<19) else { return nil }
            second = value
            index = 19
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
                index += 1
                while index < bytes.count, bytes[index].isASCIIDigit { index += 1 }
            }
        }
        let zone = String(decoding: bytes[index...], as: UTF8.self).trimmingSpaces
        var offset = 0
        if !zone.isEmpty {
            guard let value = zone == "z" ? 0 : zoneOffset(String(zone)) else { return nil }
            offset = value
        }
        return formatted(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset, anyDay: anyDay)
    }

    /// The instant as `YYYY-MM-DDTHH:MM:SSZ` in UTC, or nil when a field is out of range (the day
    /// beyond the month's last unless `anyDay`).
    static func formatted(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offset: Int, anyDay: Bool) -> String? {
        guard (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute),
              (0...60).contains(second), (1...9999).contains(year),
              anyDay || civil(days: days(year: year, month: month, day: day)) == (year, month, day) else { return nil }
        let seconds = days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offset * 60
        let dayCount = Int((Double(seconds) / 86_400).rounded(.down))
        let rest = seconds - dayCount * 86_400
        let (y, m, d) = civil(days: dayCount)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(y).count)) + String(y)
        return "\(yearText)-\(two(m))-\(two(d))T\(two(rest / 3600)):\(two(rest % 3600 / 60)):\(two(rest % 60))Z"
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01.
    static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
