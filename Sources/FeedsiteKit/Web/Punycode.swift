/// Punycode (RFC 3492), the ASCII form of a non-ASCII domain label: `bücher` → `xn--bcher-kva`.
/// Only encoding: feedsite suggests the form Bluesky and Mastodon handles must be written in.
enum Punycode {
    /// `name` with each non-ASCII label replaced by `xn--` and its Punycode, labels lowercased first
    /// (no full IDNA mapping); nil when a label cannot be encoded.
    static func asciiDomain(_ name: String) -> String? {
        var labels: [String] = []
        for label in name.split(separator: ".", omittingEmptySubsequences: false) {
            let lower = label.lowercased()
            if lower.unicodeScalars.allSatisfy(\.isASCII) {
                labels.append(lower)
            } else {
                guard let encoded = encode(lower) else { return nil }
                labels.append("xn--" + encoded)
            }
        }
        return labels.joined(separator: ".")
    }

    /// The Punycode of `label` (RFC 3492 section 6.3), or nil on overflow.
    static func encode(_ label: String) -> String? {
        let input = label.unicodeScalars.map(\.value)
        var output = input.filter { $0 < 0x80 }.map { Character(Unicode.Scalar($0)!) }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append("-") }
        var n: UInt32 = 128, delta: UInt32 = 0, bias: UInt32 = 72
        while handled < input.count {
            guard let next = input.filter({ $0 >= n }).min() else { return nil }
            let (step, overflow) = (next - n).multipliedReportingOverflow(by: UInt32(handled + 1))
            guard !overflow, delta <= UInt32.max - step else { return nil }
            delta += step
            n = next
            for scalar in input {
                if scalar < n {
                    guard delta < UInt32.max else { return nil }
                    delta += 1
                }
                guard scalar == n else { continue }
                var q = delta, k: UInt32 = 36
                while true {
                    let t = k <= bias ? 1 : (k >= bias + 26 ? 26 : k - bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (36 - t)))
                    q = (q - t) / (36 - t)
                    k += 36
                }
                output.append(digit(q))
                bias = adapt(delta, points: UInt32(handled + 1), first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return String(output)
    }
}

private extension Punycode {
    static func digit(_ value: UInt32) -> Character {
        Character(Unicode.Scalar(value < 26 ? value + 97 : value + 22)!)
    }

    static func adapt(_ delta: UInt32, points: UInt32, first: Bool) -> UInt32 {
        var delta = first ? delta / 700 : delta / 2
        delta += delta / points
        var k: UInt32 = 0
        while delta > 455 {
            delta /= 35
            k += 36
        }
        return k + 36 * delta / (delta + 38)
    }
}
