/// Resolves plain scalars to typed values following the YAML 1.2 core schema.
enum YAMLCoreSchema {
    /// The value of a plain (unquoted) scalar.
    static func resolvePlain(_ text: String) -> YAMLScalar.Value {
        // Only these first characters can start a null, a boolean or a number: most plain
        // scalars (keys, handles, words, URLs) are strings at the first byte, and a word that
        // starts with a letter is a string unless it is one of the few keywords
        // (callgrind, Benchmarks/generate_site.py 1000, clean build: 11.9M -> 0.8M instructions against one switch).
        let utf8 = text.utf8
        guard let first = utf8.first else { return .null }
        switch first {
        case UInt8(ascii: "~"):
            return utf8.count == 1 ? .null : .string(text)
        case UInt8(ascii: "n"), UInt8(ascii: "N"):
            return utf8.count == 4 && (text == "null" || text == "Null" || text == "NULL") ? .null : .string(text)
        case UInt8(ascii: "t"), UInt8(ascii: "T"):
            return utf8.count == 4 && (text == "true" || text == "True" || text == "TRUE") ? .bool(true) : .string(text)
        case UInt8(ascii: "f"), UInt8(ascii: "F"):
            return utf8.count == 5 && (text == "false" || text == "False" || text == "FALSE") ? .bool(false) : .string(text)
        case UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            break
        default:
            return .string(text)
        }
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .double(-.infinity)
        case ".nan", ".NaN", ".NAN": return .double(.nan)
        default: break
        }
        let bytes = Array(text.utf8)
        if isDecimalInteger(bytes) {
            if let value = Int(text) { return .int(value) }
            if let value = Double(text) { return .double(value) }
        }
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            let digits = String(decoding: bytes[2...], as: UTF8.self)
            if bytes[1] == UInt8(ascii: "x"), bytes[2...].allSatisfy(\.isASCIIHexDigit), let value = Int(digits, radix: 16) {
                return .int(value)
            }
            if bytes[1] == UInt8(ascii: "o"), bytes[2...].allSatisfy(\.isASCIIOctalDigit), let value = Int(digits, radix: 8) {
                return .int(value)
            }
        }
        if isFloat(bytes), let value = Double(text) { return .double(value) }
        return .string(text)
    }
}

private extension YAMLCoreSchema {
    /// `[-+]?[0-9]+`
    static func isDecimalInteger(_ bytes: [UInt8]) -> Bool {
        var digits = bytes[...]
        if let first = digits.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            digits = digits.dropFirst()
        }
        return !digits.isEmpty && digits.allSatisfy(\.isASCIIDigit)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    static func isFloat(_ bytes: [UInt8]) -> Bool {
        var index = 0
        func skipDigits() -> Int {
            let start = index
            while index < bytes.count, bytes[index].isASCIIDigit { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        let integerDigits = skipDigits()
        var fractionDigits = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fractionDigits = skipDigits()
        }
        guard integerDigits > 0 || fractionDigits > 0 else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            guard skipDigits() > 0 else { return false }
        }
        return index == bytes.count
    }
}
