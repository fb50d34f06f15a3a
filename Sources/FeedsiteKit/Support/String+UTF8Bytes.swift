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
        self.init(knownValidUTF8: bytes.span)
    }

    /// The same for bytes in a span; `isASCII` promises that every byte is below 0x80 (checked likewise).
    init(knownValidUTF8 bytes: Span<UInt8>, isASCII: Bool = false) {
        assert((try? UTF8Span(validating: bytes)) != nil, "bytes promised to be valid UTF-8 are not")
        assert(!isASCII || (0..<bytes.count).allSatisfy { bytes[$0] < 0x80 }, "bytes promised to be ASCII are not")
        self = String(copying: unsafe UTF8Span(unchecked: bytes, isKnownASCII: isASCII))
    }
}
