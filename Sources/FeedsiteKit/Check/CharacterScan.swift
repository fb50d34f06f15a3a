/// The character-level rules over a whole URL: raw characters and malformed percent triplets.
struct CharacterScan {
    let url: String

    init(_ url: String) {
        self.url = url
    }

    /// Whether the URL has nothing to report: a quick pass over its bytes that allocates nothing.
    var isClean: Bool {
        var clean = true
        var url = url
        url.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if Self.rawAllowed[Int(byte)] {
                    index += 1
                    continue
                }
                guard byte == 0x25, index + 2 < bytes.count,
                      let highValue = bytes[index + 1].hexDigitValue, let lowValue = bytes[index + 2].hexDigitValue,
                      !(bytes[index + 1] >= 0x61 && bytes[index + 1] <= 0x66), !(bytes[index + 2] >= 0x61 && bytes[index + 2] <= 0x66),
                      !PercentEncoding.isUnreserved(highValue << 4 | lowValue) else {
                    clean = false
                    return
                }
                index += 3
            }
        }
        return clean
    }

    /// The bytes that may stand raw in a URL without any rule reporting them.
    static let rawAllowed: [Bool] = (0..<256).map { byte in
        switch byte {
        case 0x21, 0x23...0x24, 0x26...0x3B, 0x3D, 0x3F...0x5A, 0x5F, 0x61...0x7A, 0x7E: true
        default: false
        }
    }

    /// Reports each rule once, with how often it occurs and where first (after `isClean` said there is something).
    func scan(into report: (CheckRule, String) -> Void) {
        var counts: [CheckRule: (count: Int, first: String, position: Int)] = [:]
        func note(_ rule: CheckRule, _ shown: String, _ position: Int) {
            if let existing = counts[rule] {
                counts[rule] = (existing.count + 1, existing.first, existing.position)
            } else {
                counts[rule] = (1, shown, position)
            }
        }
        let scalars = Array(url.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let position = index + 1
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: note(.rawNewline, scalar.value == 0x09 ? "tab" : "line break", position)
            case 0x20: note(.rawSpace, "space", position)
            case 0x7F...: note(.rawNonASCII, "'\(scalar)' (U+\(String(scalar.value, radix: 16, uppercase: true)))", position)
            case 0x00..<0x20: note(.rawUnsafeChar, "control character U+\(String(format4(scalar.value)))", position)
            case 0x22, 0x3C, 0x3E, 0x60, 0x7B, 0x7D, 0x7C, 0x5C, 0x5E, 0x5B, 0x5D: note(.rawUnsafeChar, "'\(scalar)'", position)
            case 0x25:
                let high = index + 1 < scalars.count ? hex(scalars[index + 1]) : nil
                let low = index + 2 < scalars.count ? hex(scalars[index + 2]) : nil
                guard let high, let low else {
                    note(.invalidPercentTriplet, "'%\(String(String.UnicodeScalarView(scalars[(index + 1)..<min(index + 3, scalars.count)])))'", position)
                    break
                }
                let triplet = "%" + String(scalars[index + 1]) + String(scalars[index + 2])
                if triplet != triplet.uppercased() { note(.lowercaseHex, "'\(triplet)'", position) }
                if PercentEncoding.isUnreserved(high << 4 | low) {
                    note(.encodedUnreserved, "'\(triplet)' for '\(Character(Unicode.Scalar(high << 4 | low)))'", position)
                }
                index += 2
            default:
                break
            }
            index += 1
        }
        for rule in counts.keys.sorted() {
            guard let (count, first, position) = counts[rule] else { continue }
            let times = count == 1 ? "" : " (\(count) times)"
            let message: String = switch rule {
            case .rawNewline: "the URL contains a raw \(first)\(times) at character \(position); browsers drop it, and so does "
                + "the suggestion: if the text should keep a line break, encode it as %0A"
            case .rawSpace: "the URL contains a raw space\(times) at character \(position); encode spaces as %20"
            case .rawNonASCII: "the URL contains \(first) raw\(times) at character \(position); percent-encode its UTF-8 bytes"
            case .rawUnsafeChar: "the URL contains \(first) raw\(times) at character \(position), which is not allowed in a URL; percent-encode it"
            case .invalidPercentTriplet: "'%' at character \(position) is not followed by two hex digits (\(first))\(times); write a literal '%' as %25"
            case .lowercaseHex: "\(first) at character \(position) uses lower-case hex\(times); write upper-case (RFC 3986 recommends it)"
            case .encodedUnreserved: "\(first) at character \(position)\(times) encodes a character that needs no encoding"
            default: first
            }
            report(rule, message)
        }
    }

    private func hex(_ scalar: Unicode.Scalar) -> UInt8? {
        scalar.isASCII ? UInt8(scalar.value).hexDigitValue : nil
    }

    private func format4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
