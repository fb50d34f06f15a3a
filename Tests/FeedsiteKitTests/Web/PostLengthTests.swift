import Testing
@testable import FeedsiteKit

@Suite struct PostLengthTests {
    @Test("characters weigh as X counts them", arguments: [
        ("hello", 5), ("café", 4), ("中文", 4), ("😀", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("“quoted”", 8), ("", 0), ("こんにちは", 10),
    ])
    func weight(_ text: String, _ expected: Int) {
        #expect(PostLength.weight(of: text) == expected)
    }
}
