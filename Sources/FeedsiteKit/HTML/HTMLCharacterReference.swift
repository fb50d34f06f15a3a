/// Decodes HTML character references (`&amp;`, `&#233;`, `&#x1F600;`) as the HTML standard's tokenizer does.
enum HTMLCharacterReference {
    /// Named references by name (as written after `&`, with or without `;`), to their code points.
    static let named: [[UInt8]: [UInt32]] = {
        var table: [[UInt8]: [UInt32]] = [:]
        table.reserveCapacity(2_300)
        for line in NamedCharacterReferenceTable.text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            table[Array(parts[0].utf8)] = parts.dropFirst().compactMap { UInt32($0, radix: 16) }
        }
        return table
    }()

    /// The text `&name;` stands for in HTML, or nil when `name` is not one of the standard's names.
    static func character(named name: String) -> String? {
        guard let codePoints = named[Array(name.utf8) + [UInt8(ascii: ";")]] else { return nil }
        var text = ""
        for codePoint in codePoints { if let scalar = Unicode.Scalar(codePoint) { text.unicodeScalars.append(scalar) } }
        return text
    }

    /// The longest name in the table.
    static let longestName = 32

    /// Windows-1252 replacements for numeric references to C1 controls (0x80-0x9F).
    static let c1Replacements: [UInt32: UInt32] = [
        0x80: 0x20AC, 0x82: 0x201A, 0x83: 0x0192, 0x84: 0x201E, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021,
        0x88: 0x02C6, 0x89: 0x2030, 0x8A: 0x0160, 0x8B: 0x2039, 0x8C: 0x0152, 0x8E: 0x017D, 0x91: 0x2018,
        0x92: 0x2019, 0x93: 0x201C, 0x94: 0x201D, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02DC,
        0x99: 0x2122, 0x9A: 0x0161, 0x9B: 0x203A, 0x9C: 0x0153, 0x9E: 0x017E, 0x9F: 0x0178,
    ]

    /// Decodes the reference whose `&` is at `start`, appending its UTF-8 to `output`.
    /// Returns the index after the reference, or nil when there is none (the `&` is then literal).
    static func decode(_ input: UnsafeBufferPointer<UInt8>, at start: Int, inAttribute: Bool, into output: inout [UInt8]) -> Int? {
        let next = start + 1
        guard next < input.count else { return nil }
        if input[next] == UInt8(ascii: "#") { return decodeNumeric(input, at: start, into: &output) }
        guard input[next].isASCIIAlphanumeric else { return nil }
        // The candidate: a run of letters and digits, and a ';' if one ends it.
        var end = next
        while end < input.count, end - next < longestName, input[end].isASCIIAlphanumeric { end += 1 }
        if end < input.count, input[end] == UInt8(ascii: ";"), end - next < longestName { end += 1 }
        if let common = commonReference(input, from: next, to: end) {
            appendUTF8(common, to: &output)
            return end
        }
        var length = end - next
        while length > 0 {
            let name = Array(input[next..<(next + length)])
            if let codePoints = named[name] {
                let after = next + length
                if inAttribute, name.last != UInt8(ascii: ";"), after < input.count,
                   input[after] == UInt8(ascii: "=") || input[after].isASCIIAlphanumeric {
                    return nil
                }
                for codePoint in codePoints { appendUTF8(codePoint, to: &output) }
                return after
            }
            length -= 1
        }
        return nil
    }

    /// Appends the UTF-8 encoding of a code point.
    static func appendUTF8(_ codePoint: UInt32, to output: inout [UInt8]) {
        switch codePoint {
        case 0..<0x80:
            output.append(UInt8(codePoint))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | (codePoint >> 6)))
            output.append(UInt8(0x80 | (codePoint & 0x3F)))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | (codePoint >> 12)))
            output.append(UInt8(0x80 | ((codePoint >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (codePoint & 0x3F)))
        default:
            output.append(UInt8(0xF0 | (codePoint >> 18)))
            output.append(UInt8(0x80 | ((codePoint >> 12) & 0x3F)))
            output.append(UInt8(0x80 | ((codePoint >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (codePoint & 0x3F)))
        }
    }
}

private extension HTMLCharacterReference {
    /// The references most pages use, with their `;`: found without building the whole table.
    static let common: [(name: [UInt8], codePoint: UInt32)] = [
        (Array("amp;".utf8), 0x26), (Array("lt;".utf8), 0x3C), (Array("gt;".utf8), 0x3E),
        (Array("quot;".utf8), 0x22), (Array("apos;".utf8), 0x27), (Array("nbsp;".utf8), 0xA0),
    ]

    /// The code point when `input[start..<end]` (the longest candidate) is one of the common references.
    static func commonReference(_ input: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> UInt32? {
        guard input[end - 1] == UInt8(ascii: ";") else { return nil }
        let candidate = UnsafeBufferPointer(rebasing: input[start..<end])
        for entry in common where entry.name.withUnsafeBufferPointer({ candidate.sameBytes(as: $0) }) {
            return entry.codePoint
        }
        return nil
    }

    static func decodeNumeric(_ input: UnsafeBufferPointer<UInt8>, at start: Int, into output: inout [UInt8]) -> Int? {
        var index = start + 2
        var hex = false
        if index < input.count, input[index] == UInt8(ascii: "x") || input[index] == UInt8(ascii: "X") {
            hex = true
            index += 1
        }
        let digitsStart = index
        var value: UInt32 = 0
        while index < input.count {
            let byte = input[index]
            guard let digitValue = byte.hexDigitValue, hex || digitValue < 10 else { break }
            let digit = UInt32(digitValue)
            value = min(value * (hex ? 16 : 10) + digit, 0x110000)
            index += 1
        }
        guard index > digitsStart else { return nil }
        if index < input.count, input[index] == UInt8(ascii: ";") { index += 1 }
        switch value {
        case 0, 0x110000..., 0xD800...0xDFFF: value = 0xFFFD
        case 0x80...0x9F: value = c1Replacements[value] ?? value
        default: break
        }
        appendUTF8(value, to: &output)
        return index
    }
}
