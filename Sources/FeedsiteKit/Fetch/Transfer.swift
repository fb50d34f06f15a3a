import CCurl

/// One feed's transfer across its attempts (redirects, retries): what libcurl's callbacks fill in.
/// Only the thread that runs the transfers touches it.
final class Transfer {
    let index: Int
    let request: FetchRequest
    /// The URL of the current attempt.
    var url: String {
        didSet { host = URLParts.host(of: url) }
    }
    /// The host the current attempt connects to (`URLParts.host` of `url`, kept: the scheduler asks often).
    private(set) var host: String
    /// Every URL requested so far, to recognise a redirect loop.
    var visited: [String]
    /// When the whole transfer must be over: set when the first attempt starts.
    var deadline: ContinuousClock.Instant?
    /// The earliest start of the next attempt (`Retry-After`).
    var notBefore: ContinuousClock.Instant?
    /// Retries after 429 or 503.
    var attempts = 0
    var maximumBytes = 0
    var body: [UInt8] = []
    var tooLarge = false
    var etag: String?
    var lastModified: String?
    var contentType: String?
    var retryAfter: String?
    var rateLimitRemaining: String?
    var rateLimitReset: String?
    var headerList: UnsafeMutablePointer<curl_slist>?
    /// libcurl's message for a failure (CURL_ERROR_SIZE bytes, alive as long as the transfer).
    let errorBuffer: UnsafeMutablePointer<CChar>

    init(index: Int, request: FetchRequest) {
        self.index = index
        self.request = request
        url = request.url
        host = URLParts.host(of: request.url)
        visited = [request.url]
        notBefore = request.notBefore
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    deinit {
        errorBuffer.deallocate()
        releaseHeaders()
    }
}

extension Transfer {
    /// Forgets the last attempt's response.
    func resetResponse() {
        body = []
        tooLarge = false
        forgetHeaders()
        errorBuffer[0] = 0
    }

    /// Forgets the headers read so far (a redirect or an interim response starts anew).
    func forgetHeaders() {
        etag = nil
        lastModified = nil
        contentType = nil
        retryAfter = nil
        rateLimitRemaining = nil
        rateLimitReset = nil
    }

    func releaseHeaders() {
        curl_slist_free_all(headerList)
        headerList = nil
    }

    /// Takes in one header line of the response.
    func header(_ line: String) {
        if line.hasPrefix("HTTP/") {
            forgetHeaders()
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let value = String(line[line.index(after: colon)...].trimmingSpaces)
        switch line[..<colon].lowercased() {
        case "etag": etag = value
        case "last-modified": lastModified = value
        case "content-type": contentType = value
        case "retry-after": retryAfter = value
        case "x-rate-limit-remaining": rateLimitRemaining = value
        case "x-rate-limit-reset": rateLimitReset = value
        default: break
        }
    }
}
