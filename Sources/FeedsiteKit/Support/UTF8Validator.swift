/// Whether bytes are valid UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing above
/// U+10FFFF), as `String(validating:as:)` decides, sixteen bytes a step (two words of eight) over
/// ASCII and two-byte characters; the caller then makes its String without validating the bytes again.
enum UTF8Validator {
    /// Whether `bytes` are valid UTF-8.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        while index < count {
            if index + 16 <= count, areWholeCharacters(base + index) {
                index += 16
                continue
            }
            // One byte or character the long way: what stopped the step, or the last bytes.
            guard let length = characterLength(base, count: count, at: index) else { return false }
            index += length
        }
        return true
    }
}

private extension UTF8Validator {
    /// Whether the sixteen bytes at `bytes`, which start a character, are whole characters of one or
    /// two bytes (none cut at the end).
    @inline(__always)
    static func areWholeCharacters(_ bytes: UnsafePointer<UInt8>) -> Bool {
        let first = UnsafeRawPointer(bytes).loadUnaligned(as: UInt64.self), second = UnsafeRawPointer(bytes + 8).loadUnaligned(as: UInt64.self)
        let highs: UInt64 = 0x8080_8080_8080_8080
        if (first | second) & highs == 0 { return true }
        let (firstLeads, firstContinuations) = twoByteParts(first), (secondLeads, secondContinuations) = twoByteParts(second)
        // Every byte from 0x80 a lead or a continuation, each continuation right after a lead (little-endian: one byte is
        // eight bits up), and no lead last.
        return firstLeads | firstContinuations == first & highs && secondLeads | secondContinuations == second & highs
            && firstContinuations == firstLeads << 8 && secondContinuations == secondLeads << 8 | firstLeads >> 56 && secondLeads >> 56 == 0
    }

    /// One flag (the byte's high bit) for each byte of `word` that leads a two-byte character
    /// (`C2`-`DF`), and one for each continuation byte (`80`-`BF`).
    @inline(__always)
    static func twoByteParts(_ word: UInt64) -> (leads: UInt64, continuations: UInt64) {
        let highs: UInt64 = 0x8080_8080_8080_8080
        // Each byte's bits 7, 6 and 5 at its bit 7 (a shift's carry into the next byte is masked off).
        let seven = word & highs, six = (word << 1) & highs, five = (word << 2) & highs
        // Of 110xxxxx, C2 and above (C0 and C1 are overlong): one of the bits 4-1 set (no carry out of a byte: 0x1E + 0x7E < 0x100).
        let fromC2 = ((word & 0x1E1E_1E1E_1E1E_1E1E) &+ 0x7E7E_7E7E_7E7E_7E7E) & highs
        return (seven & six & ~five & fromC2, seven & ~six)
    }

    /// The length of the valid UTF-8 character at `index`, or nil when the bytes there are not one.
    @inline(__always)
    static func characterLength(_ base: UnsafePointer<UInt8>, count: Int, at index: Int) -> Int? {
        func isContinuation(_ offset: Int) -> Bool { index + offset < count && base[index + offset] & 0xC0 == 0x80 }
        let lead = base[index]
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return isContinuation(1) ? 2 : nil
        case 0xE0...0xEF:
            guard isContinuation(1), isContinuation(2) else { return nil }
            let second = base[index + 1]
            // Not overlong (E0 80-9F), not a surrogate (ED A0-BF).
            if lead == 0xE0, second < 0xA0 { return nil }
            if lead == 0xED, second > 0x9F { return nil }
            return 3
        case 0xF0...0xF4:
            guard isContinuation(1), isContinuation(2), isContinuation(3) else { return nil }
            let second = base[index + 1]
            // Not overlong (F0 80-8F), not above U+10FFFF (F4 90 and up).
            if lead == 0xF0, second < 0x90 { return nil }
            if lead == 0xF4, second > 0x8F { return nil }
            return 4
        default:
            return nil
        }
    }
}
