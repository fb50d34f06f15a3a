/// Reads what `BinaryWriter` wrote, refusing anything out of range: a length past the end, a count
/// larger than allowed, a flag byte other than 0 or 1, text that is not UTF-8.
struct BinaryReader {
    /// Why the bytes are not what `BinaryWriter` writes.
    struct Malformed: Error {}

    let bytes: [UInt8]
    private(set) var offset: Int

    init(_ bytes: [UInt8], from offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }
}

extension BinaryReader {
    /// Whether every byte was read.
    var isAtEnd: Bool { offset == bytes.count }

    mutating func uint64() throws(Malformed) -> UInt64 {
        guard bytes.count - offset >= 8 else { throw Malformed() }
        let value = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
        offset += 8
        return UInt64(littleEndian: value)
    }

    mutating func int() throws(Malformed) -> Int {
        Int(Int64(bitPattern: try uint64()))
    }

    /// A count or index: from 0 to `limit`.
    mutating func count(upTo limit: Int) throws(Malformed) -> Int {
        let value = try uint64()
        guard value <= UInt64(max(0, limit)) else { throw Malformed() }
        return Int(value)
    }

    /// Moves past `count` bytes, which must be there.
    mutating func skip(_ count: Int) throws(Malformed) {
        guard count >= 0, bytes.count - offset >= count else { throw Malformed() }
        offset += count
    }

    /// One byte (a tag).
    mutating func byte() throws(Malformed) -> UInt8 {
        guard offset < bytes.count else { throw Malformed() }
        offset += 1
        return bytes[offset - 1]
    }

    mutating func bool() throws(Malformed) -> Bool {
        guard offset < bytes.count, bytes[offset] <= 1 else { throw Malformed() }
        offset += 1
        return bytes[offset - 1] == 1
    }

    mutating func string() throws(Malformed) -> String {
        // The bytes left are counted after the length itself is read: a length up to eight bytes past the end was let through.
        let length = try count(upTo: Int.max)
        guard bytes.count - offset >= length else { throw Malformed() }
        let start = offset
        offset += length
        // Validated by `UTF8Validator`, then copied: `String(validating:as:)` of a slice went through generic metadata for
        // each text (callgrind, Benchmarks/one_change.py 10000, one incremental build: BinaryReader.string 377.5 M -> 131.8 M).
        let string: String? = bytes.withUnsafeBufferPointer { all in
            let text = UnsafeBufferPointer(rebasing: all[start..<start + length])
            return UTF8Validator.isValid(text) ? String(knownValidUTF8: text) : nil
        }
        guard let string else { throw Malformed() }
        return string
    }

    mutating func optionalString() throws(Malformed) -> String? {
        try bool() ? try string() : nil
    }

    mutating func optionalInt() throws(Malformed) -> Int? {
        try bool() ? try int() : nil
    }
}
