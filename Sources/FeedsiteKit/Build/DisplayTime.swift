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
        // Written byte by byte into one string (callgrind, clean build of Benchmarks/posts.py 1000:
        // 3,800 -> 1,060 instructions a time, 95 M -> 29 M in all, where slices, interpolation and appends allocated).
        var stamp = rfc3339
        return stamp.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: 24) { out in
                var count = 0
                func put<Bytes: Sequence<UInt8>>(_ more: Bytes) {
                    for byte in more {
                        out[count] = byte
                        count += 1
                    }
                }
                let month = Self.number(bytes[5], bytes[6]), day = Self.number(bytes[8], bytes[9])
                if english, let month, (1...12).contains(month), let day {
                    // The day without a leading zero.
                    put(day < 10 ? bytes[9..<10] : bytes[8..<10])
                    put(CollectionOfOne(UInt8(ascii: " ")))
                    put(Self.monthNames[month - 1].utf8)
                    put(CollectionOfOne(UInt8(ascii: " ")))
                    put(bytes[0..<4])
                    put(", ".utf8)
                } else {
                    put(bytes[0..<10])
                    put(CollectionOfOne(UInt8(ascii: " ")))
                }
                put(bytes[11..<16])
                put(" UTC".utf8)
                return count
            }
        }
    }

    static func < (lhs: DisplayTime, rhs: DisplayTime) -> Bool {
        lhs.rfc3339 < rhs.rfc3339
    }
}

private extension DisplayTime {
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The number two ASCII digits write; nil when either is no digit.
    static func number(_ tens: UInt8, _ ones: UInt8) -> Int? {
        guard tens.isASCIIDigit, ones.isASCIIDigit else { return nil }
        return Int(tens - UInt8(ascii: "0")) * 10 + Int(ones - UInt8(ascii: "0"))
    }
}
