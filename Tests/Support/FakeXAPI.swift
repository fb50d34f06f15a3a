import Foundation

/// A local fake of X API v2 for `feed: x-api` tests, answering with the shapes of X's documentation
/// (https://docs.x.com/x-api): the user lookup (`/2/users/by/username/:username`) and a user's posts
/// (`/2/users/:id/tweets`). What it answers depends on the handle asked for:
///
/// - `jack`, `jill`: a user; jack's posts are a post with a link and a photo (with alt text), a reply and a
///   repost (`exclude=replies,retweets` leaves the last two out, as X does); jill's are jack's first one;
/// - `partial`: a user whose posts come with `errors` beside `data`;
/// - `nobody`: no such user (200 with `errors` alone, X's answer for an unknown username);
/// - `unauthorized`, `forbidden`, `broken` (503), `limited` (429, reset in an hour): that error, with X's
///   error body; `waits`: a 429 whose reset is in a second the first time, then the user; `stuck`: that 429 every time;
/// - `echo`: a 400 whose detail repeats the request's Authorization header (a server that leaks it);
/// - `oddreset`: a 429 whose `x-rate-limit-reset` is `oddReset` (any text);
/// - `leaky`: a user whose post repeats the token as it is, percent-encoded in a link, and in its alt text.
///
/// A request without `Authorization: Bearer <token>` gets 401. Each request is answered with a fixed,
/// small amount of work. `requests` lists the paths asked for, with their query.
package final class FakeXAPI: @unchecked Sendable {
    /// The token the fake accepts.
    package let token: String
    private let lock = NSLock()
    private var seen: [String] = []
    private var server: LocalHTTPServer?
    private var reset = "0"
    private var observer: @Sendable (String) -> Void = { _ in }

    /// Starts the fake on 127.0.0.1 and a port the system picks.
    package init(token: String = "fake-xapi-token-5f1d2c9e") throws {
        self.token = token
        server = try LocalHTTPServer { [unowned self] request in self.answer(request) }
    }

    deinit { stop() }

    /// The address to put in `FEEDSITE_X_API_BASE`.
    package var base: String { server?.url("") ?? "" }

    /// The paths (with queries) asked for, in order.
    package var requests: [String] { lock.withLock { seen } }

    /// Stops the server.
    package func stop() { server?.stop() }

    /// The `x-rate-limit-reset` of `oddreset`'s 429.
    package var oddReset: String {
        get { lock.withLock { reset } }
        set { lock.withLock { reset = newValue } }
    }

    /// Called with each request's path (and query) before it is answered.
    package var observe: @Sendable (String) -> Void {
        get { lock.withLock { observer } }
        set { lock.withLock { observer = newValue } }
    }

    /// jack's X user id.
    package static let jackID = "2244994945"
}

private extension FakeXAPI {
    static let ids = ["jack": jackID, "jill": "783214", "partial": "17874544", "waits": "95731075", "leaky": "5550001"]

