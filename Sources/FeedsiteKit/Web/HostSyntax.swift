/// The host of a site's address (`base_url`), as RFC 3986 and DNS allow it: an IPv6 literal in
/// brackets, an IPv4 address, or a name of labels separated by `.`, each 1 to 63 letters, digits
/// and `-`, not starting or ending with `-`, at most 253 characters in all (`localhost` is one label).
package enum HostSyntax {
    /// What is wrong with `host` (the authority without user information and port), in words that
    /// follow "which …"; nil when it is a valid host.
    package static func problem(in host: Substring) -> String? {
        if host.hasPrefix("[") {
            guard host.hasSuffix("]"), host.count > 2, isIPv6(host.dropFirst().dropLast()) else { return "is not an IPv6 address in brackets" }
            return nil
        }
        if host.utf8.count > DomainNameSyntax.maximumLength { return "has \(host.utf8.count) characters; a host name has at most \(DomainNameSyntax.maximumLength)" }
        if let bad = host.first(where: { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".")) }) {
            return "contains '\(bad)'; a host name uses only letters A-Z, digits, '-' and '.'"
        }
        for label in host.split(separator: ".", omittingEmptySubsequences: false) {
            if label.isEmpty { return "has an empty part between dots, or starts or ends with '.'" }
            if label.utf8.count > DomainNameSyntax.maximumLabelLength {
                return "has the part '\(label)', longer than \(DomainNameSyntax.maximumLabelLength) characters"
            }
            if label.hasPrefix("-") || label.hasSuffix("-") { return "has the part '\(label)', which starts or ends with '-'" }
        }
        let labels = host.split(separator: ".")
        if labels.allSatisfy({ $0.allSatisfy(\.isNumber) }), labels.count != 4 || labels.contains(where: { Int($0).map { $0 > 255 } ?? true }) {
            return "is neither a host name nor an IPv4 address (four numbers from 0 to 255)"
        }
        return nil
    }
}

private extension HostSyntax {
    /// RFC 4291's text forms: eight groups of 1 to 4 hex digits, one `::` for a run of zero groups,
    /// the last two groups optionally an IPv4 address. No zone (`%25eth0`).
    static func isIPv6(_ text: Substring) -> Bool {
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        func groups(_ part: String) -> [Substring]? {
            part.isEmpty ? [] : part.split(separator: ":", omittingEmptySubsequences: false)
        }
        guard let head = groups(halves[0]), let tail = halves.count == 2 ? groups(halves[1]) : [] else { return false }
        var all = head + tail
        var count = all.count
        if let last = all.last, last.contains(".") {
            let parts = last.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 4, parts.allSatisfy({ (1...3).contains($0.count) && $0.allSatisfy(\.isNumber) && Int($0).map { $0 <= 255 } == true }) else {
                return false
            }
            all.removeLast()
            count += 1
        }
        guard all.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy(\.isHexDigit) && $0.allSatisfy(\.isASCII) }) else { return false }
        return halves.count == 2 ? count <= 7 : count == 8
    }
}
