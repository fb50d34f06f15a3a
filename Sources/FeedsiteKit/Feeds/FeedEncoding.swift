#if canImport(Glibc)
import Glibc
#endif

/// Turns a feed's bytes into UTF-8 the way a feed reader does before parsing: a byte order mark wins,
/// then the HTTP `charset`, then the XML declaration's `encoding`, then UTF-8 (RFC 7303). ISO-8859-1
/// and US-ASCII are read as windows-1252, as browsers do, since servers send the one for the other.
/// What cannot be decoded is replaced with U+FFFD and reported as a warning.
enum FeedEncoding {
    /// The text as UTF-8 with the encoding it was read as and what had to be replaced.
    struct Decoded {
        /// The text, UTF-8, without a byte order mark.
        var bytes: [UInt8]
        /// The same text as a String, when its UTF-8 is known valid (validated here once, or made from a
        /// String), for readers that then need not validate it again; nil otherwise.
        var text: String?
        /// The encoding the bytes were read as (lowercase, e.g. `utf-8`, `windows-1252`).
        var encoding: String
        /// Replacements, as warnings at their place in the original bytes.
        var problems: [Diagnostic]
    }
}

extension FeedEncoding {
    /// Decodes `bytes`; `contentType` is the HTTP `Content-Type` when the feed came over HTTP.
    static func decode(_ bytes: [UInt8], source: String, contentType: String?) throws(FeedError) -> Decoded {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return utf8(Array(bytes.dropFirst(3)), source: source, skipped: 3, original: bytes) }
        if bytes.starts(with: [0xFF, 0xFE]) { return utf16(bytes.dropFirst(2), bigEndian: false) }
        if bytes.starts(with: [0xFE, 0xFF]) { return utf16(bytes.dropFirst(2), bigEndian: true) }
        if bytes.starts(with: [0x3C, 0x00, 0x3F, 0x00]) { return utf16(bytes[...], bigEndian: false) }
        if bytes.starts(with: [0x00, 0x3C, 0x00, 0x3F]) { return utf16(bytes[...], bigEndian: true) }
        let charset = contentType.flatMap(charset(inContentType:))
        let declaration = charset == nil ? declaredEncoding(bytes) : nil
        let name = normalized(charset ?? declaration?.name ?? "utf-8")
        switch name {
        case "utf-8": return utf8(bytes, source: source, skipped: 0, original: bytes)
        case "utf-16le": return utf16(bytes[...], bigEndian: false)
        case "utf-16be", "utf-16": return utf16(bytes[...], bigEndian: true)
        case "windows-1252": return Decoded(windows1252(bytes), encoding: name, problems: [])
        default:
            // An encoding named in the XML declaration is pointed at there; one from HTTP has no place.
            let location = declaration.map { SourceText(bytes, file: source).location(of: $0.offset) }
            return try converted(bytes, from: name, source: source, declaredAt: location)
        }
    }

    /// The `charset` parameter of a `Content-Type` value, unquoted, or nil.
    static func charset(inContentType contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingSpaces.lowercased() == "charset" else { continue }
            let value = parts[1].trimmingSpaces.filter { $0 != "\"" && $0 != "'" }
            return value.isEmpty ? nil : value
        }
        return nil
    }
}

private extension FeedEncoding.Decoded {
    /// `text` as its bytes.
    init(_ text: String, encoding: String, problems: [Diagnostic]) {
        self.init(bytes: Array(text.utf8), text: text, encoding: encoding, problems: problems)
    }
}

private extension FeedEncoding {
    /// The canonical name for the encodings read here; other names as they are, lowercased.
    static func normalized(_ name: String) -> String {
        let name = name.lowercased()
        switch name {
        case "utf8", "utf-8": return "utf-8"
        case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "us-ascii", "ascii",
             "windows-1252", "cp1252", "x-cp1252": return "windows-1252"
        default: return name
        }
    }

    /// The `encoding` of an XML declaration at the start of `bytes` and the byte offset of its
    /// value (after the quote), or nil.
    static func declaredEncoding(_ bytes: [UInt8]) -> (name: String, offset: Int)? {
        guard bytes.starts(with: Array("<?xml".utf8)) else { return nil }
        let head = bytes.prefix(256)
        guard let end = head.firstIndex(of: UInt8(ascii: ">")),
              let start = head[..<end].firstRange(of: Array("encoding".utf8))?.upperBound else { return nil }
        // The declaration is ASCII up to the value: work on bytes so the offset is a byte offset.
        guard let quoteIndex = head[start..<end].firstIndex(where: { $0 != 0x20 && $0 != UInt8(ascii: "=") && $0 != 0x09 }),
              head[quoteIndex] == UInt8(ascii: "\"") || head[quoteIndex] == UInt8(ascii: "'") else { return nil }
        let quote = head[quoteIndex]
        let value = head[(quoteIndex + 1)..<end].prefix { $0 != quote }
        return value.isEmpty ? nil : (String(decoding: value, as: UTF8.self), quoteIndex + 1)
    }

