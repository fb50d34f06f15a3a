/// The response headers of the site's pages: each page's Content Security Policy (with
/// `frame-ancestors`), and for every file `X-Content-Type-Options` and `Referrer-Policy`. Written as
/// `output/_headers` (the file Netlify and Cloudflare Pages read); `feedsite serve` sends the same.
package struct SiteHeaders: Sendable, Equatable {
    /// Each page's policy header, by the page's path in the output (`nasa/index.html`).
    package var policies: [String: String]
}

extension SiteHeaders {
    /// The headers every file gets.
    package static let common = [("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "strict-origin-when-cross-origin")]
    /// Where the build writes them.
    static let path = "_headers"

    /// The headers the last build wrote into `folder`'s `_headers` (none for pages when it has none),
    /// for `feedsite serve`: the build records them there, and an up-to-date build loads nothing else
    /// that could tell them. Reads back only what `file` writes.
    package static func read(outputFolder folder: String) -> SiteHeaders {
        guard let bytes = try? FileInput.read(folder + "/" + path, purpose: "the headers file", limit: 64 << 20) else { return SiteHeaders(policies: [:]) }
        var policies: [String: String] = [:]
        var address = ""
        let prefix = "  Content-Security-Policy: "
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            if line.hasPrefix("/") {
                address = String(line.dropFirst())
            } else if line.hasPrefix(prefix), address != "*" {
                policies[address.isEmpty || address.hasSuffix("/") ? address + "index.html" : address] = String(line.dropFirst(prefix.count))
            }
        }
        return SiteHeaders(policies: policies)
    }

    /// The headers of the planned pages.
    init(pages: [PlannedPage], policies: PagePolicies) {
        self.policies = Dictionary(uniqueKeysWithValues: pages.map { ($0.path, policies.policy(for: $0.kind).header) })
    }

    /// The headers a response for `path` (relative to the output folder, `nasa/index.html`) carries.
    package func headers(for path: String) -> [(name: String, value: String)] {
        (policies[path].map { [("Content-Security-Policy", $0)] } ?? []) + Self.common
    }

    /// `_headers`: the common headers for every path, then each page's policy under each address
    /// it is served at (`/nasa/` and `/nasa/index.html`), sorted. Every page has a rule of its own, so
    /// that no two rules set the same header for one address (hosts would join their values).
    var file: [UInt8] {
        var text = "# Written by feedsite: the headers of every file, then each page's Content Security Policy.\n/*\n"
        for (name, value) in Self.common { text += "  \(name): \(value)\n" }
        for path in policies.keys.sorted() {
            let addresses = path.hasSuffix("index.html") ? ["/" + path.dropLast("index.html".count), "/" + path] : ["/" + path]
            for address in addresses { text += "\(address)\n  Content-Security-Policy: \(policies[path]!)\n" }
        }
        return Array(text.utf8)
    }
}
