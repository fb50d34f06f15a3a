/// Regular expressions (ECMA-262, also POSIX-safe) for decimal numbers written as text, for the JSON
/// Schema of site.yml, where a `maximum` only bounds numbers and a digit string needs a pattern.
enum DecimalPattern {
    /// A group matching every string of 1 to as many digits as `limit` has (leading zeros allowed)
    /// whose value is at most `limit`, which must not be negative.
    static func atMost(_ limit: Int) -> String {
        let digits = Array(String(limit)).map { Int(String($0)) ?? 0 }
        var alternatives = digits.count > 1 ? ["[0-9]{1,\(digits.count - 1)}"] : []
        // As long as `limit`, a string is at most `limit` when it first falls below it at some digit, or equals it.
        for (index, digit) in digits.enumerated() where digit > 0 {
            let prefix = digits[..<index].map(String.init).joined()
            let rest = digits.count - index - 1
            alternatives.append(prefix + (digit == 1 ? "0" : "[0-\(digit - 1)]") + (rest > 0 ? "[0-9]{\(rest)}" : ""))
        }
        alternatives.append(digits.map(String.init).joined())
        return "(?:" + alternatives.joined(separator: "|") + ")"
    }
}
