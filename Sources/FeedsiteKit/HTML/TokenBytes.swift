#if canImport(Glibc)
import Glibc
#endif

/// The bytes of the token being read (a tag's name, or its attribute names and values packed one
/// after another): appended to in runs and emptied for the next token without giving back memory.
///
/// The tokenizer empties and refills these for every tag of every page; an `Array`'s generic
/// `append(contentsOf:)` and `removeAll(keepingCapacity:)` cost more there than the bytes themselves.
/// Views handed out (`all`, `slice`) are valid until the bytes next change.
final class TokenBytes {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes there are.
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }
}

extension TokenBytes {
    var isEmpty: Bool { count == 0 }

    /// All the bytes.
    var all: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// The bytes in `range` (offsets from the start), indexed from 0.
    func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range outside the token's bytes")
        return UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    func removeAll() {
        count = 0
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    /// Appends `length` bytes from `source`.
    @inline(__always)
    func append(_ source: UnsafePointer<UInt8>, length: Int) {
        if count + length > capacity { grow(to: count + length) }
        (base + count).update(from: source, count: length)
        count += length
    }

    func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            if let start = buffer.baseAddress { append(start, length: buffer.count) }
        }
    }

    /// Lower-cases A-Z in the bytes from `start` on.
    func lowercaseASCII(from start: Int) {
        for position in start..<count where base[position].isASCIIUpper {
            base[position] |= 0x20
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether both hold the same bytes (lengths first, then one memcmp).
    @inline(__always)
    func sameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count == other.count else { return false }
        guard count > 0, let base = baseAddress, let otherBase = other.baseAddress else { return true }
        return memcmp(base, otherBase, count) == 0
    }

    /// Whether these are the bytes of `text` (an ASCII literal).
    @inline(__always)
    func sameBytes(as text: StaticString) -> Bool {
        sameBytes(as: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

private extension TokenBytes {
    func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
