/// Each network's handle rules as an ECMA-262 regular expression, for the JSON Schema of site.yml
/// (`handleProblem(in:)` stays the judge: a pattern may let through what the decoder refuses, never
/// the other way round).
extension Network {
    /// A pattern that every valid handle of this network matches.
    package var handlePattern: String {
        switch self {
        case .x: "^[A-Za-z0-9_]{1,\(HandleSyntax.maximumLength)}$"
        case .bluesky: "^\(Self.domainPattern)$"
        // The lookahead is the server's 253-character limit (Bluesky's is the schema's `maxLength`).
        case .mastodon: "^(?=[^@]*@.{1,\(DomainNameSyntax.maximumLength)}$)[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?@\(Self.domainPattern)$"
        }
    }

    /// A pattern matching the handles this network refuses although `handlePattern` lets them through
    /// (Bluesky's reserved top-level domains, in any case); nil when there are none.
    package var refusedHandlePattern: String? {
        guard self == .bluesky else { return nil }
        let names = Self.blueskyReservedTopLevelDomains.sorted().map { name in
            name.map { character in
                let lower = character.lowercased(), upper = character.uppercased()
                return lower == upper ? lower : "[\(lower)\(upper)]"
            }.joined()
        }
        return "\\.(?:\(names.joined(separator: "|")))$"
    }

    /// A valid handle, for examples.
    package var exampleHandle: String {
        switch self {
        case .x: "jack"
        case .bluesky: "bsky.app"
        case .mastodon: "Gargron@mastodon.social"
        }
    }
}

private extension Network {
    /// `DomainNameSyntax`: labels of letters, digits and `-` (not at either end), at least two, the
    /// last not starting with a digit. (Its 253-character limit is the schema's `maxLength`.)
    static let domainPattern: String = {
        let inner = "(?:[A-Za-z0-9-]{0,\(DomainNameSyntax.maximumLabelLength - 2)}[A-Za-z0-9])?"
        return "(?:[A-Za-z0-9]\(inner)\\.)+[A-Za-z]\(inner)"
    }()
}
