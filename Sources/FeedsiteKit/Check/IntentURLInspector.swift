#if canImport(Glibc)
import Glibc
#endif

/// Applies the intent-URL rules to one URL: characters, query structure, then each decoded value.
package struct IntentURLInspector: Sendable {
    /// One problem found in a URL.
    package struct Problem: Sendable, Equatable {
        package var rule: CheckRule
        package var message: String
    }

    /// What inspecting an intent URL found.
    package struct Result: Sendable, Equatable {
        package var problems: [Problem]
        /// The corrected URL, when every problem can be fixed without guessing.
        package var suggestion: String?
    }

    /// With `strict`, any character outside the unreserved set left raw in a value is reported too.
    package var strict: Bool

    /// Creates an inspector.
    package init(strict: Bool = false) {
        self.strict = strict
    }
}

extension IntentURLInspector {
    /// Quick test on the raw bytes of an attribute value: could it be an intent URL at all?
    package static func mightBeIntentURL(_ bytes: some Collection<UInt8>) -> Bool {
        guard bytes.count >= 8 else { return false }
        return intentPath.occurs(in: bytes)
    }

    /// The problems of `url` (as decoded from HTML), or nil when it is not an intent URL.
    package func inspect(_ url: String) -> Result? {
        guard let parts = IntentURLParts(url) else { return nil }
        var problems: [Problem] = []
        var seen = Set<CheckRule>()
        func report(_ rule: CheckRule, _ message: String) {
            problems.append(Problem(rule: rule, message: message))
            seen.insert(rule)
        }
        if IntentURL.parameters[parts.action] == nil {
            report(.unknownAction, "'\(parts.action)' is not a known intent action; expected tweet, post, follow, user, like or retweet")
        }
        CharacterScan(parts.trimmed).report(into: report)

        let known = IntentURL.parameters[parts.action] ?? []
        var parameters: [(name: String, raw: Substring)] = []
        // What the author most likely meant: stray '&' and '#' text put back into the value before it.
        var intended: [(name: String, raw: Substring)] = []
        // A handful of parameters: a list searched in order costs less than hashing each name.
        var names: [String] = []
        // Split on the bytes: every delimiter is ASCII, and a URL parser splits on the byte whatever follows it.
        for component in Self.components(of: parts.query) {
            let bytes = component.utf8
            if bytes.starts(with: "amp;".utf8) {
                report(.doubleEscapedAmpersand, "a parameter starts with 'amp;': the HTML had '&amp;amp;', so the link holds '&amp;' instead of '&'")
                parameters.append(Self.split(component.dropFirst(4)))
                intended.append(parameters[parameters.count - 1])
                continue
            }
            let parameter = Self.split(component)
            guard bytes.contains(UInt8(ascii: "=")), !parameter.name.isEmpty,
                  parameter.name.utf8.allSatisfy({ HandleSyntax.isHandleByte($0) }) else {
                let previous = parameters.last.map { "'\($0.name)'" } ?? "the query"
                report(.rawAmpersand, "a raw '&' splits \(previous): '\(component)' is not a parameter; encode '&' inside a value as %26")
                if let last = intended.indices.last {
                    intended[last].raw = Substring(String(intended[last].raw) + "%26" + component)
                }
                continue
            }
            if !known.isEmpty, !known.contains(parameter.name) {
                report(.unknownParameter, "'\(parameter.name)' is not a parameter of intent/\(parts.action); it accepts \(known.joined(separator: ", "))")
            }
            if names.contains(parameter.name) {
                report(.repeatedParameter, "'\(parameter.name)' is given more than once; X uses only one of them")
            } else {
                names.append(parameter.name)
            }
            parameters.append(parameter)
            intended.append(parameter)
        }
        if let fragment = parts.fragment {
            report(.rawHash, "a raw '#' ends the query, so '#\(fragment.prefix(30))' is lost; encode '#' as %23")
            if let last = intended.indices.last {
                intended[last].raw = Substring(String(intended[last].raw) + "%23" + fragment)
            }
        }

        var decoded: [(name: String, value: String)] = []
        for parameter in parameters {
            if let value = inspectValue(name: parameter.name, raw: parameter.raw, action: parts.action, report: report) {
                decoded.append((parameter.name, value))
            }
        }
        if parts.action == "tweet" || parts.action == "post" {
            checkLength(decoded, report: report)
        }

        var suggestion: String?
        guard !seen.isEmpty else { return Result(problems: problems, suggestion: nil) }
        let intendedValues = intended.compactMap { parameter in
            String(validating: PercentEncoding.decode(parameter.raw), as: UTF8.self).map { (name: parameter.name, value: $0) }
        }
        if seen.contains(where: \.isMechanicallyFixable), !seen.contains(where: \.makesIntentAmbiguous),
           decoded.count == parameters.count, intendedValues.count == intended.count {
            let query = intendedValues.map { name, value in
                name + "=" + IntentURL.encodeValue(name == "hashtags" ? Self.withoutLeadingHashes(value) : value, parameter: name)
            }
            suggestion = parts.base + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
            if suggestion == parts.trimmed { suggestion = nil }
        }
        return Result(problems: problems, suggestion: suggestion)
    }
}

private extension IntentURLInspector {
    static let intentPath = BytePattern("/intent/")
    static let commaHash = BytePattern(",#")
    static let plus = BytePattern("+")

