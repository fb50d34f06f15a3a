import Testing
@testable import FeedsiteKit

@Suite struct FeedDateTests {
    @Test("a date already in feedsite's own form reads as the longer way reads it, in range or not", arguments: [
        "2026-11-29T14:03:00Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "2024-02-29T12:00:00Z", "2026-02-29T12:00:00Z",
        "1900-02-29T00:00:00Z", "2000-02-29T00:00:00Z", "2026-11-31T00:00:00Z", "2026-12-31T00:00:00Z", "2026-00-10T00:00:00Z",
        "2026-13-10T00:00:00Z", "2026-01-00T00:00:00Z", "2026-01-32T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T23:60:00Z",
        "2026-01-01T23:59:60Z", "0000-01-01T00:00:00Z", "2026-01-01t00:00:00Z", "2026-01-01T00:00:00z", "2026-01-01T00:00:0AZ",
        "2026-01-01 00:00:00Z", "2026-01-01T00:00:00+", "+026-01-01T00:00:00Z",
    ])
    func canonical(text: String) {
        // A leading space is trimmed, so the same date then goes the whole way through the parser.
        #expect(FeedDate.rfc3339(text) == FeedDate.rfc3339(" " + text))
    }

    @Test("feedsite's own form is recognized on every day, month and hour around the edges of months and leap years as the longer way reads it")
    func canonicalCalendar() {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        for year in [0, 1, 4, 99, 100, 200, 400, 1600, 1700, 1900, 2000, 2023, 2024, 2026, 2100, 2400, 9996, 9999] {
            let yearText = String(repeating: "0", count: 4 - String(year).count) + String(year)
            for month in 0...13 {
                for day in 0...32 {
                    for time in ["00:00:00", "23:59:59", "24:00:00", "12:60:00", "12:00:60"] {
                        let text = "\(yearText)-\(two(month))-\(two(day))T\(time)Z"
                        #expect(FeedDate.isCanonical(text) == (FeedDate.rfc3339(" " + text) == text), "\(text)")
                    }
                }
            }
        }
    }

    @Test("a date in the common RFC 822 form reads as the longer way reads it, in range or not", arguments: [
        "Sun, 29 Nov 2026 14:03:00 GMT", "Sun, 29 Nov 2026 14:03:00 +0000", "Tue, 31 Nov 2026 14:03:00 GMT", "Mon, 29 Feb 2027 00:00:00 GMT",
        "Thu, 29 Feb 2024 23:59:59 GMT", "Sun, 29 Nov 2026 24:00:00 GMT", "Sun, 29 Nov 2026 23:59:60 GMT", "Sun, 29 Nov 2026 23:60:00 GMT",
        "Sun, 00 Nov 2026 14:03:00 GMT", "Sun, 29 Nov 0000 14:03:00 GMT", "Sun, 29 nov 2026 14:03:00 GMT", "Xyz, 29 Nov 2026 14:03:00 GMT",
        "Sun, 29 Nov 2026 14:03:00 EST", "Sun, 29 Nov 2026 14:03:00 +0100", "Sun, 29 Nov 2026 14:03:0A GMT", "Sun, 29 Xyz 2026 14:03:00 GMT",
        "Sun; 29 Nov 2026 14:03:00 GMT", "Sun, 29 Nov 2026 14.03:00 GMT", "Nov, 29 Nov 2026 14:03:00 GMT",
    ])
    func commonRFC822(text: String) {
        // A leading space is trimmed, so the same date then goes the whole way through the parser.
        #expect(FeedDate.rfc3339(text) == FeedDate.rfc3339(" " + text))
    }

    @Test("RFC 822 dates and their common variations become RFC 3339 in UTC", arguments: [
        ("Sun, 29 Nov 2026 14:03:00 GMT", "2026-11-29T14:03:00Z"),
        ("29 Nov 2026 14:03:00 GMT", "2026-11-29T14:03:00Z"),
        ("Sun, 1 Nov 2026 14:03:00 +0000", "2026-11-01T14:03:00Z"),
        ("Sun,1 Nov 2026 14:03 -0500", "2026-11-01T19:03:00Z"),
        ("Mon, 30 Nov 2026 01:00:00 +05:30", "2026-11-29T19:30:00Z"),
        ("Sun, 29 Nov 2026 14:03:00 EST", "2026-11-29T19:03:00Z"),
        ("Sun, 29 Nov 2026 14:03:00 PDT", "2026-11-29T21:03:00Z"),
        ("Sun, 29 Nov 26 14:03:00 UT", "2026-11-29T14:03:00Z"),
        ("Fri, 31 Dec 99 23:59:59 Z", "1999-12-31T23:59:59Z"),
        ("Sunday, 29 November 2026 14:03:00 GMT", "2026-11-29T14:03:00Z"),
        ("Sun, 29 nov 2026 14:03:00", "2026-11-29T14:03:00Z"),
        ("Thu, 31 Dec 2026 23:30:00 -0100", "2027-01-01T00:30:00Z"),
        ("Sun, 29 Nov 2026", "2026-11-29T00:00:00Z"),
    ])
    func rfc822(text: String, expected: String) {
        #expect(FeedDate.rfc3339(text) == expected)
    }

    @Test("RFC 3339 dates with zones, fractions and the forms feeds use instead become RFC 3339 in UTC", arguments: [
        ("2026-11-29T14:03:00Z", "2026-11-29T14:03:00Z"),
        ("2026-11-29T14:03:00.123456Z", "2026-11-29T14:03:00Z"),
        ("2026-11-29T14:03:00+02:00", "2026-11-29T12:03:00Z"),
        ("2026-11-29T00:30:00-01:00", "2026-11-29T01:30:00Z"),
        ("2026-03-01T00:30:00+01:00", "2026-02-28T23:30:00Z"),
        ("2024-03-01T00:30:00+01:00", "2024-02-29T23:30:00Z"),
        ("2026-11-29t14:03:00z", "2026-11-29T14:03:00Z"),
        ("2026-11-29 14:03:00", "2026-11-29T14:03:00Z"),
        ("2026-11-29T14:03+0100", "2026-11-29T13:03:00Z"),
        ("2026-11-29", "2026-11-29T00:00:00Z"),
        ("  2026-11-29T14:03:00Z\n", "2026-11-29T14:03:00Z"),
    ])
    func rfc3339(text: String, expected: String) {
        #expect(FeedDate.rfc3339(text) == expected)
    }

    @Test("what is not a date is nil", arguments: [
        "yesterday", "", "2026-13-01T00:00:00Z", "32 Nov 2026 10:00:00 GMT", "Sun, 29 Foo 2026 10:00:00 GMT",
        "29 Nov 2026 25:00:00 GMT", "2026-11-29T14:03:00+0", "Sun, 29 Nov 2026 14:03:00 +05",
    ])
    func invalid(text: String) {
        #expect(FeedDate.rfc3339(text) == nil)
    }
}
