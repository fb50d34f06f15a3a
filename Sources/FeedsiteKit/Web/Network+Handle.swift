extension Network {
    /// The top-level domains Bluesky does not accept for handles (reserved names that never resolve).
    package static let blueskyReservedTopLevelDomains: Set<String> = [
        "alt", "arpa", "example", "internal", "invalid", "local", "localhost", "onion",
    ]

    /// The first problem with `handle` on this network, or nil when it is valid. X: 1 to 15 of
    /// `A-Z a-z 0-9 _` (`HandleSyntax`). Bluesky: a domain name as the AT Protocol defines handles
    /// (`DomainNameSyntax`, and not under a reserved top-level domain such as `.local`). Mastodon:
    /// `user@server`, the user `A-Z a-z 0-9 _` with `.` and `-` inside, the server a domain name.
    /// A handle that is valid on another network says so in its hint, saying to add, change or set
    /// `network` as `origin` requires; a pasted profile URL gets the handle it names.
    package func handleProblem(in handle: String, networkFrom origin: NetworkOrigin = .account) -> HandleProblem? {
        guard var problem = ownProblem(in: handle) else { return nil }
        if let pasted = PastedProfileURL(handle) {
            guard let named = pasted.handle else {
                problem.hint = "that is a page of \(pasted.network.displayName), not a profile URL; copy the address of the account's profile page"
                return problem
            }
            if let inner = pasted.network.ownProblem(in: named) {
                // A profile URL of a DID, say: the named handle's own hint helps, not a generic one.
                problem.hint = "that is a profile URL of '\(named)', which is no handle either: " + (inner.hint ?? inner.message)
                return problem
            }
            problem.hint = "that is a profile URL; write the handle it names: `handle: \(named)`"
                + (pasted.network == self ? "" : " and " + networkFix(pasted.network, origin: origin))
            return problem
        }
        var bare = handle.hasPrefix("@") ? String(handle.dropFirst()) : handle
        // `alice@mastodon.social.` is a Mastodon handle with a final dot, not a broken X handle.
        if Network.allCases.allSatisfy({ $0.ownProblem(in: bare) != nil }), bare.count > 1, bare.hasSuffix("."),
           Network.allCases.contains(where: { $0 != self && $0.ownProblem(in: String(bare.dropLast())) == nil }) {
            bare.removeLast()
        }
        if let other = Network.allCases.first(where: { $0 != self && $0.ownProblem(in: bare) == nil }) {
            let fix = (bare == handle ? "" : "write `handle: \(bare)` and ") + networkFix(other, origin: origin)
            let lookalike = "'\(handle)' looks like \(other.article) \(other.displayName) handle: \(fix)"
            // A plain name may as well be this network's handle written short: both hints then.
            problem.hint = other == .x ? [problem.hint, "or, if it is an X account: " + lookalike].compactMap { $0 }.joined(separator: "; ") : lookalike
        }
        return problem
    }

    /// The user and server of a Mastodon handle `user@server`, split at its first `@`.
    package static func mastodonParts(of handle: String) -> (user: Substring, server: Substring)? {
        guard let at = handle.firstIndex(of: "@"), at != handle.startIndex else { return nil }
        return (handle[..<at], handle[handle.index(after: at)...])
    }
}

private extension Network {
    var article: String {
        self == .x ? "an" : "a"
    }

    /// What to do to `network` in site.yml so that the account is on `other`.
    func networkFix(_ other: Network, origin: NetworkOrigin) -> String {
        switch origin {
        case .builtIn: "add `network: \(other.rawValue)`"
        case .account: other == .x ? "remove `network: \(rawValue)` (or write `network: x`)" : "change `network: \(rawValue)` to `network: \(other.rawValue)`"
        case .defaults: "set `network: \(other.rawValue)` on this account (defaults gives it `network: \(rawValue)`)"
        }
    }

    func ownProblem(in handle: String) -> HandleProblem? {
        switch self {
        case .x:
            return HandleSyntax.problem(in: handle).map { problem in
                var offset: Int?
                if case .invalidCharacter(_, let at) = problem { offset = at }
                return HandleProblem(message: problem.message(for: handle), hint: problem.hint(for: handle), offset: offset)
            }
        case .bluesky:
            return blueskyProblem(in: handle)
        case .mastodon:
            return mastodonProblem(in: handle)
        }
    }

