#if canImport(Glibc)
import Glibc
#endif

/// Reads X accounts' posts (`feed: x-api`) through X API v2 with an app's bearer token: first the user
/// lookups of the accounts whose user id is not known yet, then every account's posts, each step all
/// at once through `CurlTransfers`. A rate-limited answer (429, or an error with
/// `x-rate-limit-remaining: 0`) whose `x-rate-limit-reset` is within the timeout is asked again once,
/// at that time; any other error fails that account alone, saying what the user can do.
struct XAPIClient {
    let endpoint: XAPIEndpoint
    let token: BearerToken
    let limits: FetchLimits

    /// One account to read.
    struct Account {
        var handle: String
        /// The user id found by an earlier lookup (the snapshot's `x_user_id`), or nil.
        var userID: String?
        var postLimit: Int
        var showReplies: Bool
    }

    /// What reading one account came to.
    enum Outcome: Equatable {
        /// The timeline's answer, and the user id it was read with.
        case posts(FetchedBody, userID: String)
        /// Why it failed; `forgetsUserID` when the user id may no longer be the account's (X answered
        /// the timeline with an error that is not about the rate limit or X itself).
        case failed(String, forgetsUserID: Bool)
    }
}

extension XAPIClient {
    /// Reads `accounts`; `done` is called on this thread once for each, with its index, as soon as it is known.
    func run(_ accounts: [Account], done: (Int, Outcome) -> Void) {
        var ids: [Int: String] = [:]
        for (index, account) in accounts.enumerated() { ids[index] = account.userID }
        let lookups = accounts.indices.filter { accounts[$0].userID == nil }
        exchange(lookups.map { endpoint.userLookup(handle: accounts[$0].handle) }) { position, response, retried in
            let index = lookups[position]
            let body: FetchedBody
            do throws(FeedError) {
                body = try answer(response, retried: retried)
            } catch {
                done(index, .failed("user lookup: " + error.message, forgetsUserID: false))
                return
            }
            do throws(FeedError) {
                ids[index] = try XAPIDocument(body.bytes, source: FeedSource.xAPIKeyword).userID(handle: accounts[index].handle)
            } catch {
                // The message holds X's words (its error's title and detail).
                done(index, .failed("user lookup: " + token.redacting(error.message), forgetsUserID: false))
            }
        }
        let timelines = ids.keys.sorted()
        let urls = timelines.map { endpoint.timeline(userID: ids[$0]!, maxResults: accounts[$0].postLimit, showReplies: accounts[$0].showReplies) }
        exchange(urls) { position, response, retried in
            let index = timelines[position]
            do throws(FeedError) {
                done(index, .posts(try answer(response, retried: retried), userID: ids[index]!))
            } catch {
                let status = if case .body(let body) = response { body.status } else { 0 }
                let aboutTheUser = (400..<500).contains(status) && status != 429 && status != 401
                done(index, .failed(error.message, forgetsUserID: aboutTheUser && accounts[index].userID != nil))
            }
        }
    }
}

private extension XAPIClient {
    /// Seconds added to a rate limit's reset before asking again: X counts whole seconds.
    static let resetMargin = 1

    /// Fetches `urls` with the token; `done` gets each index, its final response and whether it was
    /// asked again: a rate-limited answer whose reset is close enough is asked again once, at the reset.
    func exchange(_ urls: [String], done: (Int, FetchResponse, Bool) -> Void) {
        let transfers = CurlTransfers(limits: limits)
        var again: [(index: Int, request: FetchRequest)] = []
        transfers.run(urls.map { FetchRequest(url: $0, bearerToken: token, keepsErrorBodies: true) }) { index, response in
            guard case .body(let body) = response, let wait = retryWait(body) else { return done(index, response, false) }
            again.append((index, FetchRequest(url: urls[index], bearerToken: token, keepsErrorBodies: true,
                                              notBefore: .now + .seconds(wait))))
        }
        transfers.run(again.map(\.request)) { position, response in
            done(again[position].index, response, true)
        }
    }

