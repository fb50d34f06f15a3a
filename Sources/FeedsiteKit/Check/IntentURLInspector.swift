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
    /// The hosts whose `/share` URLs are Mastodon's compose links.
    package var mastodonServers: Set<String>

    /// Creates an inspector.
    package init(strict: Bool = false, mastodonServers: Set<String> = Network.wellKnownMastodonServers) {
        self.strict = strict
        self.mastodonServers = mastodonServers
    }
}

extension IntentURLInspector {
    /// Quick test on the raw bytes of an attribute value: could it be an intent URL at all?
    package static func mightBeIntentURL(_ bytes: some Collection<UInt8>) -> Bool {
        guard bytes.count >= 8 else { return false }
        return intentPath.occurs(in: bytes) || sharePath.occurs(in: bytes)
    }

    /// The same test on bytes in memory, in one pass: each `/` is looked for once (memchr) and both
    /// paths compared there, where the generic test searches the value once a path.
    package static func mightBeIntentURL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 8, let base = bytes.baseAddress else { return false }
        let share = sharePath.bytes.count
        let intent = intentPath.bytes.count
        var offset = 0
        while offset + share <= bytes.count, let found = memchr(base + offset, Int32(UInt8(ascii: "/")), bytes.count - offset) {
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let rest = bytes.count - index
            // The byte after the slash tells the paths apart: compare only where one of them can start
            // (callgrind, `feedsite check` of Benchmarks/posts.py 1000's output: memcmp 5.9 M -> 0.6 M instructions).
            if rest >= share {
                let next = base[index + 1]
                if next == UInt8(ascii: "s"), memcmp(base + index, sharePath.bytes, share) == 0 { return true }
                if next == UInt8(ascii: "i"), rest >= intent, memcmp(base + index, intentPath.bytes, intent) == 0 { return true }
            }
            offset = index + 1
        }
        return false
    }

    /// The problems of `url` (as decoded from HTML), or nil when it is not an intent URL. Each rule
    /// gives at most one problem, saying how many more times it fired in the URL.
    package func inspect(_ url: String) -> Result? {
        guard let written = IntentURLParts(url, mastodonServers: mastodonServers) else { return nil }
        var tally = ProblemTally()
        let actions = written.network.intentParameters
        if actions[written.action] == nil {
            let expected = written.network == .x ? "tweet, post, follow, user, like or retweet" : actions.keys.sorted().joined(separator: ", ")
            let what = written.network == .x ? "intent action" : "\(written.network.displayName) intent action"
            tally.add(.unknownAction, "'\(written.action)' is not a known \(what); expected \(expected)")
        }
        let scan = CharacterScan(written.trimmed)
        let clean = scan.isClean
        if !clean { scan.scan { tally.add($0, $1) } }
        // Browsers drop tabs and line breaks from a URL before they read it: so does the rest (a clean URL has none).
        let parts = clean ? written : written.withoutTabsAndLineBreaks()
        let structure = inspectQuery(parts, tally: &tally)

        var decoded: [(name: String, value: String)] = []
        for parameter in structure.parameters {
            if let value = inspectValue(name: parameter.name, raw: parameter.raw, network: parts.network, tally: &tally) {
                decoded.append((parameter.name, value))
            }
        }
        if parts.network.composes(action: parts.action) {
            checkLength(decoded, network: parts.network, tally: &tally)
        }
        guard !tally.isEmpty else { return Result(problems: [], suggestion: nil) }
        var suggestion: String?
        let intendedValues = structure.intended.compactMap { parameter in
            let raw = parameter.appended.isEmpty ? parameter.raw : Substring(String(parameter.raw) + parameter.appended)
            return String(validating: PercentEncoding.decode(raw), as: UTF8.self).map { (name: parameter.name, value: $0) }
        }
        if tally.contains(where: \.isMechanicallyFixable), !tally.contains(where: \.makesIntentAmbiguous),
           decoded.count == structure.parameters.count, intendedValues.count == structure.intended.count {
            let query = intendedValues.map { name, value in
                name + "=" + IntentURL.encodeValue(name == "hashtags" ? Self.withoutLeadingHashes(value) : value, parameter: name)
            }
            suggestion = parts.base + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
            if suggestion == written.trimmed { suggestion = nil }
        }
        return Result(problems: tally.problems, suggestion: suggestion)
    }
}

