/// X/Twitter web-intent URLs: the actions, their parameters, and the canonical form feedsite writes.
package enum IntentURL {
    /// The hosts whose `/intent/` paths are intent URLs (compared ignoring case).
    package static let hosts: Set<String> = [
        "twitter.com", "www.twitter.com", "mobile.twitter.com", "x.com", "www.x.com", "mobile.x.com",
    ]

    /// The parameters each action accepts.
    package static let parameters: [String: [String]] = [
        "tweet": ["text", "url", "hashtags", "via", "related", "in_reply_to"],
        "post": ["text", "url", "hashtags", "via", "related", "in_reply_to"],
        "follow": ["screen_name", "user_id"],
        "user": ["screen_name", "user_id"],
        "like": ["tweet_id"],
        "retweet": ["tweet_id"],
    ]

    /// The parameters X's own buttons add to the intent URLs they open (the tweet, hashtag and mention
    /// buttons, the follow button, embedded posts), accepted besides `parameters` without being offered
    /// to authors.
    package static let buttonParameters: [String: [String]] = [
        "tweet": ["original_referer", "ref_src", "tw_p", "button_hashtag", "screen_name"],
        "post": ["original_referer", "ref_src", "tw_p", "button_hashtag", "screen_name"],
        "follow": ["original_referer", "ref_src", "tw_p", "region"],
        "user": ["original_referer", "ref_src", "tw_p", "region"],
        "like": ["original_referer", "ref_src"],
        "retweet": ["original_referer", "ref_src"],
    ]

    /// Parameters whose value is a `,`-separated list (the `,` stays raw).
    package static let listParameters: Set<String> = ["hashtags", "related"]

    /// The compose URL for `compose` on `host`: parameters in the order text, url, hashtags, via,
    /// related, in_reply_to, only those that are set, every value encoded leaving only unreserved
    /// characters raw (and `,` between list items).
    package static func compose(_ compose: ComposeOptions, host: IntentHost) -> String {
        var url = host == .x ? "https://x.com/intent/post" : "https://twitter.com/intent/tweet"
        url.reserveCapacity(url.utf8.count + 64 + 3 * (compose.text?.utf8.count ?? 0))
        var first = true
        func add(_ name: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            url.append(first ? "?" : "&")
            url.append(name)
            url.append("=")
            url.append(value)
            first = false
        }
        add("text", compose.text.map { PercentEncoding.encode($0) })
        add("url", compose.url.map { PercentEncoding.encode($0) })
        add("hashtags", compose.hashtags.map { PercentEncoding.encode($0) }.joined(separator: ","))
        add("via", compose.via.map { PercentEncoding.encode($0) })
        add("related", compose.related.map { PercentEncoding.encode($0) }.joined(separator: ","))
        add("in_reply_to", compose.inReplyTo.map { PercentEncoding.encode($0) })
        return url
    }

    /// The canonical encoding of one parameter value (decoded bytes as text).
    package static func encodeValue(_ value: String, parameter: String) -> String {
        listParameters.contains(parameter)
            ? value.split(separator: ",", omittingEmptySubsequences: false).map { PercentEncoding.encode($0) }.joined(separator: ",")
            : PercentEncoding.encode(value)
    }
}
