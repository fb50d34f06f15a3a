/// JSON string literals, for the reports and errors feedsite prints as JSON.
package enum JSONString {
    /// `text` as a quoted JSON string: quotes, backslashes and control characters escaped (C0, DEL
    /// and C1, U+0080-U+009F, which a terminal may act on), and U+2028/U+2029 too so that the output
    /// is also valid JavaScript.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
