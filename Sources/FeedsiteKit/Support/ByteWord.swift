/// Eight bytes of UTF-8 looked at as one 64-bit word, so that a scan over text can step over eight
/// ordinary bytes at once and look at bytes one by one only near one that matters.
///
/// Each test says whether *some* byte of the word matches; it is exact as a yes or no (a borrow or
/// carry that crosses into a higher byte starts only at a byte that matches already), never where.
enum ByteWord {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes of `bytes` from `index`, which must be at most `bytes.count - 8`.
    static func load(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt64 {
        UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
    }

    /// Whether a byte of `word` is below `limit` (at most 0x80).
    static func hasByte(below limit: UInt8, _ word: UInt64) -> Bool {
        (word &- UInt64(limit) &* ones) & ~word & highs != 0
    }

    /// Whether a byte of `word` is `byte`.
    static func hasByte(_ byte: UInt8, _ word: UInt64) -> Bool {
        hasByte(below: 1, word ^ (UInt64(byte) &* ones))
    }
}
