import Testing
@testable import FeedsiteKit

@Suite struct CharacterScanTests {
    /// Characters that matter to the rules: triplet parts, unreserved and reserved ones, space, non-ASCII, controls.
    static let alphabet: [Character] = ["%", "2", "0", "4", "1", "a", "f", "A", "F", "g", "~", "-", "=", "&", "/", "?", "#", ":",
                                        " ", "\t", "é", "😀", "<", "\"", "{", "|", "^", "\u{7F}", "\u{1}"]

    @Test("the quick pass says clean exactly when the full scan finds nothing")
    func quickPassAgreesWithScan() {
        var generator = SystemRandomNumberGenerator()
        var clean = 0
        for _ in 0..<3_000 {
            let length = Int.random(in: 0...12, using: &generator)
            let url = "https://x.com/intent/post?text=" + String((0..<length).map { _ in Self.alphabet.randomElement(using: &generator)! })
            let scan = CharacterScan(url)
            var found: [CheckRule] = []
            scan.scan { rule, _ in found.append(rule) }
            #expect(scan.isClean == found.isEmpty, "\(url.debugDescription): \(found)")
            if scan.isClean { clean += 1 }
        }
        #expect(clean > 50)
    }
}
