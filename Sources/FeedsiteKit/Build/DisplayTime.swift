/// A moment from a snapshot (`published`, `fetched_at`, `changed_at`), read again because a snapshot
/// edited by hand may hold anything: as RFC 3339 in UTC, to order posts and for `<time datetime>`, and
/// as text for readers.
struct DisplayTime: Sendable, Comparable {
    /// `YYYY-MM-DDTHH:MM:SSZ`: fixed width, so that comparing the text compares the moments.
    let rfc3339: String
}

extension DisplayTime {
    /// Reads `text` as feeds write dates (`FeedDate`); nil when it is not a date.
    init?(_ text: String) {
        guard let normalized = FeedDate.rfc3339(text), normalized.utf8.count == 20 else { return nil }
        rfc3339 = normalized
    }

    /// The time for readers, to the minute, in UTC: `29 Nov 2026, 14:03 UTC` in English, else the
    /// language-neutral `2026-11-29 14:03 UTC` (ISO 8601 order, no month name to translate).
    func display(english: Bool) -> String {
        let bytes = Array(rfc3339.utf8)
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        let time = text(11..<16) + " UTC"
        guard english, let month = Int(text(5..<7)), let day = Int(text(8..<10)) else { return text(0..<10) + " " + time }
        return "\(day) \(Self.monthNames[month - 1]) \(text(0..<4)), " + time
    }

    static func < (lhs: DisplayTime, rhs: DisplayTime) -> Bool {
        lhs.rfc3339 < rhs.rfc3339
    }
}

private extension DisplayTime {
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
