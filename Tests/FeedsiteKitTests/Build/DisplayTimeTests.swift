import Testing
@testable import FeedsiteKit

/// How a post's time reads on a page, in English and in the language-neutral form.
@Suite struct DisplayTimeTests {
    @Test("a time reads as day without a leading zero, month name, year and UTC in English, and in ISO order otherwise", arguments: [
        ("2026-01-01T00:00:00Z", "1 Jan 2026, 00:00 UTC", "2026-01-01 00:00 UTC"),
        ("2026-02-09T09:05:59Z", "9 Feb 2026, 09:05 UTC", "2026-02-09 09:05 UTC"),
        ("2026-03-10T10:10:00Z", "10 Mar 2026, 10:10 UTC", "2026-03-10 10:10 UTC"),
        ("1999-04-20T23:59:00Z", "20 Apr 1999, 23:59 UTC", "1999-04-20 23:59 UTC"),
        ("2026-05-31T12:00:00Z", "31 May 2026, 12:00 UTC", "2026-05-31 12:00 UTC"),
        ("2026-06-30T01:02:03Z", "30 Jun 2026, 01:02 UTC", "2026-06-30 01:02 UTC"),
        ("2026-07-04T04:04:04Z", "4 Jul 2026, 04:04 UTC", "2026-07-04 04:04 UTC"),
        ("2026-08-15T15:15:15Z", "15 Aug 2026, 15:15 UTC", "2026-08-15 15:15 UTC"),
        ("2026-09-01T00:00:00Z", "1 Sep 2026, 00:00 UTC", "2026-09-01 00:00 UTC"),
        ("2026-10-21T21:21:00Z", "21 Oct 2026, 21:21 UTC", "2026-10-21 21:21 UTC"),
        ("2026-11-29T15:03:00+01:00", "29 Nov 2026, 14:03 UTC", "2026-11-29 14:03 UTC"),
        ("2026-12-31T23:30:00-01:00", "1 Jan 2027, 00:30 UTC", "2027-01-01 00:30 UTC"),
    ])
    func display(published: String, english: String, neutral: String) throws {
        let time = try #require(DisplayTime(published))
        #expect(time.display(english: true) == english)
        #expect(time.display(english: false) == neutral)
    }

    @Test("a post's anchor is post- and the id's letters, digits and -, other bytes as _XX, after the river's prefix", arguments: [
        ("abc-123", "", "post-abc-123"),
        ("https://x.example/1", "", "post-https_3A_2F_2Fx_2Eexample_2F1"),
        ("é 1", "jack-", "jack-post-_C3_A9_201"),
        ("", "a-", "a-post-"),
    ])
    func anchor(id: String, prefix: String, expected: String) {
        #expect(PostAnchor.of(id, after: prefix) == expected)
    }
}