    /// The seconds to wait before asking again when `body` is rate-limited and its reset is within the
    /// timeout (none for a reset already past); nil otherwise.
    func retryWait(_ body: FetchedBody) -> Int? {
        let now = Int(time(nil))
        guard Self.isRateLimited(body), let reset = Self.reset(of: body, now: now) else { return nil }
        let wait = reset < now ? 0 : reset - now + Self.resetMargin
        return Double(wait) <= limits.timeout ? wait : nil
    }

    /// How far from now a reset may be to be believed (X's windows last 15 minutes, its daily limits a day).
    static let resetRange = 2 * 24 * 3600

    /// The reset time of `body`'s `x-rate-limit-reset` (seconds since 1970), when it is within
    /// `resetRange` of `now`; nil when there is none or it is no such time (milliseconds, a number
    /// beyond any date, 0): then X did not say when, and nothing is computed from it.
    static func reset(of body: FetchedBody, now: Int) -> Int? {
        guard let text = body.rateLimitReset, let reset = Int(text.trimmingSpaces),
              reset >= now - resetRange, reset <= now + resetRange else { return nil }
        return reset
    }

    static func isRateLimited(_ body: FetchedBody) -> Bool {
        body.status == 429 || (body.status >= 400 && body.rateLimitRemaining == "0")
    }

    /// The body of a 2xx answer; otherwise throws what went wrong and what to do, in X's words where it gave some.
    func answer(_ response: FetchResponse, retried: Bool) throws(FeedError) -> FetchedBody {
        let body: FetchedBody
        switch response {
        // Only the server's words are redacted, where they enter: feedsite's own ("Too Many Requests") stay whole.
        case .failed(let reason): throw FeedError(.notAFeed, at: nil, reason)
        case .notModified: throw FeedError(.notAFeed, at: nil, FetchResponse.notModifiedUnasked)
        case .body(let answer): body = answer
        }
        guard body.status >= 300 else { return body }
        let reason = CurlTransfers.reason(body.status)
        let summary = (try? XAPIDocument(body.bytes, source: FeedSource.xAPIKeyword))?.errorSummary
        // X's words, unless they only repeat the status's ("Unauthorized").
        let said = summary.map { $0.lowercased() == reason.lowercased() ? "" : " (X says: \(token.redacting($0)))" } ?? ""
        let status = "HTTP \(body.status) \(reason)".trimmingSpaces + said
        throw FeedError(.notAFeed, at: nil, status + ": " + advice(body, retried: retried))
    }

    /// What an error status means for `feed: x-api` and what the user can do.
    func advice(_ body: FetchedBody, retried: Bool) -> String {
        switch body.status {
        case 401:
            return "X does not accept the bearer token in \(XAPIEndpoint.tokenVariable): copy the app's Bearer Token again from the X "
                + "developer portal (it changes when it is regenerated)"
        case 403:
            return "X does not let this app read it: check in the X developer portal that the app's access level includes reading "
                + "users' posts and that the app belongs to a Project; a protected account cannot be read"
        case 404:
            return "X has no such account or posts: check the handle in site.yml"
        case _ where Self.isRateLimited(body):
            let limit = retried ? "X's rate limit was still used up after waiting for it once" : "X's rate limit is used up"
            guard let reset = Self.reset(of: body, now: Int(time(nil))) else {
                let said = body.rateLimitReset == nil ? "X did not say until when" : "X's x-rate-limit-reset is no time near now"
                return limit + " (\(said)): run feedsite fetch again later"
            }
            if reset <= Int(time(nil)) { return limit + " (though X said it reset at \(Timestamp.readable(reset))): run feedsite fetch again later" }
            let time = Timestamp.readable(reset)
            return retried ? limit + "; it resets at \(time): run feedsite fetch again after that"
                : limit + " until \(time), more than the \(CurlTransfers.seconds(limits.timeout)) s --timeout from now: run feedsite fetch again after that"
        case 500...:
            return "X's API is failing: run feedsite fetch again later"
        default:
            return "X refused the request"
        }
    }
}