    func blueskyProblem(in handle: String) -> HandleProblem? {
        if handle.hasPrefix("@") {
            let rest = String(handle.dropFirst())
            // `@alice` is no handle without its '@' either: say what the rest should be.
            return HandleProblem(message: "Bluesky handle '\(handle)' starts with '@'",
                                 hint: "write the handle without '@'" + (blueskyProblem(in: rest) == nil ? ": \(rest)" : "; " + blueskyExample(for: rest)))
        }
        if handle.lowercased().hasPrefix("did:") {
            return HandleProblem(message: "'\(handle)' is a DID, not a handle; Bluesky handles are domain names, such as alice.bsky.social",
                                 hint: "open https://\(Self.blueskyHost)/profile/\(handle) to see the account's handle")
        }
        if let problem = DomainNameSyntax.problem(in: handle) {
            return domainProblem(problem, in: handle, what: "Bluesky handle", offsetBy: 0, example: blueskyExample(for: handle))
        }
        if let last = handle.split(separator: ".").last, Self.blueskyReservedTopLevelDomains.contains(last.lowercased()) {
            return HandleProblem(message: "Bluesky handle '\(handle)' ends with '.\(last)', a reserved domain that Bluesky does not accept for handles",
                                 hint: "check the handle on the account's profile page (https://bsky.app/profile/…)")
        }
        return nil
    }

    /// The likely handle meant by an invalid `handle`: without a final `.`, in Punycode when it is
    /// not ASCII, with `.bsky.social` added only to a single name.
    func blueskyExample(for handle: String) -> String {
        if let (fix, domain) = Self.likelyDomain(handle) { return fix + domain }
        let single = !handle.isEmpty && !handle.contains(".") && handle.utf8.allSatisfy { $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "-") }
        return "a Bluesky handle is a domain name, such as \(single ? handle : "alice").bsky.social"
    }

    func mastodonProblem(in handle: String) -> HandleProblem? {
        let example = "write it as user@server, such as alice@mastodon.social"
        if handle.isEmpty { return HandleProblem(message: "a Mastodon handle must not be empty", hint: example) }
        if handle.hasPrefix("@") {
            return HandleProblem(message: "Mastodon handle '\(handle)' starts with '@'", hint: "write the handle without the first '@': \(handle.dropFirst())")
        }
        guard let (user, server) = Self.mastodonParts(of: handle) else {
            return HandleProblem(message: "Mastodon handle '\(handle)' has no server", hint: example)
        }
        for (offset, character) in user.enumerated() {
            let byte = character.asciiValue
            let allowed = byte.map { $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") } ?? false
            let edge = offset == 0 || offset == user.count - 1
            if !allowed || (edge && (character == "." || character == "-")) {
                return HandleProblem(message: "Mastodon handle '\(handle)' has \(character == " " ? "a space" : "'\(character)'") in its user name; "
                                     + "user names use letters A-Z, digits and '_', with '.' and '-' only inside",
                                     hint: "the user name is the part after '@' in the profile URL (https://server/@user)", offset: offset)
            }
        }
        if let problem = DomainNameSyntax.problem(in: String(server)) {
            let example = Self.likelyDomain(String(server)).map { fix, domain in fix + user + "@" + domain }
            return domainProblem(problem, in: handle, what: "the server of Mastodon handle", offsetBy: user.count + 1,
                                 example: example ?? "the server is the host name of the profile URL, such as mastodon.social")
        }
        return nil
    }

    /// The valid domain name likely meant by an invalid `name`, with what to do: without a final `.`,
    /// or in Punycode when it is not ASCII; nil when neither gives one.
    static func likelyDomain(_ name: String) -> (fix: String, domain: String)? {
        if name.count > 1, name.hasSuffix("."), DomainNameSyntax.problem(in: String(name.dropLast())) == nil {
            return ("write it without the final '.': ", String(name.dropLast()))
        }
        if !name.unicodeScalars.allSatisfy(\.isASCII), let ascii = Punycode.asciiDomain(name), DomainNameSyntax.problem(in: ascii) == nil {
            return ("write an internationalized name in its ASCII (Punycode) form: ", ascii)
        }
        return nil
    }

    func domainProblem(_ problem: DomainNameSyntax.Problem, in handle: String, what: String, offsetBy shift: Int, example: String) -> HandleProblem {
        let name = String(handle.dropFirst(shift))
        var offset: Int?
        if case .invalidCharacter(_, let at) = problem { offset = at + shift }
        let message = problem.message(for: name, what: what) + (shift > 0 ? " ('\(handle)')" : "")
        return HandleProblem(message: message, hint: example, offset: offset)
    }
}
