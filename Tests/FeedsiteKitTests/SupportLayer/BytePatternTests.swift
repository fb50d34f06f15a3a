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

    @Test("it agrees with a plain search on random bytes, from any start")
    func agreesWithPlainSearch() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let haystack = (0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 97...99, using: &generator) }
            let needle = (0..<Int.random(in: 1...4, using: &generator)).map { _ in UInt8.random(in: 97...99, using: &generator) }
            let start = Int.random(in: 0...haystack.count, using: &generator)
            let matches = haystack.count >= needle.count
                ? (0...(haystack.count - needle.count)).filter { Array(haystack[$0..<($0 + needle.count)]) == needle } : []
            let pattern = BytePattern(bytes: needle)
            #expect(pattern.occurs(in: haystack) == !matches.isEmpty, "\(needle) in \(haystack)")
            #expect(pattern.firstOffset(in: haystack, from: start) == matches.first { $0 >= start }, "\(needle) in \(haystack) from \(start)")
        }
    }
}
