import Testing
@testable import FeedsiteKit

@Suite struct BytePatternTests {
    @Test("a pattern is found wherever it occurs, including after a false start, and nowhere else", arguments: [
        ("/intent/", "https://twitter.com/intent/tweet", true),
        ("/intent/", "/intent/", true),
        ("/intent/", "x//intent/", true),
        ("/intent/", "/inten/intent", false),
        ("/intent/", "/intent", false),
        ("output", "templates: t\noutput: public\n", true),
        ("output", "outpu", false),
        ("", "anything", true),
    ])
    func occurs(_ pattern: String, _ text: String, _ expected: Bool) {
        #expect(BytePattern(pattern).occurs(in: Array(text.utf8)) == expected)
        #expect(BytePattern(pattern).occurs(in: Array(text.utf8)[...]) == expected)
    }

    @Test("it agrees with a plain search on random bytes")
    func agreesWithPlainSearch() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let haystack = (0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 97...99, using: &generator) }
            let needle = (0..<Int.random(in: 1...4, using: &generator)).map { _ in UInt8.random(in: 97...99, using: &generator) }
            let plain = haystack.count >= needle.count
                && (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<($0 + needle.count)]) == needle }
            #expect(BytePattern(String(decoding: needle, as: UTF8.self)).occurs(in: haystack) == plain, "\(needle) in \(haystack)")
        }
    }

    @Test("firstOffset finds the first occurrence at or after the start, as a plain search does")
    func firstOffsetAgreesWithPlainSearch() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let haystack = (0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 97...99, using: &generator) }
            let needle = (0..<Int.random(in: 1...4, using: &generator)).map { _ in UInt8.random(in: 97...99, using: &generator) }
            let start = Int.random(in: 0...haystack.count, using: &generator)
            let plain = haystack.count >= needle.count
                ? (start...max(start, haystack.count - needle.count)).first {
                    $0 + needle.count <= haystack.count && Array(haystack[$0..<($0 + needle.count)]) == needle
                } : nil
            #expect(BytePattern(bytes: needle).firstOffset(in: haystack, from: start) == plain, "\(needle) in \(haystack) from \(start)")
        }
    }
}
