import CCurl
#if canImport(Glibc)
import Glibc
#endif

/// Runs HTTP transfers with libcurl's multi interface (the only file that uses libcurl): bounded
/// concurrency in total and per host, connections reused, redirects followed here so that loops and
/// schemes are checked, `Retry-After` honoured within the timeout, the size limit applied to the
/// decoded bytes as they arrive.
package struct CurlTransfers: Sendable {
    /// The bounds of every transfer.
    package var limits: FetchLimits

    /// Transfers bounded by `limits`.
    package init(limits: FetchLimits) {
        self.limits = limits
    }
}

extension CurlTransfers {
    /// The seconds a `Retry-After` value asks to wait (a number, or an HTTP date counted from `now`),
    /// at most `longestRetryAfter`: messages and deadlines turn it into whole numbers, which must not overflow.
    static func retryAfterSeconds(_ value: String, now: Double) -> Double? {
        if let seconds = Int(value), seconds >= 0 { return min(Double(seconds), longestRetryAfter) }
        let date = curl_getdate(value, nil)
        return date < 0 ? nil : min(max(0, Double(date) - now), longestRetryAfter)
    }

    /// The longest wait a `Retry-After` is taken to ask for (a year, far beyond any timeout).
    static let longestRetryAfter: Double = 365 * 24 * 3600

    /// Hosts reached without a proxy: the user's `no_proxy` list, and always this machine itself (a
    /// feed served on 127.0.0.1 never leaves it, whatever `http_proxy` says).
    static let noProxy: String = {
        let own = getenv("no_proxy").map { String(cString: $0) } ?? getenv("NO_PROXY").map { String(cString: $0) } ?? ""
        return (own.isEmpty ? "" : own + ",") + "localhost,127.0.0.1,::1"
    }()

    /// Fetches every request; `done` is called on this thread with each request's index and
    /// response as soon as it is known, in the order they finish. With a `backlog`, each response
    /// counts in it until a reader calls `taken`, and no transfer starts while it is full.
    package func run(_ requests: [FetchRequest], backlog: ResponseBacklog? = nil, done: (Int, FetchResponse) -> Void) {
        guard !requests.isEmpty else { return }
        Self.initializeOnce
        guard let multi = curl_multi_init() else {
            for index in requests.indices { done(index, .failed("libcurl could not start")) }
            return
        }
        let handle = MultiHandle(pointer: multi)
        backlog?.attach { curl_multi_wakeup(handle.pointer) }
        defer {
            backlog?.detach()
            curl_multi_cleanup(multi)
        }
        _ = feedsite_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, limits.transfersPerHost)
        _ = feedsite_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, limits.transfers)
        var scheduler = Scheduler(transfers: requests.enumerated().map { Transfer(index: $0.offset, request: $0.element) }, limits: limits)
        var active: [UnsafeMutableRawPointer: Transfer] = [:]
        while !scheduler.isFinished || !active.isEmpty {
            let room = backlog?.room(running: active.count) ?? requests.count
            for transfer in scheduler.startable(active: active.count, most: room) {
                if let easy = start(transfer) {
                    active[easy] = transfer
                    curl_multi_add_handle(multi, easy)
                } else {
                    scheduler.finished(transfer)
                    backlog?.queued()
                    done(transfer.index, .failed("libcurl could not start a transfer"))
                }
            }
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                      let transfer = active.removeValue(forKey: easy) else { continue }
                let code = message.pointee.data.result
                curl_multi_remove_handle(multi, easy)
                let next = finish(transfer, easy: easy, code: code)
                curl_easy_cleanup(easy)
                transfer.releaseHeaders()
                switch next {
                case .again: scheduler.requeue(transfer)
                case .response(let response):
                    scheduler.finished(transfer)
                    backlog?.queued()
                    done(transfer.index, response)
                }
            }
            if scheduler.isFinished && active.isEmpty { break }
            // With the backlog full, nothing starts until a reader's `taken` wakes the poll.
            let wait = scheduler.millisecondsUntilNextStart(idle: active.isEmpty && room > 0)
            curl_multi_poll(multi, nil, 0, Int32(wait), nil)
        }
    }
}

extension CurlTransfers {
    /// `value` seconds as messages write them: `30`, `0.5`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// The reason phrase of a status feedsite names in messages ("Unauthorized"), or "".
    static func reason(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 410: "Gone"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: ""
        }
    }
}

