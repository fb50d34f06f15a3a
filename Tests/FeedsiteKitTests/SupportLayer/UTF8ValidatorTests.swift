import Testing
@testable import FeedsiteKit

/// The validator decides as the standard library does, at every offset of its sixteen-byte steps.
@Suite struct UTF8ValidatorTests {
    static func isValid(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer { UTF8Validator.isValid($0) } }

    static let pieces: [[UInt8]] = [
        Array("plain words".utf8), Array("0123456789abcdef".utf8), [0x20], [0x00], [0x7F], [0xC3, 0xA9], [0xC2, 0x80], [0xDF, 0xBF],
        [0xE2, 0x82, 0xAC], [0xEF, 0xBF, 0xBF], [0xF0, 0x9F, 0x98, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
        // Not UTF-8: overlong forms, surrogates, above U+10FFFF, bytes never used, lone or cut pieces.
        [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF0, 0x80, 0x80, 0xAF], [0xF4, 0x90, 0x80, 0x80],
        [0xF5, 0x80, 0x80, 0x80], [0xFF], [0x80], [0xBF], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98],
    ]

    @Test("one piece, valid or not, after every count of ASCII bytes across two steps, decides as the standard library")
    func offsets() {
        for piece in Self.pieces {
            for before in 0..<34 {
                for after in [0, 1, 2, 14, 15, 16, 17] {
                    let bytes = Array(repeating: UInt8(ascii: "a"), count: before) + piece + Array(repeating: UInt8(ascii: "b"), count: after)
                    #expect(Self.isValid(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(piece) after \(before) bytes, \(after) after it")
                }
            }
        }
    }

    @Test("on 20,000 seeded mixes, mostly ASCII runs and two-byte characters, decides as the standard library")
    func mixes() {
        var generator = SeededGenerator(seed: 25)
        for _ in 0..<20_000 {
            let count = Int(generator.next() % 40)
            let bytes = (0..<count).flatMap { _ in
                let roll = Int(generator.next() % 64)
                return Self.pieces[roll < 56 ? [0, 1, 2, 5, 6, 7][roll % 6] : Int(generator.next() % UInt64(Self.pieces.count))]
            }
            guard Self.isValid(bytes) == (String(validating: bytes, as: UTF8.self) != nil) else {
                Issue.record("\(bytes): validator says \(Self.isValid(bytes))")
                return
            }
        }
    }
}
