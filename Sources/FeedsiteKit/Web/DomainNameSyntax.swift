/// The rules for host names as handles use them (AT Protocol handles, Mastodon servers): ASCII,
/// at most 253 characters, at least two labels separated by `.`, each label 1 to 63 letters, digits
/// and `-`, not starting or ending with `-`, the last label (the top-level domain) not starting with a digit.
package enum DomainNameSyntax {
    /// The most characters a name may have.
    package static let maximumLength = 253
    /// The most characters a label may have.
    package static let maximumLabelLength = 63

    /// Why a name is not a valid host name.
    package enum Problem: Sendable, Equatable {
        case empty
        case tooLong(Int)
        /// A character outside A-Z a-z 0-9 `-` `.`, with its 0-based offset in characters.
        case invalidCharacter(Character, offset: Int)
        case singleLabel
        /// An empty label: `..`, or a `.` at the start or the end.
        case emptyLabel
        case labelTooLong(String)
        case hyphenAtEdge(String)
        case numericTopLevelDomain(String)
    }

    /// The first problem with `name`, or nil when it is a valid host name.
    package static func problem(in name: String) -> Problem? {
        if name.isEmpty { return .empty }
        for (offset, character) in name.enumerated() {
            guard let byte = character.asciiValue, byte.isASCIIAlphanumeric || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") else {
                return .invalidCharacter(character, offset: offset)
            }
        }
        if name.utf8.count > maximumLength { return .tooLong(name.utf8.count) }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count < 2 { return .singleLabel }
        for label in labels {
            if label.isEmpty { return .emptyLabel }
            if label.utf8.count > maximumLabelLength { return .labelTooLong(String(label)) }
            if label.hasPrefix("-") || label.hasSuffix("-") { return .hyphenAtEdge(String(label)) }
        }
        if let last = labels.last, let first = last.utf8.first, first.isASCIIDigit { return .numericTopLevelDomain(String(last)) }
        return nil
    }
}

extension DomainNameSyntax.Problem {
    /// What is wrong with `name`, in words that call it `what` ("Bluesky handle", "server").
    package func message(for name: String, what: String) -> String {
        switch self {
        case .empty: "a \(what) must not be empty"
        case .tooLong(let count): "\(what) '\(name)' has \(count) characters; a domain name has at most \(DomainNameSyntax.maximumLength)"
        case .invalidCharacter(let character, _):
            "\(what) '\(name)' contains \(character == " " ? "a space" : "'\(character)'"); a domain name uses only letters A-Z, digits, '-' and '.'"
        case .singleLabel: "\(what) '\(name)' is not a domain name: it has no '.'"
        case .emptyLabel: "\(what) '\(name)' has an empty part between dots, or starts or ends with '.'"
        case .labelTooLong(let label): "\(what) '\(name)' has the part '\(label)', longer than \(DomainNameSyntax.maximumLabelLength) characters"
        case .hyphenAtEdge(let label): "\(what) '\(name)' has the part '\(label)', which starts or ends with '-'"
        case .numericTopLevelDomain(let label): "\(what) '\(name)' ends with '\(label)'; a top-level domain does not start with a digit"
        }
    }
}
