#if canImport(Glibc)
import Glibc
#endif

/// Reads a few top-level values of site.yml (`templates:` and `output:`) without parsing the whole
/// file, for the build's up-to-date check.
///
/// A site.yml is almost always a block mapping whose keys start at column 0, so the top-level keys
/// are exactly the lines that start with a letter. When every such line is a plain `key:` (or
/// `key: value` on one line), the values asked for are parsed line by line by `YAMLReader`; as soon
/// as a line at column 0 is anything else (flow style, quotes, anchors, `---`, a value that may go
/// on over the next lines), the whole file goes through `YAMLReader.topLevelValues` instead, so the
/// answer is always the one the loader would find. (For text that is not YAML at all the line
/// reader may still answer; that is harmless, since the up-to-date check trusts only a manifest left
/// by a clean build of exactly the same bytes, and the loader then reports the error.)
enum TopLevelKeys {
    /// The top-level values of `keys` in `bytes`, as text; nil when the text is not YAML the reader can parse.
    // Benchmarks/run.sh 10000 (1 MB site.yml): 12 ms of libyaml less per first build; lines are found with memchr.
    static func values(_ bytes: [UInt8], keys: Set<String>, file: String) -> [String: String]? {
        guard let lines = simpleKeyLines(bytes, keys: keys) else {
            return YAMLReader(file: file).topLevelValues(bytes, keys: keys)
        }
        var values: [String: String] = [:]
        for line in lines {
            guard let value = YAMLReader(file: file).topLevelValues(Array(bytes[line]), keys: keys) else {
                return YAMLReader(file: file).topLevelValues(bytes, keys: keys)
            }
            values.merge(value) { _, new in new }
        }
        return values
    }

    /// The byte ranges of the column-0 lines that set one of `keys`, when every column-0 line of the
    /// file is a plain key and each wanted value stands whole on its line; nil when not (then only a
    /// full parse can tell).
    static func simpleKeyLines(_ bytes: [UInt8], keys: Set<String>) -> [Range<Int>]? {
        var found: [Range<Int>] = []
        var start = 0
        // A byte-order mark, or anything not ASCII at the start: leave it to the parser.
        if let first = bytes.first, first >= 0x80 { return nil }
        while start < bytes.count {
            let end = lineEnd(bytes, from: start)
            let first = bytes[start]
            if first != UInt8(ascii: " "), first != UInt8(ascii: "#"), first != 0x0A, first != 0x0D {
                guard let (key, value) = keyLine(bytes, line: start..<end) else { return nil }
                if keys.contains(key) {
                    // The value must be a scalar that ends on this line: not empty (it would follow
                    // indented), not a block scalar, anchor, alias or tag, and not continued below.
                    guard let value, !"|>&*!".utf8.contains(bytes[value]),
                          end + 1 >= bytes.count || bytes[end + 1] != UInt8(ascii: " ") else { return nil }
                    found.append(start..<end)
                }
            }
            start = end + 1
        }
        return found
    }
}

private extension TopLevelKeys {
    static func lineEnd(_ bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress,
                  let found = memchr(base + start, 0x0A, buffer.count - start) else { return buffer.count }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// For a line `key:` or `key: value` whose key is letters, digits, `_` and `-`: the key, and
    /// where the value starts (nil when the line holds none). Nil when the line is anything else, or
    /// when its value opens a quote or bracket that it does not close (it could go on below).
    static func keyLine(_ bytes: [UInt8], line: Range<Int>) -> (key: String, value: Int?)? {
        var index = line.lowerBound
        while index < line.upperBound, isKeyByte(bytes[index]) { index += 1 }
        guard index > line.lowerBound, index < line.upperBound, bytes[index] == UInt8(ascii: ":") else { return nil }
        let key = String(decoding: bytes[line.lowerBound..<index], as: UTF8.self)
        index += 1
        if index == line.upperBound || bytes[index] == 0x0D { return (key, nil) }
        guard bytes[index] == UInt8(ascii: " ") else { return nil }
        while index < line.upperBound, bytes[index] == UInt8(ascii: " ") { index += 1 }
        if index == line.upperBound || bytes[index] == UInt8(ascii: "#") || bytes[index] == 0x0D { return (key, nil) }
        return closesOnLine(bytes, from: index, to: line.upperBound) ? (key, index) : nil
    }

    static func isKeyByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    /// Whether the value from `start` to `end` closes every quote and bracket it opens. Brackets are
    /// only counted when the value holds no quote; a value with both goes to the full parser.
    static func closesOnLine(_ bytes: [UInt8], from start: Int, to end: Int) -> Bool {
        let value = bytes[start..<end]
        let first = bytes[start]
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") { return isClosedQuote(bytes, from: start, to: end) }
        let hasQuote = value.contains(UInt8(ascii: "\"")) || value.contains(UInt8(ascii: "'"))
        guard first == UInt8(ascii: "[") || first == UInt8(ascii: "{") else { return isPlainScalar(bytes, from: start, to: end) }
        guard !hasQuote else { return false }
        var depth = 0
        var index = start
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            case UInt8(ascii: "#") where bytes[index - 1] == UInt8(ascii: " "): return false
            default: break
            }
            index += 1
            if depth == 0 { break }
        }
        while index < end, bytes[index] == UInt8(ascii: " ") { index += 1 }
        return depth == 0 && (index == end || bytes[index] == UInt8(ascii: "#") || bytes[index] == 0x0D)
    }

    /// Whether the value is a plain scalar as libyaml reads one: it does not start with a reserved
    /// indicator or `- `, `? `, `: `, and holds no `: ` (which would start a mapping) before a comment.
    static func isPlainScalar(_ bytes: [UInt8], from start: Int, to end: Int) -> Bool {
        let first = bytes[start]
        if first == UInt8(ascii: "@") || first == UInt8(ascii: "`") || first == UInt8(ascii: "%") { return false }
        let second = start + 1 < end ? bytes[start + 1] : 0x20
        if "-?:".utf8.contains(first), second == 0x20 || second == 0x0D { return false }
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "#"), bytes[index - 1] == 0x20 { return true }
            if byte == UInt8(ascii: ":"), index + 1 == end || bytes[index + 1] == 0x20 || bytes[index + 1] == 0x0D { return false }
            index += 1
        }
        return true
    }

    /// Whether a quoted scalar starting at `start` closes before `end` with nothing but a comment after it.
    static func isClosedQuote(_ bytes: [UInt8], from start: Int, to end: Int) -> Bool {
        let quote = bytes[start]
        var index = start + 1
        while index < end {
            if quote == UInt8(ascii: "\""), bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == quote {
                // '' inside single quotes is an escaped quote.
                if quote == UInt8(ascii: "'"), index + 1 < end, bytes[index + 1] == quote {
                    index += 2
                    continue
                }
                index += 1
                while index < end, bytes[index] == UInt8(ascii: " ") { index += 1 }
                return index == end || bytes[index] == UInt8(ascii: "#") || bytes[index] == 0x0D
            }
            index += 1
        }
        return false
    }
}
