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
    /// The characters at the UTF-8 offsets `range`, which must fall between characters. Appended to a
    /// String, or made into one, a slice is copied without its UTF-8 being validated again: text made
    /// of pieces of one String costs no validation.
    @inline(__always)
    func slice(utf8 range: Range<Int>) -> Substring {
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return self[lower..<utf8.index(lower, offsetBy: range.count)]
    }
}
