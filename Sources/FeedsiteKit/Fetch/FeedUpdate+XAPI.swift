/// An account with `feed: x-api`: its result from what `XAPIClient` brought.
extension FeedUpdate {
    /// The account as the X API client reads it: the user id the last snapshot found, if any.
    var xAPIAccount: XAPIClient.Account {
        XAPIClient.Account(handle: account.handle, userID: previous?.record.xUserID, postLimit: account.postLimit,
                           showReplies: account.showsReplies)
    }

    /// The result of reading the account through X's API: its posts (the token hidden wherever X
    /// repeats it), the user id kept for the next fetch; or the failure, the last good posts kept.
    func fromXAPI(_ outcome: XAPIClient.Outcome, token: BearerToken) -> Result {
        switch outcome {
        case .failed(let reason, let forgetsUserID):
            return failed(reason, forgettingUserID: forgetsUserID)
        case .posts(let body, let userID):
            let reader = XAPITimelineReader(handle: account.handle, showReplies: account.showsReplies)
            do {
                var feed = try reader.read(XAPIDocument(body.bytes, source: shownSource))
                feed.posts = feed.posts.map(token.redacting)
                guard !feed.posts.contains(where: token.isHidden) else {
                    return failed("X's answer holds the bearer token in an encoded form that cannot be hidden; its posts are not kept")
                }
                var result = updated(with: feed, etag: nil, lastModified: nil, xUserID: userID)
                result.warnings = Self.warnings(feed).map(token.redacting)
                return result
            } catch {
                let prefix = shownSource + ": "
                let message = error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
                // X answered without the posts (a user id it no longer knows): the next fetch looks the user up again.
                return failed((error.location.map { "line \($0.line), column \($0.column): " } ?? "") + message,
                              forgettingUserID: error.kind == .notAFeed)
            }
        }
    }
}
