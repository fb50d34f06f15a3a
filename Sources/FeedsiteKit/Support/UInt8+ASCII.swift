/// ASCII byte classes, one definition for every parser (HTML, YAML scalars, URLs, handles, HTTP).
extension UInt8 {
    /// `0`-`9`.
    var isASCIIDigit: Bool { self >= 0x30 && self <= 0x39 }
    /// `0`-`7`.
    var isASCIIOctalDigit: Bool { self >= 0x30 && self <= 0x37 }
    /// `A`-`Z` and `a`-`z`.
    var isASCIIAlpha: Bool { (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A }
    /// `A`-`Z`, `a`-`z` and `0`-`9`.
    var isASCIIAlphanumeric: Bool { isASCIIDigit || isASCIIAlpha }
    /// HTML's ASCII white space: space, tab, line feed, form feed and carriage return.
    var isASCIIWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0C || self == 0x0D }
    /// `A`-`Z`.
    var isASCIIUpper: Bool { self >= 0x41 && self <= 0x5A }
    /// The byte with `A`-`Z` turned into `a`-`z`; every other byte as it is.
    var asciiLowercased: UInt8 { isASCIIUpper ? self | 0x20 : self }
    /// The value of a hex digit (`0`-`9`, `a`-`f`, `A`-`F`), or nil.
    var hexDigitValue: UInt8? {
        if isASCIIDigit { return self - 0x30 }
        let lower = self | 0x20
        return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : nil
    }
    /// `0`-`9`, `a`-`f` and `A`-`F`.
    var isASCIIHexDigit: Bool { hexDigitValue != nil }
}
