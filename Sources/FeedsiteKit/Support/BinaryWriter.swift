/// Bytes of a compact binary file written field by field: numbers as eight bytes little-endian,
/// strings as their length then their UTF-8, optional values behind a byte 0 (absent) or 1. Read
/// back with `BinaryReader`.
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []
}

extension BinaryWriter {
    mutating func add(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    mutating func add(_ value: Int) {
        add(UInt64(bitPattern: Int64(value)))
    }

    /// One byte (a tag).
    mutating func add(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func add(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    mutating func add(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            add(utf8.count)
            bytes += utf8
        }
    }

    mutating func add(_ string: String?) {
        add(string != nil)
        if let string { add(string) }
    }

    mutating func add(_ value: Int?) {
        add(value != nil)
        if let value { add(value) }
    }

    /// Appends `encoded`, fields another writer wrote, as they are.
    mutating func add(encoded: ArraySlice<UInt8>) {
        bytes += encoded
    }

    /// Writes `value` over the eight bytes at `offset`, which `add(_: UInt64)` wrote (a checksum known only at the end).
    mutating func put(_ value: UInt64, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(offset..<offset + 8, with: $0) }
    }

    /// Reserves room for `count` more bytes.
    mutating func reserve(_ count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }
}
