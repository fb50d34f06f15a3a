#if canImport(Glibc)
import Glibc
#endif

/// A JSON string as writers write it: valid UTF-8, no character `ControlCharacters.isRemoved` names
/// (so removing them would change nothing), and no escapes but `\"`, `\\`, `\/`, `\n`, `\r`, `\t` and
/// `\uXXXX` for a character that is not a control, a surrogate or removed. One pass over the bytes,
/// eight a step over ASCII, stands in for the reader's search for the closing quote, its UTF-8
/// validation and the search for removed characters; the string is then made without validating
/// its bytes again.
///
/// Anything else (another escape, a control character, bytes that are not UTF-8, a removed character,
/// no closing quote) is not found here: the caller reads that string the general way (`JSONReader`),
/// which decodes it or reports the problem at its line and column.
struct JSONPlainString {
    /// Where the string's bytes start and end (the closing quote is at `bytes.upperBound`).
    let bytes: Range<Int>
    /// Whether every character is ASCII.
    let isASCII: Bool
    /// Whether it holds an escape.
    let isEscaped: Bool
}

extension JSONPlainString {
    /// The plain string whose first byte (after its opening quote) is at `start` in `buffer`, or nil
    /// when the string there is not plain (see the type's summary).
    static func find(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> JSONPlainString? {
        guard let base = buffer.baseAddress, start >= 0 else { return nil }
        let count = buffer.count
        var index = start, isASCII = true, isEscaped = false
        while true {
            while index + 8 <= count {
                let stops = Self.stops(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                if stops == 0 {
                    index += 8
                    continue
                }
                // The lowest flag is exact: a false flag only follows a true one (little-endian bytes).
                index += stops.trailingZeroBitCount >> 3
                break
            }
            guard index < count else { return nil }
            let byte = base[index]
            if byte < 0x80 {
                if byte == UInt8(ascii: "\"") { return JSONPlainString(bytes: start..<index, isASCII: isASCII, isEscaped: isEscaped) }
                if byte == UInt8(ascii: "\\") {
                    guard let (length, value) = escape(base, count: count, at: index) else { return nil }
                    isEscaped = true
                    isASCII = isASCII && value < 0x80
                    index += length
                    continue
                }
                guard byte >= 0x20, byte != 0x7F else { return nil }
                index += 1
                continue
            }
            isASCII = false
            guard let length = characterLength(base, count: count, at: index) else { return nil }
            index += length
        }
    }

    /// The string `plain` (found by `find` in `source`) stands for, made without validating its bytes
    /// again; an escaped one is decoded into `scratch` first.
    static func string(_ plain: JSONPlainString, of source: [UInt8], scratch: inout [UInt8]) -> String {
        // Not validated again: `find` did, in the same pass that found the string's end (SnapshotStreamDecoder.writtenString).
        guard plain.isEscaped else {
            return String(knownValidUTF8: source.span.extracting(plain.bytes), isASCII: plain.isASCII)
        }
        scratch.removeAll(keepingCapacity: true)
        source.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            var index = plain.bytes.lowerBound, run = index
            while let found = memchr(base + index, Int32(UInt8(ascii: "\\")), plain.bytes.upperBound - index) {
                index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[run..<index]))
                // `find` took every escape: this one is one of those it takes.
                let (length, value) = escape(base, count: buffer.count, at: index)!
                if value < 0x80 {
                    scratch.append(UInt8(value))
                } else {
                    scratch.append(contentsOf: Unicode.UTF8.encode(Unicode.Scalar(value)!)!)
                }
                index += length
                run = index
            }
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[run..<plain.bytes.upperBound]))
        }
        return String(knownValidUTF8: scratch.span, isASCII: plain.isASCII)
    }
}

private extension JSONPlainString {
    /// The length of the escape whose backslash is at `index` and the character it stands for, when it
    /// is one `find` takes (see the type's summary).
    @inline(__always)
    static func escape(_ base: UnsafePointer<UInt8>, count: Int, at index: Int) -> (length: Int, value: UInt32)? {
        guard index + 1 < count else { return nil }
        switch base[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return (2, UInt32(base[index + 1]))
        case UInt8(ascii: "n"): return (2, 0x0A)
        case UInt8(ascii: "r"): return (2, 0x0D)
        case UInt8(ascii: "t"): return (2, 0x09)
        case UInt8(ascii: "u"):
            guard index + 5 < count else { return nil }
            var value: UInt32 = 0
            for offset in 2..<6 {
                guard let digit = base[index + offset].hexDigitValue else { return nil }
                value = value << 4 | UInt32(digit)
            }
            switch value {
            case 0x09, 0x0A, 0x0D, 0x20..<0x7F, 0xA0..<0xD800, 0xE000..<0xFDD0, 0xFDF0...0xFFFD: return (6, value)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// One flag (the byte's high bit) for each byte of `word` that ends a plain ASCII run: a quote, a
    /// backslash, a C0 control, DEL, or a byte from 0x80.
    @inline(__always)
    static func stops(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        // A zero byte of `value` leaves its high bit in (value - ones) & ~value; a byte below 0x20, in (word - 0x20 ones) & ~word.
        func zeros(_ value: UInt64) -> UInt64 { (value &- ones) & ~value }
        let control = word &- 0x20 &* ones
        let quote = zeros(word ^ (0x22 &* ones)), backslash = zeros(word ^ (0x5C &* ones)), delete = zeros(word ^ (0x7F &* ones))
        return (word | ((control & ~word) | quote | backslash | delete)) & highs
    }

    /// The length of the UTF-8 character whose lead byte (from 0x80) is at `index`, or nil when the
    /// bytes there are not UTF-8 (overlong forms, surrogates and code points above U+10FFFF included),
    /// or are a character `ControlCharacters.isRemoved(lead:_:_:_:)` names.
    @inline(__always)
    static func characterLength(_ base: UnsafePointer<UInt8>, count: Int, at index: Int) -> Int? {
        func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
        let lead = base[index]
        switch lead {
        case 0xC2...0xDF:
            guard index + 1 < count else { return nil }
            let second = base[index + 1]
            guard isContinuation(second), !ControlCharacters.isRemoved(lead: lead, second, 0, 0) else { return nil }
            return 2
        case 0xE0...0xEF:
            guard index + 2 < count else { return nil }
            let second = base[index + 1], third = base[index + 2]
            guard isContinuation(second), isContinuation(third) else { return nil }
            switch lead {
            case 0xE0: guard second >= 0xA0 else { return nil }
            case 0xED: guard second <= 0x9F else { return nil }
            case 0xEF: guard !ControlCharacters.isRemoved(lead: lead, second, third, 0) else { return nil }
            default: break
            }
            return 3
        case 0xF0...0xF4:
            guard index + 3 < count else { return nil }
            let second = base[index + 1], third = base[index + 2], fourth = base[index + 3]
            guard isContinuation(second), isContinuation(third), isContinuation(fourth) else { return nil }
            if lead == 0xF0, second < 0x90 { return nil }
            if lead == 0xF4, second > 0x8F { return nil }
            if ControlCharacters.isRemoved(lead: lead, second, third, fourth) { return nil }
            return 4
        default:
            return nil
        }
    }
}
