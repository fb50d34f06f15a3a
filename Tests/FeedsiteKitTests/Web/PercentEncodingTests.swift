import Testing
@testable import FeedsiteKit

@Suite struct PercentEncodingTests {
    @Test("only unreserved characters stay raw, with upper-case hex", arguments: [
        ("@OUTPUT.DD", "%40OUTPUT.DD"), ("a b&c#d+e%f", "a%20b%26c%23d%2Be%25f"), ("~-._", "~-._"), ("é", "%C3%A9"),
        ("😀", "%F0%9F%98%80"), ("a/b?c=d", "a%2Fb%3Fc%3Dd"), ("line\nbreak", "line%0Abreak"),
    ])
    func encode(_ text: String, _ expected: String) {
        #expect(PercentEncoding.encode(text) == expected)
        #expect(String(decoding: PercentEncoding.decode(expected), as: UTF8.self) == text)
    }

    @Test("decoding leaves malformed triplets and '+' as they are")
    func decodeMalformed() {
        #expect(PercentEncoding.decode("50%") == Array("50%".utf8))
        #expect(PercentEncoding.decode("%zz%4") == Array("%zz%4".utf8))
        #expect(PercentEncoding.decode("a+b") == Array("a+b".utf8))
    }

    @Test("the compose URL lists set parameters in order, lists joined by ','")
    func composeURL() {
        let compose = ComposeOptions(text: "Tom & Jerry #1", url: "https://example.com/a?b=c", hashtags: ["swift", "café"],
                                     via: "jack", related: ["a", "b_c"], inReplyTo: "123")
        #expect(IntentURL.compose(compose, host: .twitter) == "https://twitter.com/intent/tweet?text=Tom%20%26%20Jerry%20%231"
            + "&url=https%3A%2F%2Fexample.com%2Fa%3Fb%3Dc&hashtags=swift,caf%C3%A9&via=jack&related=a,b_c&in_reply_to=123")
        #expect(IntentURL.compose(ComposeOptions(text: "@OUTPUT.DD"), host: .x) == "https://x.com/intent/post?text=%40OUTPUT.DD")
        #expect(IntentURL.compose(ComposeOptions(text: ""), host: .twitter) == "https://twitter.com/intent/tweet")
    }

    @Test("thousands of random Unicode texts survive encode, strict check and decode unchanged")
    func roundTrip() {
        var generator = SeededGenerator(seed: 0x5EED)
        let inspector = IntentURLInspector(strict: true)
        let pools: [ClosedRange<UInt32>] = [0x20...0x7E, 0xA0...0x24F, 0x370...0x3FF, 0x4E00...0x4FFF, 0x1F300...0x1F64F, 0x0...0x1F, 0x2000...0x206F]
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                let pool = pools[Int.random(in: 0..<pools.count, using: &generator)]
                if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &generator)) { text.unicodeScalars.append(scalar) }
            }
            let url = IntentURL.compose(ComposeOptions(text: text, hashtags: ["a", "b"], related: ["x", "y"]), host: .twitter)
            let result = inspector.inspect(url)
            let problems = result?.problems.filter { $0.rule != .tooLong && $0.rule != .emptyParameter } ?? []
            #expect(problems.isEmpty, "\(text.debugDescription) gave \(problems.map(\.rule.rawValue))")
            let query = url.split(separator: "?", maxSplits: 1).dropFirst().first ?? ""
            let encoded = query.split(separator: "&").first { $0.hasPrefix("text=") }?.dropFirst(5) ?? ""
            #expect(String(decoding: PercentEncoding.decode(encoded), as: UTF8.self) == text)
        }
    }
}

/// A small deterministic random generator (SplitMix64), so failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