    static func utf8(_ bytes: [UInt8], source: String, skipped: Int, original: [UInt8]) -> Decoded {
        // Validated sixteen bytes a step, then copied as they are (callgrind of feedsite-bench parse on 20 of Benchmarks/parse.py's
        // feeds: decoding a feed 520 K -> 186 K instructions, reading it 4.38 M -> 4.03 M, 175 K -> 161 K a post).
        let isValid = bytes.withUnsafeBufferPointer { UTF8Validator.isValid($0) }
        if isValid { return Decoded(bytes: bytes, text: bytes.withUnsafeBufferPointer { String(knownValidUTF8: $0) }, encoding: "utf-8", problems: []) }
        // Find the first bad byte to point at it; the rest are replaced the same way.
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput, .error: break loop
            }
        }
        let location = SourceText(original, file: source).location(of: offset + skipped)
        let warning = Diagnostic(.warning, at: location, "the feed is not valid UTF-8: bytes that are not were replaced with U+FFFD",
                                 hint: "declare the feed's real encoding in its XML declaration or HTTP Content-Type charset")
        return Decoded(String(decoding: bytes, as: UTF8.self), encoding: "utf-8", problems: [warning])
    }

    static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> Decoded {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        return Decoded(String(decoding: units, as: UTF16.self), encoding: bigEndian ? "utf-16be" : "utf-16le", problems: [])
    }

    /// windows-1252: ASCII and Latin-1 as they are, 0x80-0x9F as the typographic characters Windows
    /// puts there (the five unassigned bytes stay C1 controls, as in browsers).
    static func windows1252(_ bytes: [UInt8]) -> String {
        let high: [UInt32] = [
            0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
            0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
        ]
        var text = String.UnicodeScalarView()
        for byte in bytes {
            let value = (0x80...0x9F).contains(byte) ? high[Int(byte - 0x80)] : UInt32(byte)
            text.append(Unicode.Scalar(value)!)
        }
        return String(text)
    }

    /// Any other encoding, through iconv.
    static func converted(_ bytes: [UInt8], from name: String, source: String, declaredAt location: SourceLocation?) throws(FeedError) -> Decoded {
        let converter = iconv_open("UTF-8", name)
        guard let converter, converter != iconv_t(bitPattern: -1) else {
            throw FeedError(.unsupportedEncoding, at: location, "the feed's encoding '\(name)' is not one this system can read",
                            hint: "serve the feed as UTF-8, or install the system's character set converters (glibc's gconv modules)")
        }
        defer { iconv_close(converter) }
        var output = [UInt8](repeating: 0, count: bytes.count * 4 + 16)
        var replaced = 0
        var written = 0
        var input = bytes
        input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                var inPointer = UnsafeMutableRawPointer(inBuffer.baseAddress)?.assumingMemoryBound(to: CChar.self)
                var inLeft = inBuffer.count
                var outPointer = UnsafeMutableRawPointer(outBuffer.baseAddress)?.assumingMemoryBound(to: CChar.self)
                var outLeft = outBuffer.count
                while inLeft > 0 {
                    if iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) != -1 { break }
                    guard errno == EILSEQ || errno == EINVAL, outLeft >= 3 else { break }
                    // An undecodable byte: U+FFFD, and go on after it.
                    for byte: UInt8 in [0xEF, 0xBF, 0xBD] { outPointer?.pointee = CChar(bitPattern: byte); outPointer = outPointer?.advanced(by: 1) }
                    outLeft -= 3
                    inPointer = inPointer?.advanced(by: 1)
                    inLeft -= 1
                    replaced += 1
                }
                written = outBuffer.count - outLeft
            }
        }
        var problems: [Diagnostic] = []
        if replaced > 0 {
            problems.append(Diagnostic(.warning, at: SourceLocation(file: source, line: 1, column: 1),
                                       "\(replaced) bytes are not valid \(name) and were replaced with U+FFFD"))
        }
        let converted = Array(output[..<written])
        return Decoded(bytes: converted, text: String(validating: converted, as: UTF8.self), encoding: name, problems: problems)
    }
}
