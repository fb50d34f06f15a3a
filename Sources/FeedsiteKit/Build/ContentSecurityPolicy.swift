/// The Content Security Policy of one page, as strict as the page allows: nothing by default;
/// scripts, styles and images from the site itself; X's widget script and embed frames only on
/// pages that may load the widget; images from other hosts only where an account's `media: hotlink`
/// shows them. The layout writes it into a `<meta http-equiv>`; `_headers` and `feedsite serve` send
/// it as a header, with `frame-ancestors` (which a meta tag cannot carry).
struct ContentSecurityPolicy: Sendable, Equatable {
    /// Whether the page may load X's widget (account pages: their timeline).
    var loadsWidget: Bool
    /// The origins (`https://images.example`) of hotlinked images the page may show, sorted.
    var imageOrigins: [String]
}

extension ContentSecurityPolicy {
    /// Where X's widget script comes from (`feedsite.js` loads `widgets.js`, which loads more of its
    /// scripts from the same host).
    static let widgetScriptHost = "https://platform.twitter.com"
    /// The hosts of the frames X's widget embeds (the timeline itself).
    static let widgetFrameHosts = ["https://platform.twitter.com", "https://syndication.twitter.com"]

    /// The policy as a `<meta http-equiv="Content-Security-Policy">` carries it.
    var meta: String {
        directives.joined(separator: "; ")
    }

    /// The policy as a response header carries it: the meta tag's, and no site may frame the page but
    /// the site itself.
    var header: String {
        (directives + ["frame-ancestors 'self'"]).joined(separator: "; ")
    }

    var directives: [String] {
        var result = ["default-src 'none'", "script-src 'self'" + (loadsWidget ? " " + Self.widgetScriptHost : ""),
                      "style-src 'self'", "img-src " + (["'self'"] + imageOrigins).joined(separator: " ")]
        if loadsWidget { result.append("frame-src " + Self.widgetFrameHosts.joined(separator: " ")) }
        return result + ["object-src 'none'", "base-uri 'none'", "form-action 'none'"]
    }

    /// The policy that allows what any of `policies` allows (X's widget when one loads it, every
    /// image origin of any), so each of them allows at most what it does; nil for none.
    static func union(_ policies: [ContentSecurityPolicy]) -> ContentSecurityPolicy? {
        guard !policies.isEmpty else { return nil }
        return ContentSecurityPolicy(loadsWidget: policies.contains { $0.loadsWidget },
                                     imageOrigins: Set(policies.flatMap(\.imageOrigins)).sorted())
    }

    /// The origins of the images `media: hotlink` shows from `snapshot`'s posts (its images, by type).
    /// A URL whose origin is not plain `http(s)://host[:port]` is left out: it could not be written into
    /// a policy safely, and the policy then blocks the image.
    static func hotlinkedOrigins(_ snapshot: Snapshot) -> Set<String> {
        var origins = Set<String>()
        for post in snapshot.posts {
            for item in post.media where item.type.map({ $0.lowercased().hasPrefix("image/") }) ?? false {
                if let origin = origin(of: item.url) { origins.insert(origin) }
            }
        }
        return origins
    }

    /// `https://host[:port]` of an http(s) URL, lowercased; nil for anything else.
    static func origin(of url: String) -> String? {
        let lowered = url.lowercased()
        guard let scheme = ["https://", "http://"].first(where: lowered.hasPrefix) else { return nil }
        let authority = lowered.dropFirst(scheme.count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty, !authority.contains("@"),
              authority.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:[]".contains($0)) }) else { return nil }
        return scheme + authority
    }
}
