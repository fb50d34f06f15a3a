/// Where X API v2 answers and what `feed: x-api` asks it. The address is `https://api.x.com`; the
/// environment variable `FEEDSITE_X_API_BASE`, a testing aid, points it at a local fake instead
/// (`http://127.0.0.1:PORT`, `http://localhost:PORT`) or at another https address, never at plain
/// http elsewhere: the bearer token goes with every request.
struct XAPIEndpoint: Equatable {
    /// The address the paths are appended to, without a final `/`.
    let base: String
}

extension XAPIEndpoint {
    /// The environment variable that holds the bearer token.
    static let tokenVariable = "X_BEARER_TOKEN"
    /// The environment variable of the testing aid.
    static let baseVariable = "FEEDSITE_X_API_BASE"
    /// X's own address.
    static let official = XAPIEndpoint(base: "https://api.x.com")

    /// The endpoint `FEEDSITE_X_API_BASE` names (its value `setting`), X's own when it is unset or
    /// empty. Throws when it is not an https URL or an http URL of this machine, or has a query or fragment.
    static func named(by setting: String?) throws(InputError) -> XAPIEndpoint {
        guard let setting, !setting.isEmpty else { return official }
        return try XAPIEndpoint(checking: setting)
    }

    /// `text` as an endpoint, checked as `fromEnvironment` says.
    init(checking text: String) throws(InputError) {
        let scheme = HTTPURLSyntax.scheme(of: text)?.lowercased()
        let host = URLParts.host(of: text)
        let hostName = host.hasPrefix("[") ? host : String(host.prefix { $0 != ":" })
        let isLocal = hostName == "127.0.0.1" || hostName == "localhost"
        // Printable ASCII only: libcurl would refuse a control character later, once for every account.
        let printable = text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
        let badPort = HTTPURLSyntax.portProblem(in: text) != nil
        let queryOrFragment = text.contains("?") || text.contains("#")
        guard printable, !badPort, HTTPURLSyntax.problem(in: text) == nil, scheme == "https" || (scheme == "http" && isLocal),
              !queryOrFragment, !text.contains("@") else {
            // Shown as it is (a user name in it is no secret of feedsite's), control characters escaped.
            let found = TerminalText.escaped(text)
            // The fragment or query first: `http://127.0.0.1:9#@evil.com` has an '@' only in its fragment.
            let what = !printable ? "; found '\(found)', which has a space or a control character"
                : badPort ? "with a port from 1 to 65535; found '\(found)'"
                : queryOrFragment ? "without a query (?) or fragment (#); found '\(found)'"
                : text.contains("@") ? "without user info (@); found '\(found)'" : "; found '\(found)'"
            throw InputError("\(Self.baseVariable) must be an https URL, or http://127.0.0.1:PORT or http://localhost:PORT for a local fake "
                                 + "of X's API" + (what.hasPrefix(";") ? what : ", " + what),
                             hint: "unset \(Self.baseVariable) to read X's API itself (it is a testing aid)")
        }
        base = text.hasSuffix("/") ? String(text.dropLast()) : text
    }

    /// The user lookup: `GET /2/users/by/username/:username`.
    func userLookup(handle: String) -> String {
        base + "/2/users/by/username/" + PercentEncoding.encode(handle)
    }

    /// The user's posts (`GET /2/users/:id/tweets`): `maxResults` of them (X takes 5 to 100), with their
    /// time, links, references, a long post's whole text (`note_tweet`), the reposted posts and media
    /// (with alt text); without replies and reposts unless `showReplies`.
    func timeline(userID: String, maxResults: Int, showReplies: Bool) -> String {
        base + "/2/users/\(userID)/tweets?max_results=\(min(100, max(5, maxResults)))"
            + "&tweet.fields=created_at,entities,referenced_tweets,attachments,note_tweet&expansions=attachments.media_keys,referenced_tweets.id"
            + "&media.fields=url,preview_image_url,alt_text,type,width,height" + (showReplies ? "" : "&exclude=replies,retweets")
    }
}
