extension String {
    /// Whether any of the string's UTF-8 bytes satisfies `predicate`, looked at in one contiguous
    /// buffer (walking `utf8` byte by byte costs several times more).
    @inline(__always)
    func containsUTF8Byte(where predicate: (UInt8) -> Bool) -> Bool {
        var text = self
        return text.withUTF8 { $0.contains(where: predicate) }
    }
}

extension String {
    /// The String of `bytes`, which the caller guarantees to be valid UTF-8 by how it made them (pieces of
    /// Strings cut between characters, ASCII, scalars encoded): copied without validating them again,
    /// which `String(decoding:as:)` does at about 10 instructions a byte of accented text. Debug builds
    /// (the tests) check the guarantee.
    init(knownValidUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        assert(String(validating: bytes, as: UTF8.self) != nil, "bytes promised to be valid UTF-8 are not")
        self = String(copying: unsafe UTF8Span(unchecked: bytes.span))
    }
}
