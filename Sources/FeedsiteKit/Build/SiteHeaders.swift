/// The response headers of the site's files: for every file `X-Content-Type-Options`,
/// `Referrer-Policy` and the site-wide Content Security Policy (with `frame-ancestors`), and for each
/// page whose own policy is stricter than that, its own. Written as `output/_headers` (the file Netlify
/// and Cloudflare Pages read); `feedsite serve` sends the same.
///
/// Two rules that match one address both apply (Cloudflare Pages joins their values, and a browser
/// enforces each policy of a joined header), so the site-wide policy is the union of the pages'
/// (`ContentSecurityPolicy.union`): what any page may load. A page that allows less gets a rule of its
/// own, and what both allow is what it allows; a page whose policy is the union needs no rule. So a
/// site of X accounts has one rule for all their pages, not two per page (Cloudflare reads at most 100).
package struct SiteHeaders: Sendable, Equatable {
    /// The policy every file gets (the rule `/*`): the union of the pages' policies; nil without pages.
    package var fallback: String?
    /// The policy of each page that allows less than `fallback`, by the page's path in the output (`nasa/index.html`).
    package var policies: [String: String]
}

extension SiteHeaders {
    /// The headers every file gets besides the policy.
    package static let common = [("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "strict-origin-when-cross-origin")]
    /// Where the build writes them.
    static let path = "_headers"
    /// The most rules Cloudflare Pages reads from `_headers`; it ignores the rest.
    static let cloudflareRuleLimit = 100

    /// The headers the last build wrote into `folder`'s `_headers` (none when it has none), for
    /// `feedsite serve`: the build records them there, and an up-to-date build loads nothing else
    /// that could tell them. Reads back only what `file` writes.
    package static func read(outputFolder folder: String) -> SiteHeaders {
        guard let bytes = try? FileInput.read(folder + "/" + path, purpose: "the headers file", limit: 64 << 20) else {
            return SiteHeaders(fallback: nil, policies: [:])
        }
        var headers = SiteHeaders(fallback: nil, policies: [:])
        var address = ""
        let prefix = "  Content-Security-Policy: "
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            if line.hasPrefix("/") {
                address = String(line.dropFirst())
            } else if line.hasPrefix(prefix) {
                let policy = String(line.dropFirst(prefix.count))
                if address == "*" {
                    headers.fallback = policy
                } else {
                    headers.policies[address.isEmpty || address.hasSuffix("/") ? address + "index.html" : address] = policy
                }
            }
        }
        return headers
    }

    /// The headers of the planned pages.
    init(pages: [PlannedPage], policies: PagePolicies) {
        let each = pages.map { ($0.path, policies.policy(for: $0.kind)) }
        let union = ContentSecurityPolicy.union(each.map(\.1))
        fallback = union?.header
        self.policies = Dictionary(uniqueKeysWithValues: each.filter { $0.1 != union }.map { ($0.0, $0.1.header) })
    }

    /// The headers a response for `path` (relative to the output folder, `nasa/index.html`) carries.
    package func headers(for path: String) -> [(name: String, value: String)] {
        ((policies[path] ?? fallback).map { [("Content-Security-Policy", $0)] } ?? []) + Self.common
    }

    /// `_headers`: the rule `/*` with the common headers and the site-wide policy, then each page with
    /// a stricter policy under each address it is served at (`/nasa/` and `/nasa/index.html`), sorted.
    var file: [UInt8] {
        var text = "# Written by feedsite: the headers of every file with the site-wide Content Security Policy, "
            + "then the pages whose own policy is stricter.\n/*\n"
        for (name, value) in Self.common { text += "  \(name): \(value)\n" }
        if let fallback { text += "  Content-Security-Policy: \(fallback)\n" }
        for path in policies.keys.sorted() {
            for address in Self.addresses(of: path) { text += "\(address)\n  Content-Security-Policy: \(policies[path]!)\n" }
        }
        return Array(text.utf8)
    }

    /// How many rules `file` holds: `/*` and one per address of each page with a policy of its own.
    var ruleCount: Int {
        1 + policies.keys.reduce(0) { $0 + Self.addresses(of: $1).count }
    }
}

private extension SiteHeaders {
    /// The addresses a page is served at: `/nasa/` and `/nasa/index.html`, `/404.html`.
    static func addresses(of path: String) -> [String] {
        path.hasSuffix("index.html") ? ["/" + path.dropLast("index.html".count), "/" + path] : ["/" + path]
    }
}
