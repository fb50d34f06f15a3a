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
        "https://bsky.app/intent/compose?text=a", "HTTPS://BSKY.APP/intent/compose", "//bsky.app/intent/compose?text=a",
        "https://mastodon.social/share?text=a", "https://Mastodon.Social/share", "https://mastodon.social/share#x",
    ])
    func recognised(_ url: String) {
        #expect(IntentURLInspector().inspect(url) != nil)
    }

    @Test("look-alikes are not intent URLs", arguments: [
        "https://twitter.com.example.net/intent/tweet?text=a", "https://example.com/intent/tweet", "https://twitter.com/intentional",
        "twitter.com/intent/tweet?text=a", "https://twitter.com/share?text=a", "ftp://twitter.com/intent/tweet", "https://twitter.com:8443/intent/tweet",
        "https://nottwitter.com/intent/tweet", "/intent/tweet?text=a",
        "https://bsky.app.example.net/intent/compose?text=a", "https://bsky.social/intent/compose?text=a",
        "https://example.com/share?text=a", "https://mastodon.social/shared?text=a", "https://mastodon.social/api/share?text=a",
        "https://mastodon.social.evil.example/share?text=a", "https://bsky.app/profile/a.bsky.social",
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
        (base + "text=%2540", ["double-encoded-text"]),
        (base + "hashtags=swift%2540", ["double-encoded"]),
        (base + "url=https%253A%252F%252Fa.b", ["double-encoded", "invalid-url-param"]),
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
        // X writes the text, a space, then the link (23): 257 + 1 + 23 = 281.
        (base + "text=" + String(repeating: "a", count: 257) + "&url=https%3A%2F%2Fa.b", ["too-long"]),
        (base + "text=" + String(repeating: "a", count: 256) + "&url=https%3A%2F%2Fa.b", [String]()),
        // A link inside the text counts 23 too: 257 + 1 + 23 = 281, 256 + 1 + 23 = 280.
        (base + "text=" + String(repeating: "a", count: 257) + "%20example.com", ["too-long"]),
        (base + "text=" + String(repeating: "a", count: 256) + "%20example.com", [String]()),
        // Hashtags and via join with spaces: 260 + " #abcdef" 8 + " via @jack" 10 = 278; 263 makes 281.
        (base + "text=" + String(repeating: "a", count: 260) + "&hashtags=abcdef&via=jack", [String]()),
        (base + "text=" + String(repeating: "a", count: 263) + "&hashtags=abcdef&via=jack", ["too-long"]),
        ("https://twitter.com/intent/share?text=a", ["unknown-action"]),
        (base + "text=%40OUTPUT.DD", [String]()),
        (base + "text=a&hashtags=swift,ios&via=jack&related=a,b&in_reply_to=123&url=https%3A%2F%2Fx.com%2Fa", [String]()),
        // Bluesky's and Mastodon's compose URLs: the same rules, their own parameters and limits.
        (NetworkIntentURLTests.bluesky + "text=Hello%20world", [String]()),
        (NetworkIntentURLTests.bluesky + "text=Hello world", ["raw-space"]),
        (NetworkIntentURLTests.bluesky + "text=caf%c3%a9", ["lowercase-hex"]),
        (NetworkIntentURLTests.bluesky + "text=100%", ["invalid-percent-triplet"]),
        (NetworkIntentURLTests.bluesky + "text=a&b", ["raw-ampersand"]),
        (NetworkIntentURLTests.bluesky + "text=", ["empty-parameter"]),
        (NetworkIntentURLTests.bluesky + "text=a&text=b", ["repeated-parameter"]),
        (NetworkIntentURLTests.bluesky + "text=a&via=jack", ["unknown-parameter"]),
        (NetworkIntentURLTests.bluesky + "text=a&url=https%3A%2F%2Fa.b", ["unknown-parameter"]),
        ("https://bsky.app/intent/post?text=a", ["unknown-action"]),
        (NetworkIntentURLTests.bluesky + "text=%FF", ["invalid-utf8"]),
        // Bluesky counts 300 graphemes, links in full; a family emoji is one.
        (NetworkIntentURLTests.bluesky + "text=" + String(repeating: "a", count: 300), [String]()),
        (NetworkIntentURLTests.bluesky + "text=" + String(repeating: "a", count: 301), ["too-long"]),
        (NetworkIntentURLTests.bluesky + "text=" + String(repeating: "%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9%E2%80%8D%F0%9F%91%A7", count: 300), [String]()),
        (NetworkIntentURLTests.mastodon + "text=Hello%20world&url=https%3A%2F%2Fa.b&title=Hi", [String]()),
        (NetworkIntentURLTests.mastodon + "text=a&hashtags=b", ["unknown-parameter"]),
        (NetworkIntentURLTests.mastodon + "text=a&url=example.com", ["invalid-url-param"]),
        (NetworkIntentURLTests.mastodon + "text=a+b", ["ambiguous-plus"]),
        (NetworkIntentURLTests.mastodon + "text=a#b", ["raw-hash"]),
        // Mastodon: 500, a URL 23, a remote mention its user part.
        (NetworkIntentURLTests.mastodon + "text=" + String(repeating: "a", count: 500), [String]()),
        (NetworkIntentURLTests.mastodon + "text=" + String(repeating: "a", count: 501), ["too-long"]),
        (NetworkIntentURLTests.mastodon + "text=" + String(repeating: "a", count: 476) + "&url=https%3A%2F%2Fexample.com%2F" + String(repeating: "p", count: 100), [String]()),
        (NetworkIntentURLTests.mastodon + "text=" + String(repeating: "a", count: 477) + "&url=https%3A%2F%2Fexample.com", ["too-long"]),
        (NetworkIntentURLTests.mastodon + "text=%40alice%40mastodon.social%20" + String(repeating: "a", count: 493), [String]()),
        (NetworkIntentURLTests.mastodon + "text=%40alice%40mastodon.social%20" + String(repeating: "a", count: 494), ["too-long"]),
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

    @Test("a url that decodes to a valid http(s) URL keeps that URL's own escapes: it is not encoded twice", arguments: [
        base + "url=https%3A%2F%2Fexample.com%2Fa%2520b",
        base + "url=https%3A%2F%2Fen.wikipedia.org%2Fwiki%2FCaf%25C3%25A9",
        base + "text=Read%20this&url=https%3A%2F%2Fen.wikipedia.org%2Fwiki%2FCaf%25C3%25A9",
        base + "original_referer=https%3A%2F%2Fexample.com%2F%3Fq%3Da%2520b&text=a",
    ])
    func urlKeepsItsEscapes(_ url: String) {
        #expect(codes(url, strict: true) == [])
    }

    @Test("free text that still holds %XX after decoding is a warning: encoded twice, or a literal %XX the text means")
    func literalPercentInText() throws {
        let problem = try #require(IntentURLInspector().inspect(Self.base + "text=Use%20%253C%20for%20%3C")?.problems.first)
        #expect(problem.rule == .doubleEncodedText)
        #expect(problem.rule.severity == .warning)
        #expect(problem.message == "'text' still holds '%3C' after decoding: it was encoded twice, or the text means a literal '%3C' (then all is well)")
        #expect(CheckRule.doubleEncoded.severity == .error)
    }

    @Test("a parameter with no '=' is said to have no value, not to be split off by a raw '&'", arguments: [
        (base + "text", "'text' has no '=' and so no value; write 'text=…' or remove it"),
        (base + "text&via=jack", "'text' has no '=' and so no value; write 'text=…' or remove it"),
        (base + "text=a&via", "'via' has no '=' and so no value; write 'via=…' or remove it"),
    ])
    func parameterWithoutEquals(_ url: String, _ message: String) {
        let problems = IntentURLInspector().inspect(url)?.problems ?? []
        #expect(problems.map(\.rule) == [.emptyParameter])
        #expect(problems.first?.message == message)
    }

    @Test("tabs and line breaks are dropped from the suggestion, as browsers drop them, never encoded as %0A", arguments: [
        (base + "text=Hello%20\nworld%21 x", base + "text=Hello%20world%21%20x"),
        (base + "text=Hello x&\nvia=jack", base + "text=Hello%20x&via=jack"),
        (base + "text=Hello\t x", base + "text=Hello%20x"),
        (base + "text=a\r\nb", base + "text=ab"),
    ])
    func lineWrapSuggestion(_ url: String, _ expected: String) {
        let result = IntentURLInspector().inspect(url)
        #expect(result?.suggestion == expected, "\(url.debugDescription)")
        #expect(result?.suggestion?.contains("%0A") != true)
        #expect(result?.suggestion?.contains("%09") != true)
    }

    @Test("a line break after '&' does not split the next parameter off: browsers drop it before they read the query")
    func lineBreakBeforeParameter() {
        #expect(codes(Self.base + "text=a&\nvia=jack") == ["raw-newline"])
    }

    @Test("the parameters X's own buttons add are accepted where X adds them", arguments: [
        base + "original_referer=https%3A%2F%2Fexample.com%2F&ref_src=twsrc%5Etfw&text=Hello&tw_p=tweetbutton&url=https%3A%2F%2Fexample.com%2F",
        base + "button_hashtag=swift&ref_src=twsrc%5Etfw",
        base + "ref_src=twsrc%5Etfw&screen_name=jack&tw_p=tweetbutton",
        "https://x.com/intent/post?ref_src=twsrc%5Etfw&text=a",
        "https://twitter.com/intent/follow?original_referer=https%3A%2F%2Fexample.com%2F&ref_src=twsrc%5Etfw&region=follow_link&screen_name=jack&tw_p=followbutton",
        "https://twitter.com/intent/like?tweet_id=1&ref_src=twsrc%5Etfw",
    ])
    func buttonParameters(_ url: String) {
        #expect(codes(url) == [], "\(url)")
    }

    @Test("button parameters are not accepted where X does not add them, and are checked like the others")
    func buttonParametersElsewhere() {
        #expect(codes("https://twitter.com/intent/like?tweet_id=1&button_hashtag=a") == ["unknown-parameter"])
        #expect(codes(Self.base + "screen_name=%40jack") == ["invalid-handle"])
        #expect(codes(Self.base + "button_hashtag=%23swift") == ["hashtag-leading-hash"])
        #expect(codes(Self.base + "original_referer=example.com") == ["invalid-url-param"])
    }

    // The sizes below are those that hung `feedsite check`: a quadratic step makes this suite hang.

    @Test("40,000 repeats of one parameter are one finding that counts them, not 40,000 (one pass over 40,000 names)")
    func repeatedParameterSummary() {
        let url = Self.base + Array(repeating: "in_reply_to=1", count: 40_000).joined(separator: "&")
        let problems = IntentURLInspector().inspect(url)?.problems ?? []
        #expect(problems.map(\.rule) == [.repeatedParameter])
        #expect(problems.first?.message == "'in_reply_to' is given 40,000 times; X uses only one of them")
    }

    @Test("300,000 distinct unknown parameters are one finding that says how many more (names kept in a set, not searched)")
    func unknownParameterSummary() {
        let url = Self.base + (0..<300_000).map { "x\($0)=1" }.joined(separator: "&")
        let problems = IntentURLInspector().inspect(url)?.problems ?? []
        #expect(problems.map(\.rule) == [.unknownParameter])
        #expect(problems.first?.message == "'x0' is not a parameter of intent/tweet; it accepts text, url, hashtags, via, related, in_reply_to "
            + "(and 299,999 more in this URL)")
    }

    @Test("100,000 raw '&' are one finding, and the suggestion puts every one back in linear time")
    func rawAmpersandSummary() throws {
        let url = Self.base + "text=a" + String(repeating: "&b", count: 100_000)
        let result = try #require(IntentURLInspector().inspect(url))
        #expect(result.problems.map(\.rule) == [.rawAmpersand])
        #expect(result.problems.first?.message.hasSuffix("(and 99,999 more in this URL)") == true)
        #expect(result.suggestion == Self.base + "text=a" + String(repeating: "%26b", count: 100_000))
    }

    @Test("a rule that fires for many values of one URL is one finding: empty, '+' and encoded-twice values", arguments: [
        ("text=", CheckRule.emptyParameter), ("text=a+b", .ambiguousPlus), ("related=a%2540", .doubleEncoded), ("via=%FF", .invalidUTF8),
    ])
    func perValueSummary(_ parameter: String, _ rule: CheckRule) {
        let url = Self.base + Array(repeating: parameter, count: 1_000).joined(separator: "&")
        let problems = (IntentURLInspector().inspect(url)?.problems ?? []).filter { $0.rule == rule }
        #expect(problems.count == 1)
        #expect(problems.first?.message.hasSuffix("(and 999 more in this URL)") == true)
    }
}