    /// The non-empty parts of `query` between `&` bytes (found with memchr; offsets into UTF-8 are
    /// character boundaries here, since `&` is ASCII).
    static func components(of query: Substring) -> [Substring] {
        let utf8 = query.utf8
        let offsets: [Int]? = utf8.withContiguousStorageIfAvailable { buffer in
            guard let base = buffer.baseAddress else { return [] }
            var offsets: [Int] = []
            var start = 0
            while start < buffer.count, let found = memchr(base + start, Int32(UInt8(ascii: "&")), buffer.count - start) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                offsets.append(index)
                start = index + 1
            }
            return offsets
        }
        guard let offsets else {
            return query.utf8.split(separator: UInt8(ascii: "&")).map { Substring($0) }
        }
        var parts: [Substring] = []
        parts.reserveCapacity(offsets.count + 1)
        var start = 0
        for end in offsets + [utf8.count] {
            if end > start {
                parts.append(query[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)])
            }
            start = end + 1
        }
        return parts
    }

    static func split(_ component: Substring) -> (name: String, raw: Substring) {
        guard let equals = component.utf8.firstIndex(of: UInt8(ascii: "=")) else { return (String(component), "") }
        return (String(component[..<equals]), component[component.index(after: equals)...])
    }

    static func withoutLeadingHashes(_ value: String) -> String {
        value.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("#") ? String($0.drop { $0 == "#" }) : String($0) }.joined(separator: ",")
    }

    /// Checks one value; returns it decoded when it is valid UTF-8.
    func inspectValue(name: String, raw: Substring, action: String, report: (CheckRule, String) -> Void) -> String? {
        if raw.isEmpty {
            report(.emptyParameter, "'\(name)' is empty; remove it or give it a value")
        }
        if Self.plus.occurs(in: raw.utf8) {
            report(.ambiguousPlus, "'\(name)' contains a raw '+', which form decoding reads as a space; write %20 for a space or %2B for a plus")
        }
        if strict {
            let isList = IntentURL.listParameters.contains(name)
            if let byte = raw.utf8.first(where: { !PercentEncoding.isUnreserved($0) && $0 != UInt8(ascii: "%") && $0 != UInt8(ascii: "+")
                && !(isList && $0 == UInt8(ascii: ",")) && $0 < 0x80 && $0 > 0x20 && !Self.unsafe.contains($0) }) {
                report(.rawReservedChar, "'\(name)' has '\(Character(Unicode.Scalar(byte)))' left raw; canonical encoding leaves only A-Z a-z 0-9 - . _ ~ raw")
            }
        }
        let bytes = PercentEncoding.decode(raw)
        guard let value = String(validating: bytes, as: UTF8.self) else {
            report(.invalidUTF8, "'\(name)' does not decode to valid UTF-8; percent-encode the UTF-8 bytes of the text")
            return nil
        }
        if Self.containsTriplet(bytes) {
            report(.doubleEncoded, "'\(name)' is encoded twice: after decoding it still holds a %XX sequence")
        }
        switch name {
        case "via", "screen_name":
            checkHandle(value, parameter: name, report: report)
        case "related":
            for entry in value.split(separator: ",", omittingEmptySubsequences: false) {
                checkHandle(String(entry.prefix { $0 != ":" }), parameter: name, report: report)
            }
        case "hashtags":
            // Some tag starts with '#': the value does, or a ',' is followed by one ('#' and ',' are ASCII).
            if value.utf8.first == UInt8(ascii: "#") || Self.commaHash.occurs(in: value.utf8) {
                report(.hashtagLeadingHash, "a hashtag in 'hashtags' starts with '#'; X adds the '#' itself, so write the tag without it")
            }
        case "in_reply_to", "tweet_id", "user_id":
            if !(1...19).contains(value.count) || !value.allSatisfy({ $0.isASCII && $0.isNumber }) {
                report(.nonNumericID, "'\(name)' must be a numeric id of 1 to 19 digits, found '\(value.prefix(40))'")
            }
        case "url":
            if let problem = HTTPURLSyntax.problem(in: value) {
                report(.invalidURLParameter, problem.message(key: "url", url: value))
            }
        default:
            break
        }
        return value
    }

    func checkHandle(_ handle: String, parameter: String, report: (CheckRule, String) -> Void) {
        if let problem = HandleSyntax.problem(in: handle) {
            report(.invalidHandle, "'\(parameter)': " + problem.message(for: handle))
        }
    }

    func checkLength(_ parameters: [(name: String, value: String)], report: (CheckRule, String) -> Void) {
        var total = 0
        for (name, value) in parameters {
            switch name {
            case "text": total += PostLength.weight(of: value)
            case "url": total += PostLength.urlWeight
            case "hashtags":
                for tag in value.utf8.split(separator: UInt8(ascii: ",")) { total += 2 + PostLength.weight(of: String(decoding: tag, as: UTF8.self)) }
            case "via": total += 6 + PostLength.weight(of: value)
            default: break
            }
        }
        if total > PostLength.limit {
            report(.tooLong, "the post would be \(total) characters as X counts them; the limit is \(PostLength.limit)")
        }
    }

    static let unsafe: Set<UInt8> = Set("\"<>`{}|\\^[]".utf8)

    static func containsTriplet(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 3 else { return false }
        for index in 0..<(bytes.count - 2) where bytes[index] == UInt8(ascii: "%") {
            if bytes[index + 1].isASCIIHexDigit, bytes[index + 2].isASCIIHexDigit { return true }
        }
        return false
    }
}
