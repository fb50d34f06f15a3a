import Testing
@testable import FeedsiteKit

@Suite struct IntentURLInspectorTests {
    static let base = "https://twitter.com/intent/tweet?"

    func codes(_ url: String, strict: Bool = false) -> [String]? {
        IntentURLInspector(strict: strict).inspect(url).map { $0.problems.map(\.rule.rawValue).sorted() }
    }

    @Test("intent URLs are recognised by scheme, host and path, ignoring case", arguments: [
        "https://twitter.com/intent/tweet?text=a", "http://x.com/intent/post", "HTTPS://WWW.Twitter.COM/intent/like?tweet_id=1",
        "//mobile.x.com/intent/follow?screen_name=a", "  https://twitter.com/intent/tweet?text=a\n", "https://mobile.twitter.com/intent/retweet?tweet_id=5",
    ])
    func recognised(_ url: String) {
        #expect(IntentURLInspector().inspect(url) != nil)
    }

    @Test("look-alikes are not intent URLs", arguments: [
        "https://twitter.com.example.net/intent/tweet?text=a", "https://example.com/intent/tweet", "https://twitter.com/intentional",
        "twitter.com/intent/tweet?text=a", "https://twitter.com/share?text=a", "ftp://twitter.com/intent/tweet", "https://twitter.com:443/intent/tweet",
        "https://nottwitter.com/intent/tweet", "/intent/tweet?text=a",
    ])
    func lookAlikes(_ url: String) {
        #expect(IntentURLInspector().inspect(url) == nil)
    }

    @Test("each rule fires on the URL that breaks it", arguments: [
        (base + "text=a%0Ab", [String]()),
        (base + "text=a\nb", ["raw-newline"]),
        (base + "text=a\tb", ["raw-newline"]),
        (base + "text=a b", ["raw-space"]),
        (base + "text=café", ["raw-non-ascii"]),
        (base + "text=a<b", ["raw-unsafe-char"]),
        (base + "text=a|b", ["raw-unsafe-char"]),
        (base + "text=a#b", ["raw-hash"]),
        (base + "text=100%", ["invalid-percent-triplet"]),
        (base + "text=%zz", ["invalid-percent-triplet"]),
        (base + "text=%c3%a9", ["lowercase-hex"]),
        (base + "text=%7E", ["encoded-unreserved"]),
        (base + "text=a&amp;url=https%3A%2F%2Fa.b", ["double-escaped-ampersand"]),
        (base + "text=Tom & Jerry", ["raw-ampersand", "raw-space"]),
        (base + "text=a&b", ["raw-ampersand"]),
        (base + "text=a&colour=red", ["unknown-parameter"]),
        (base + "text=a&text=b", ["repeated-parameter"]),
        (base + "text=a+b", ["ambiguous-plus"]),
        (base + "text=%FF", ["invalid-utf8"]),
        (base + "text=%2540", ["double-encoded"]),
        (base + "text=", ["empty-parameter"]),
        (base + "via=%40jack", ["invalid-handle"]),
        (base + "via=abcdefghijklmnop", ["invalid-handle"]),
        (base + "related=ok,bad-one:Description", ["invalid-handle"]),
        (base + "related=ok,fine:Some%20description", [String]()),
        (base + "hashtags=%23swift", ["hashtag-leading-hash"]),
        (base + "in_reply_to=12a", ["non-numeric-id"]),
        (base + "in_reply_to=12345678901234567890", ["non-numeric-id"]),
        ("https://twitter.com/intent/like?tweet_id=x", ["non-numeric-id"]),
        ("https://twitter.com/intent/follow?user_id=", ["empty-parameter", "non-numeric-id"]),
        ("https://twitter.com/intent/follow?screen_name=a.b", ["invalid-handle"]),
        (base + "url=ftp%3A%2F%2Fa", ["invalid-url-param"]),
        (base + "url=example.com", ["invalid-url-param"]),
        (base + "text=" + String(repeating: "a", count: 281), ["too-long"]),
        (base + "text=" + String(repeating: "a", count: 280), [String]()),
        (base + "text=" + String(repeating: "%E4%B8%AD", count: 141), ["too-long"]),
        (base + "text=" + String(repeating: "a", count: 258) + "&url=https%3A%2F%2Fa.b", ["too-long"]),
        (base + "text=" + String(repeating: "a", count: 257) + "&url=https%3A%2F%2Fa.b", [String]()),
        ("https://twitter.com/intent/share?text=a", ["unknown-action"]),
        (base + "text=%40OUTPUT.DD", [String]()),
        (base + "text=a&hashtags=swift,ios&via=jack&related=a,b&in_reply_to=123&url=https%3A%2F%2Fx.com%2Fa", [String]()),
    ])
    func rule(_ url: String, _ expected: [String]) {
        #expect(codes(url) == expected.sorted(), "\(url)")
    }

    @Test("severities follow the rule table")
    func severities() {
        #expect(CheckRule.rawSpace.severity == .error)
        #expect(CheckRule.lowercaseHex.severity == .warning)
        #expect(CheckRule.encodedUnreserved.severity == .warning)
        #expect(CheckRule.unknownParameter.severity == .warning)
        #expect(CheckRule.repeatedParameter.severity == .warning)
        #expect(CheckRule.ambiguousPlus.severity == .warning)
        #expect(CheckRule.emptyParameter.severity == .warning)
        #expect(CheckRule.tooLong.severity == .warning)
        #expect(CheckRule.rawAmpersand.severity == .error)
        #expect(CheckRule.invalidHandle.severity == .error)
        #expect(CheckRule.brokenLink.severity == .error)
    }

    @Test("strict mode flags reserved characters left raw in values, except ',' between list items")
    func strict() {
        #expect(codes(Self.base + "text=a:b@c", strict: true) == ["raw-reserved-char"])
        #expect(codes(Self.base + "text=a:b@c") == [])
        #expect(codes(Self.base + "hashtags=a,b&related=c,d", strict: true) == [])
        #expect(codes(Self.base + "text=a,b", strict: true) == ["raw-reserved-char"])
    }

    @Test("a corrected URL is suggested when the intended value is unambiguous", arguments: [
        (base + "text=Hello world", base + "text=Hello%20world"),
        (base + "text=Tom & Jerry&via=jack", base + "text=Tom%20%26%20Jerry&via=jack"),
        (base + "text=We're #1", base + "text=We%27re%20%231"),
        (base + "text=%c3%a9", base + "text=%C3%A9"),
        (base + "text=%7Efoo", base + "text=~foo"),
        (base + "text=50%", base + "text=50%25"),
        (base + "text=a&amp;via=jack", base + "text=a&via=jack"),
        (base + "hashtags=%23swift,ios", base + "hashtags=swift,ios"),
        (base + "text=café", base + "text=caf%C3%A9"),
    ])
    func suggestion(_ url: String, _ expected: String) {
        #expect(IntentURLInspector().inspect(url)?.suggestion == expected)
    }

    @Test("no URL is suggested when the intent is ambiguous", arguments: [
        base + "text=a+b c", base + "text=%FF ", base + "text=%2540 x", base + "via=@me&text=a b",
    ])
    func noSuggestion(_ url: String) {
        #expect(IntentURLInspector().inspect(url)?.suggestion == nil)
    }
}