extension IntentURLInspector {
    /// The query's parameters as a URL parser reads them, and what the author most likely meant:
    /// stray `&` and `#` text put back into the value before it (`appended`, already encoded).
    struct QueryStructure {
        var parameters: [(name: String, raw: Substring)] = []
        var intended: [(name: String, raw: Substring, appended: String)] = []
    }

    /// Splits the query into parameters, reporting what is not a parameter, unknown and repeated names,
    /// and a raw `#`.
    func inspectQuery(_ parts: IntentURLParts, tally: inout ProblemTally) -> QueryStructure {
        var structure = QueryStructure()
        let known = parts.network.intentParameters[parts.action] ?? []
        var names = ParameterNameCounts()
        // Split on the bytes: every delimiter is ASCII, and a URL parser splits on the byte whatever follows it.
        for component in Self.components(of: parts.query) {
            let bytes = component.utf8
            if bytes.starts(with: "amp;".utf8) {
                tally.add(.doubleEscapedAmpersand, "a parameter starts with 'amp;': the HTML had '&amp;amp;', so the link holds '&amp;' instead of '&'")
                let parameter = Self.split(component.dropFirst(4))
                structure.parameters.append(parameter)
                structure.intended.append((parameter.name, parameter.raw, ""))
                continue
            }
            let parameter = Self.split(component)
            let isName = !parameter.name.isEmpty && parameter.name.utf8.allSatisfy { HandleSyntax.isHandleByte($0) }
            guard bytes.contains(UInt8(ascii: "=")), isName else {
                if isName, structure.parameters.isEmpty || known.contains(parameter.name) {
                    tally.add(.emptyParameter, "'\(parameter.name)' has no '=' and so no value; write '\(parameter.name)=…' or remove it")
                } else if let previous = structure.parameters.last {
                    tally.add(.rawAmpersand, "a raw '&' splits '\(previous.name)': '\(component)' is not a parameter; encode '&' inside a value as %26")
                    structure.intended[structure.intended.count - 1].appended += "%26" + component
                } else {
                    tally.add(.unknownParameter, "the query starts with '\(component.prefix(40))', which is not a name=value parameter")
                }
                continue
            }
            if !known.isEmpty, !known.contains(parameter.name), parts.network.intentButtonParameters[parts.action]?.contains(parameter.name) != true {
                tally.add(.unknownParameter, "'\(parameter.name)' is not a parameter of \(parts.network.intentName(action: parts.action)); "
                          + "it accepts \(known.joined(separator: ", "))")
            }
            names.count(parameter.name)
            structure.parameters.append(parameter)
            structure.intended.append((parameter.name, parameter.raw, ""))
        }
        for (name, count) in names.repeated {
            tally.add(.repeatedParameter, "'\(name)' is given \(DiagnosticRenderer.grouped(count)) times; \(parts.network.displayName) uses only one of them")
        }
        if let fragment = parts.fragment {
            tally.add(.rawHash, "a raw '#' ends the query, so '#\(fragment.prefix(30))' is lost; encode '#' as %23")
            if !structure.intended.isEmpty {
                structure.intended[structure.intended.count - 1].appended += "%23" + fragment
            }
        }
        return structure
    }
}

