extension String {
    /// Whether any of the string's UTF-8 bytes satisfies `predicate`, looked at in one contiguous
    /// buffer (walking `utf8` byte by byte costs several times more).
    @inline(__always)
    func containsUTF8Byte(where predicate: (UInt8) -> Bool) -> Bool {
        var text = self
        return text.withUTF8 { $0.contains(where: predicate) }
    }
}