    func answer(_ request: LocalHTTPServer.Request) -> LocalHTTPServer.Response {
        observe(request.path)
        let count: Int = lock.withLock {
            seen.append(request.path)
            return seen.filter { $0 == request.path }.count
        }
        let limits = ["x-rate-limit-limit": "900", "x-rate-limit-remaining": "899", "x-rate-limit-reset": String(Int(Date().timeIntervalSince1970) + 900)]
        guard request.headers["authorization"] == "Bearer \(token)" else {
            return json(401, #"{"title":"Unauthorized","type":"about:blank","status":401,"detail":"Unauthorized"}"#, limits)
        }
        let parts = request.path.split(separator: "?", maxSplits: 1)
        let path = parts.first.map(String.init) ?? ""
        let query = parts.count > 1 ? String(parts[1]) : ""
        if path.hasPrefix("/2/users/by/username/") {
            return lookup(String(path.dropFirst("/2/users/by/username/".count)), count: count, limits: limits, request: request)
        }
        let pieces = path.split(separator: "/")
        if pieces.count == 4, pieces[0] == "2", pieces[1] == "users", pieces[3] == "tweets" {
            return timeline(String(pieces[2]), excluding: query.contains("exclude=replies,retweets"), limits: limits)
        }
        return json(404, #"{"title":"Not Found Error","type":"about:blank","status":404,"detail":"Not Found"}"#, limits)
    }

    func lookup(_ name: String, count: Int, limits: [String: String], request: LocalHTTPServer.Request) -> LocalHTTPServer.Response {
        let now = Int(Date().timeIntervalSince1970)
        switch name {
        case "nobody":
            return json(200, #"{"errors":[{"value":"nobody","detail":"Could not find user with username: [nobody].","title":"Not Found Error","#
                + #""resource_type":"user","parameter":"username","resource_id":"nobody","type":"https://api.twitter.com/2/problems/resource-not-found"}]}"#, limits)
        case "unauthorized":
            return json(401, #"{"title":"Unauthorized","type":"about:blank","status":401,"detail":"Unauthorized"}"#, limits)
        case "forbidden":
            return json(403, #"{"client_id":"101","detail":"When authenticating requests to the Twitter API v2 endpoints, you must use keys and tokens "#
                + #"from a Twitter developer App that is attached to a Project.","registration_url":"https://developer.twitter.com/en/docs/projects/overview","#
                + #""title":"Client Forbidden","required_enrollment":"Appropriate Level of API Access","reason":"client-not-enrolled","#
                + #""type":"https://api.twitter.com/2/problems/client-forbidden"}"#, limits)
        case "broken":
            return json(503, #"{"title":"Service Unavailable","detail":"Service Unavailable","type":"about:blank","status":503}"#, limits)
        case "limited":
            return json(429, #"{"title":"Too Many Requests","detail":"Too Many Requests","type":"about:blank","status":429}"#,
                        ["x-rate-limit-limit": "3", "x-rate-limit-remaining": "0", "x-rate-limit-reset": String(now + 3600)])
        case "waits" where count == 1, "stuck":
            return json(429, #"{"title":"Too Many Requests","detail":"Too Many Requests","type":"about:blank","status":429}"#,
                        ["x-rate-limit-limit": "3", "x-rate-limit-remaining": "0", "x-rate-limit-reset": String(now + 1)])
        case "oddreset":
            return json(429, #"{"title":"Too Many Requests","detail":"Too Many Requests","type":"about:blank","status":429}"#,
                        ["x-rate-limit-limit": "3", "x-rate-limit-remaining": "0", "x-rate-limit-reset": oddReset])
        case "echo":
            let header = request.headers["authorization"] ?? ""
            return json(400, #"{"errors":[{"parameters":{"authorization":[""#+header+#""]},"message":"The header \""#+header+#"\" is invalid"}],"#
                + #""title":"Invalid Request","detail":"One or more parameters to your request was invalid: "#+header+#"","#
                + #""type":"https://api.twitter.com/2/problems/invalid-request"}"#, limits)
        default:
            guard let id = Self.ids[name] else {
                return json(200, #"{"errors":[{"value":""#+name+#"","detail":"Could not find user with username: ["#+name+#"].","#
                    + #""title":"Not Found Error","resource_type":"user","parameter":"username","resource_id":""#+name+#"","#
                    + #""type":"https://api.twitter.com/2/problems/resource-not-found"}]}"#, limits)
            }
            return json(200, #"{"data":{"id":""#+id+#"","name":"The "#+name+#"","username":""#+name+#""}}"#, limits)
        }
    }

    func timeline(_ id: String, excluding: Bool, limits: [String: String]) -> LocalHTTPServer.Response {
        let post = #"{"edit_history_tweet_ids":["1860000000000000003"],"id":"1860000000000000003","#
            + #""text":"Read this https://t.co/abc123 &amp; tell me &lt;3\nPhoto: https://t.co/photo1","created_at":"2026-11-29T14:03:00.000Z","#
            + #""attachments":{"media_keys":["3_1"]},"entities":{"urls":["#
            + #"{"start":10,"end":29,"url":"https://t.co/abc123","expanded_url":"https://example.com/article?id=1&x=2","display_url":"example.com/article?i…"},"#
            + #"{"start":54,"end":73,"url":"https://t.co/photo1","expanded_url":"https://x.com/jack/status/1860000000000000003/photo/1","#
            + #""display_url":"pic.x.com/photo1","media_key":"3_1"}]}}"#
        let reply = #"{"edit_history_tweet_ids":["1860000000000000002"],"id":"1860000000000000002","text":"@bob yes, agreed","#
            + #""created_at":"2026-11-28T10:00:00.000Z","referenced_tweets":[{"type":"replied_to","id":"1859000000000000000"}]}"#
        let repost = #"{"edit_history_tweet_ids":["1860000000000000001"],"id":"1860000000000000001","text":"RT @bob: hello world","#
            + #""created_at":"2026-11-27T09:00:00.000Z","referenced_tweets":[{"type":"retweeted","id":"1858000000000000000"}]}"#
        let media = #""includes":{"media":[{"media_key":"3_1","type":"photo","url":"https://pbs.twimg.com/media/abc.jpg","#
            + #""alt_text":"A cat asleep on a chair","width":1200,"height":800}]}"#
        switch id {
        case Self.jackID:
            let posts = excluding ? [post] : [post, reply, repost]
            return json(200, #"{"data":["# + posts.joined(separator: ",") + "]," + media
                        + #","meta":{"result_count":\#(posts.count),"newest_id":"1860000000000000003","oldest_id":"1860000000000000001"}}"#, limits)
        case Self.ids["jill"], Self.ids["waits"]:
            return json(200, #"{"data":["# + post + "]," + media + #","meta":{"result_count":1}}"#, limits)
        case Self.ids["leaky"]:
            let encoded = token.unicodeScalars.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) ? String($0) : String(format: "%%%02X", $0.value) }.joined()
            let leak = #"{"id":"1860000000000000009","text":"token "#+token+#" https://t.co/leak1","created_at":"2026-11-29T14:03:00.000Z","#
                + #""entities":{"urls":[{"start":"#+String(7 + token.count)+#","end":"#+String(26 + token.count)+#","url":"https://t.co/leak1","#
                + #""expanded_url":"https://example.com/?t="#+encoded+#""}]}}"#
            return json(200, #"{"data":["# + leak + #"],"meta":{"result_count":1}}"#, limits)
        case Self.ids["partial"]:
            return json(200, #"{"data":["# + post + "]," + media + #","errors":[{"resource_id":"1859000000000000000","parameter":"referenced_tweets.id","#
                + #""resource_type":"tweet","section":"includes","title":"Authorization Error","value":"1859000000000000000","#
                + #""detail":"Sorry, you are not authorized to see the Tweet with referenced_tweets.id: [1859000000000000000].","#
                + #""type":"https://api.twitter.com/2/problems/not-authorized-for-resource"}],"meta":{"result_count":1}}"#, limits)
        default:
            return json(200, #"{"errors":[{"value":""#+id+#"","detail":"Could not find user with id: ["#+id+#"].","title":"Not Found Error","#
                + #""resource_type":"user","parameter":"id","resource_id":""#+id+#"","type":"https://api.twitter.com/2/problems/resource-not-found"}]}"#, limits)
        }
    }

    func json(_ status: Int, _ body: String, _ headers: [String: String]) -> LocalHTTPServer.Response {
        .full(status: status, headers: headers.merging(["Content-Type": "application/json; charset=utf-8"]) { $1 }, body: Array(body.utf8))
    }
}