private extension IntentURLInspector {
    static let intentPath = BytePattern("/intent/")
    static let sharePath = BytePattern("/share")
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
    func inspectValue(name: String, raw: Substring, network: Network, tally: inout ProblemTally) -> String? {
        if raw.isEmpty {
            tally.add(.emptyParameter, "'\(name)' is empty; remove it or give it a value")
        }
        if Self.plus.occurs(in: raw.utf8) {
            tally.add(.ambiguousPlus, "'\(name)' contains a raw '+', which form decoding reads as a space; write %20 for a space or %2B for a plus")
        }
        if strict {
            let isList = IntentURL.listParameters.contains(name)
            if let byte = raw.utf8.first(where: { !PercentEncoding.isUnreserved($0) && $0 != UInt8(ascii: "%") && $0 != UInt8(ascii: "+")
                && !(isList && $0 == UInt8(ascii: ",")) && $0 < 0x80 && $0 > 0x20 && !Self.unsafe.contains($0) }) {
                tally.add(.rawReservedChar, "'\(name)' has '\(Character(Unicode.Scalar(byte)))' left raw; canonical encoding leaves only A-Z a-z 0-9 - . _ ~ raw")
            }
        }
        let bytes = PercentEncoding.decode(raw)
        guard let value = String(validating: bytes, as: UTF8.self) else {
            tally.add(.invalidUTF8, "'\(name)' does not decode to valid UTF-8; percent-encode the UTF-8 bytes of the text")
            return nil
        }
        let isURL = name == "url" || name == "original_referer"
        let urlProblem = isURL ? HTTPURLSyntax.problem(in: value) : nil
        if let triplet = Self.firstTriplet(in: bytes), !(isURL && urlProblem == nil) {
            // A valid URL keeps its own escapes (`url=https%3A%2F%2Fa.b%2Fa%2520b` is right); free text may mean one.
            if name == "text" {
                tally.add(.doubleEncodedText, "'text' still holds '\(triplet)' after decoding: it was encoded twice, or the text means "
                    + "a literal '\(triplet)' (then all is well)")
            } else {
                tally.add(.doubleEncoded, "'\(name)' is encoded twice: after decoding it still holds '\(triplet)'")
            }
        }
        if let urlProblem {
            tally.add(.invalidURLParameter, urlProblem.message(key: name, url: value))
        }
        // Handles, hashtags and ids are parameters of X's intents only.
        guard network == .x else { return value }
        switch name {
        case "via", "screen_name":
            checkHandle(value, parameter: name, tally: &tally)
        case "related":
            for entry in value.split(separator: ",", omittingEmptySubsequences: false) {
                checkHandle(String(entry.prefix { $0 != ":" }), parameter: name, tally: &tally)
            }
        case "hashtags", "button_hashtag":
            // Some tag starts with '#': the value does, or a ',' is followed by one ('#' and ',' are ASCII).
            if value.utf8.first == UInt8(ascii: "#") || Self.commaHash.occurs(in: value.utf8) {
                tally.add(.hashtagLeadingHash, "a hashtag in '\(name)' starts with '#'; X adds the '#' itself, so write the tag without it")
            }
        case "in_reply_to", "tweet_id", "user_id":
            if !(1...19).contains(value.count) || !value.allSatisfy({ $0.isASCII && $0.isNumber }) {
                tally.add(.nonNumericID, "'\(name)' must be a numeric id of 1 to 19 digits, found '\(value.prefix(40))'")
            }
        default:
            break
        }
        return value
    }

    func checkHandle(_ handle: String, parameter: String, tally: inout ProblemTally) {
        if let problem = HandleSyntax.problem(in: handle) {
            tally.add(.invalidHandle, "'\(parameter)': " + problem.message(for: handle))
        }
    }

    /// Reports a post longer than the network allows, counted as the network counts what the URL pre-fills.
    func checkLength(_ parameters: [(name: String, value: String)], network: Network, tally: inout ProblemTally) {
        let total: Int
        switch network {
        case .mastodon:
            // Mastodon joins the title, the text and the url with spaces.
            let parts = ["title", "text", "url"].compactMap { name in parameters.last { $0.name == name }?.value }.filter { !$0.isEmpty }
            total = network.postLength(of: parts.joined(separator: " "))
        default:
            var compose = ComposeOptions()
            for (name, value) in parameters {
                switch name {
                case "text": compose.text = value
                case "url": compose.url = value
                case "hashtags": compose.hashtags += value.split(separator: ",").map(String.init)
                case "via": compose.via = value
                default: break
                }
            }
            total = network.composedLength(compose)
        }
        if total > network.postLimit {
            let limit = network == .x ? "the limit is \(network.postLimit)" : "\(network.displayName)'s limit is \(network.postLimit)"
            tally.add(.tooLong, "the post would be \(total) \(network.lengthUnit); \(limit)")
        }
    }

    static let unsafe: Set<UInt8> = Set("\"<>`{}|\\^[]".utf8)

    /// The first `%XX` sequence in `bytes`, if any.
    static func firstTriplet(in bytes: [UInt8]) -> String? {
        guard bytes.count >= 3 else { return nil }
        for index in 0..<(bytes.count - 2) where bytes[index] == UInt8(ascii: "%") {
            if bytes[index + 1].isASCIIHexDigit, bytes[index + 2].isASCIIHexDigit { return String(decoding: bytes[index..<(index + 3)], as: UTF8.self) }
        }
        return nil
    }
}
