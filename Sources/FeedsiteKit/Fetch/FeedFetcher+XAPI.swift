/// The accounts with `feed: x-api`, read through X's API after every other feed.
extension FeedFetcher {
    /// Where X's API is, when one of `accounts` reads it; nil when none does. Throws for a
    /// `FEEDSITE_X_API_BASE` that cannot be used, before anything is fetched.
    func xAPIEndpoint(for accounts: [Account]) throws(InputError) -> XAPIEndpoint? {
        guard accounts.contains(where: { $0.feedSource(siteFolder: config.siteFolder) == .xAPI }) else { return nil }
        return try XAPIEndpoint.named(by: environment(XAPIEndpoint.baseVariable))
    }

    /// Reads `feeds` through X's API at `endpoint` and hands each result to `finish`. Without a usable
    /// token in `X_BEARER_TOKEN`, each fails saying so (no request is made).
    func readXAPI(_ feeds: [FeedUpdate], endpoint: XAPIEndpoint?, finish: (FeedUpdate, FeedUpdate.Result) -> Void) {
        guard let endpoint, !feeds.isEmpty else { return }
        let variable = XAPIEndpoint.tokenVariable
        guard let text = environment(variable), !text.isEmpty else {
            let reason = "\(variable) is not set: feed: x-api reads X's API with an app's bearer token; set \(variable) to the Bearer "
                + "Token of your app in the X developer portal (export \(variable)=…) and fetch again"
            for feed in feeds { finish(feed, feed.failed(reason)) }
            return
        }
        guard let token = BearerToken(text) else {
            let reason = "\(variable) holds \(BearerToken.problem(in: text) ?? "no bearer token"): copy the Bearer Token "
                + "of your app in the X developer portal again"
            for feed in feeds { finish(feed, feed.failed(reason)) }
            return
        }
        XAPIClient(endpoint: endpoint, token: token, limits: limits).run(feeds.map(\.xAPIAccount)) { index, outcome in
            finish(feeds[index], feeds[index].fromXAPI(outcome, token: token))
        }
    }
}
