/// One feed read over HTTP outside a fetch (`feedsite posts URL`): the same transfers, limits and
/// timeouts as `feedsite fetch`, without a snapshot or conditional request.
package enum FeedDownload {
    /// The body at `url` (http or https), decoded, within `limits`. Throws `InputError` naming the URL
    /// (its password as `***`) and why when it could not be fetched.
    package static func body(of url: String, limits: FetchLimits = FetchLimits()) throws(InputError) -> FetchedBody {
        let shown = HTTPURLSyntax.redacted(url)
        guard HTTPURLSyntax.problem(in: url) == nil else {
            throw InputError("\(shown): not an http or https URL", hint: "feedsite reads feeds from http(s) URLs and from files")
        }
        var response = FetchResponse.failed("no response")
        CurlTransfers(limits: limits).run([FetchRequest(url: url)]) { _, answer in response = answer }
        switch response {
        case .body(let body): return body
        case .notModified: throw InputError("\(shown): \(FetchResponse.notModifiedUnasked)")
        case .failed(let reason): throw InputError("\(shown): \(reason)", hint: "check the address in a browser; feedsite fetch reads it the same way")
        }
    }
}