private extension CurlTransfers {
    /// The most retries after 429 or 503 for one feed.
    static let retries = 3

    /// curl_global_init is not thread-safe: run it once, before any transfer.
    static let initializeOnce: Void = { curl_global_init(Int(CURL_GLOBAL_DEFAULT)) ; () }()

    /// The multi handle, for a reader's thread to wake the transfers' wait (curl_multi_wakeup may be
    /// called from any thread; `ResponseBacklog.detach` ends that before the handle is cleaned up).
    struct MultiHandle: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    /// What to do with a transfer that ended.
    enum Next {
        case again
        case response(FetchResponse)
    }

    /// A configured easy handle for the transfer's next attempt, or nil when libcurl has none.
    func start(_ transfer: Transfer) -> UnsafeMutableRawPointer? {
        guard let easy = curl_easy_init() else { return nil }
        let now = ContinuousClock.now
        if transfer.deadline == nil { transfer.deadline = now + .milliseconds(Int(limits.timeout * 1000)) }
        let remaining = max(1, Int(((transfer.deadline ?? now) - now) / .milliseconds(1)))
        transfer.resetResponse()
        let unmanaged = Unmanaged.passUnretained(transfer).toOpaque()
        transfer.url.withCString { _ = feedsite_easy_setopt_pointer(easy, CURLOPT_URL, $0) }
        _ = feedsite_easy_setopt_pointer(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = feedsite_easy_setopt_pointer(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        _ = feedsite_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0)
        _ = feedsite_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        _ = feedsite_easy_setopt_pointer(easy, CURLOPT_NOPROXY, Self.noProxy)
        // "" asks for every encoding libcurl can decode (gzip, deflate) and decodes it before the write callback.
        _ = feedsite_easy_setopt_pointer(easy, CURLOPT_ACCEPT_ENCODING, "")
        limits.userAgent.withCString { _ = feedsite_easy_setopt_pointer(easy, CURLOPT_USERAGENT, $0) }
        _ = feedsite_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, remaining)
        _ = feedsite_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, min(remaining, Int(limits.connectTimeout * 1000)))
        _ = feedsite_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, transfer.errorBuffer)
        _ = feedsite_easy_setopt_write(easy, CURLOPT_WRITEFUNCTION, Self.writeBody)
        _ = feedsite_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, unmanaged)
        _ = feedsite_easy_setopt_write(easy, CURLOPT_HEADERFUNCTION, Self.readHeader)
        _ = feedsite_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, unmanaged)
        var headers: UnsafeMutablePointer<curl_slist>?
        if let etag = transfer.request.etag { headers = curl_slist_append(headers, "If-None-Match: \(etag)") }
        if let date = transfer.request.lastModified { headers = curl_slist_append(headers, "If-Modified-Since: \(date)") }
        if let token = transfer.request.bearerToken { headers = curl_slist_append(headers, token.header) }
        transfer.headerList = headers
        if let headers { _ = feedsite_easy_setopt_pointer(easy, CURLOPT_HTTPHEADER, headers) }
        transfer.maximumBytes = limits.maximumBytes
        return easy
    }

    /// Turns a finished attempt into a response, or schedules the next attempt (a redirect, a retry).
    func finish(_ transfer: Transfer, easy: UnsafeMutableRawPointer, code: CURLcode) -> Next {
        if transfer.tooLarge {
            return .response(.failed("larger than the limit of \(FileInput.megabytes(limits.maximumBytes)) (after decompression)"))
        }
        guard code == CURLE_OK else {
            if code == CURLE_OPERATION_TIMEDOUT { return .response(.failed("no complete answer within \(Self.seconds(limits.timeout)) s (--timeout)")) }
            let detail = Self.withoutTiming(String(cString: transfer.errorBuffer))
            return .response(.failed(detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail))
        }
        var status = 0
        _ = feedsite_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        var location: UnsafeMutablePointer<CChar>?
        _ = feedsite_easy_getinfo_string(easy, CURLINFO_REDIRECT_URL, &location)
        let body = FetchedBody(url: transfer.url, status: status, bytes: transfer.body, contentType: transfer.contentType, etag: transfer.etag,
                               lastModified: transfer.lastModified, rateLimitRemaining: transfer.rateLimitRemaining,
                               rateLimitReset: transfer.rateLimitReset)
        if status >= 400, transfer.request.keepsErrorBodies { return .response(.body(body)) }
        switch status {
        case 200..<300:
            return .response(.body(body))
        case 304:
            let conditional = transfer.request.etag != nil || transfer.request.lastModified != nil
            return .response(conditional ? .notModified : .failed(FetchResponse.notModifiedUnasked))
        case 300..<400 where location != nil:
            return redirect(transfer, to: String(cString: location!), status: status)
        case 429, 503:
            return retry(transfer, status: status)
        default:
            return .response(.failed("HTTP \(status) \(Self.reason(status))"))
        }
    }

    /// Another attempt after the wait `Retry-After` asks for, when it fits in the timeout and the
    /// retries are not used up; otherwise the failure says what the server asked and why it was not done.
    func retry(_ transfer: Transfer, status: Int) -> Next {
        let failure = "HTTP \(status) \(Self.reason(status))"
        guard let text = transfer.retryAfter else { return .response(.failed(failure + " (no Retry-After, so not retried)")) }
        guard let wait = Self.retryAfterSeconds(text, now: Double(time(nil))) else {
            let shown = transfer.request.bearerToken?.redacting(text) ?? text
            return .response(.failed(failure + " (Retry-After: \(shown) is neither seconds nor an HTTP date, so not retried)"))
        }
        let asked = "Retry-After asked to wait \(Self.seconds(wait.rounded(.up))) s"
        guard transfer.attempts < Self.retries else {
            return .response(.failed(failure + " again after \(Self.retries) retries, the most feedsite makes (\(asked) more)"))
        }
        let now = ContinuousClock.now
        guard now + .milliseconds(Int(wait * 1000) + 100) < transfer.deadline ?? now else {
            return .response(.failed(failure + " (\(asked), more than is left of the \(Self.seconds(limits.timeout)) s --timeout, so not retried)"))
        }
        transfer.attempts += 1
        transfer.notBefore = now + .milliseconds(Int(wait * 1000))
        return .again
    }

    func redirect(_ transfer: Transfer, to location: String, status: Int) -> Next {
        guard transfer.request.bearerToken == nil else {
            let shown = transfer.request.bearerToken?.redacting(HTTPURLSyntax.redacted(location)) ?? HTTPURLSyntax.redacted(location)
            return .response(.failed("HTTP \(status) redirects to \(shown); a request with a bearer token is not redirected"))
        }
        guard HTTPURLSyntax.isHTTP(location) else {
            return .response(.failed("HTTP \(status) redirects to \(HTTPURLSyntax.redacted(location)), which is not http or https"))
        }
        if transfer.visited.contains(location) {
            let loop = (transfer.visited + [location]).map(HTTPURLSyntax.redacted).joined(separator: " -> ")
            return .response(.failed("redirect loop: \(loop)"))
        }
        guard transfer.visited.count <= limits.redirects else {
            return .response(.failed("more than \(limits.redirects) redirects"))
        }
        transfer.visited.append(location)
        transfer.url = location
        return .again
    }

    /// libcurl's message without its timings (" after 12 ms"), so that the same failure records the same error.
    static func withoutTiming(_ message: String) -> String {
        guard let range = message.range(of: " after "), let end = message[range.upperBound...].range(of: " ms") else { return message }
        guard message[range.upperBound..<end.lowerBound].allSatisfy(\.isNumber) else { return message }
        return String(message[..<range.lowerBound] + message[end.upperBound...])
    }

    /// Appends the decoded bytes to the body; returning less than given stops the transfer, which
    /// is how the size limit stops a gzip bomb after `maximumBytes`.
    static let writeBody: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = { data, size, count, context in
        guard let data, let context else { return 0 }
        let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        guard transfer.body.count + length <= transfer.maximumBytes else {
            transfer.tooLarge = true
            return 0
        }
        data.withMemoryRebound(to: UInt8.self, capacity: length) { transfer.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: length)) }
        return length
    }

    /// Keeps the headers a snapshot or a retry needs; a new status line (after `100 Continue`) starts over.
    static let readHeader: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = { data, size, count, context in
        guard let data, let context else { return 0 }
        let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        let line = data.withMemoryRebound(to: UInt8.self, capacity: length) { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) }
        transfer.header(line)
        return length
    }
}
