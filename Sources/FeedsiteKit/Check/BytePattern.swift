#if canImport(Glibc)
import Glibc
#endif

/// A fixed byte sequence to look for in bytes, found with memchr on its first byte and memcmp on the rest.
struct BytePattern: Sendable {
    let bytes: [UInt8]

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Whether the pattern occurs in `buffer`.
    func occurs(in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first else { return true }
        guard let base = buffer.baseAddress, buffer.count >= bytes.count else { return false }
        var offset = 0
        while offset + bytes.count <= buffer.count,
              let found = memchr(base + offset, Int32(first), buffer.count - bytes.count + 1 - offset) {
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + index, bytes, bytes.count) == 0 { return true }
            offset = index + 1
        }
        return false
    }

    /// Whether the pattern occurs in `collection`.
    func occurs(in collection: some Collection<UInt8>) -> Bool {
        collection.withContiguousStorageIfAvailable { occurs(in: $0) } ?? Array(collection).withUnsafeBufferPointer { occurs(in: $0) }
    }
}
