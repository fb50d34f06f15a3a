import Foundation

/// A site of hostile posts, generated from a table: every fragment below in every field of a post
/// that reaches a page, spread over three accounts (`media: link`, `hotlink`, `copy`), and some of
/// them in the site's and the accounts' own texts. Every fragment that would run calls `alert(n)`.
enum HostilePosts {
    /// Ways to run a script or break out of the page, one per line; `N` is replaced by the fragment's number.
    static let fragments = [
        "<script>alert(N)</script>",
        "<ScRiPt SrC=data:text/javascript,alert(N)></sCrIpT>",
        "<img src=x onerror=alert(N)>",
        "<a href=\"&#106;&#x61;vascript&colon;alert(N)\">refs</a>",
        "<a href=\"java\tscr\u{0}ipt:alert(N)\">control</a>",
        "<a href=\"JaVaScRiPt:alert(N)\">case</a>",
        "<a href=\"  \u{1}javascript:alert(N)\">leading</a>",
        "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">data</a>",
        "<svg><script>alert(N)</script></svg>",
        "<svg onload=alert(N)><animate onbegin=alert(N) attributeName=x></svg>",
        "<math><mtext><table><mglyph><style><img src=x onerror=alert(N)></style></mglyph></table></mtext></math>",
        "<math href=\"javascript:alert(N)\">math</math>",
        "<!--<img src=\"--><img src=x onerror=alert(N)>-->",
        "<noscript><p title=\"</noscript><img src=x onerror=alert(N)>\"></p></noscript>",
        "</p></div></article></li></ol></main></body></html><h1>Fake</h1><script>alert(N)</script>",
        "</title></textarea></style><img src=x onerror=alert(N)>",
        "\"><script>alert(N)</script><a x=\"",
        "'><img src=x onerror=alert(N)>",
        "<iframe src=\"javascript:alert(N)\"></iframe><object data=\"javascript:alert(N)\"></object>",
        "<form action=\"javascript:alert(N)\"><button formaction=\"javascript:alert(N)\">go</button></form>",
        "<base href=\"javascript:alert(N)//\"><meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(N)\">",
        "<div style=\"background:url(javascript:alert(N))\" onmouseover=\"alert(N)\">style</div>",
        "<details open ontoggle=alert(N)>details</details>",
        "<template><script>alert(N)</script></template><xmp><script>alert(N)</script></xmp>",
    ]

    /// The fields of a post a fragment goes into.
    enum Field: CaseIterable {
        case html, text, title, author, alt, mediaURL, url
    }

    /// The three accounts: handle and `media:`.
    static let accounts = [("linker", "link"), ("hotlinker", "hotlink"), ("copier", "copy")]
    /// The one published copy every `media: copy` image names.
    static let copyFile = "0123456789abcdef.png"

    /// How many hostile posts the site holds: every fragment in every field.
    static var count: Int { fragments.count * Field.allCases.count }

    static func fragment(_ index: Int) -> String {
        fragments[index].replacingOccurrences(of: "N", with: String(index + 1))
    }

    /// The posts of account `account` (of `accounts`): post `n` of the table goes to account `n % 3`.
    static func snapshot(account: Int) -> String {
        var posts: [String] = []
        for (number, (fragmentIndex, field)) in fragments.indices.flatMap({ f in Field.allCases.map { (f, $0) } }).enumerated()
        where number % accounts.count == account {
            posts.append(post(number, fragment(fragmentIndex), in: field, copy: accounts[account].1 == "copy"))
        }
        let handle = accounts[account].0
        return """
        {"format": 1, "handle": \(json(handle)),
         "fetch": {"source": "feeds/\(handle).xml", "fetched_at": "2026-11-30T10:00:00Z", "changed_at": "2026-11-30T09:00:00Z"},
         "posts": [\(posts.joined(separator: ",\n"))]}
        """
    }

    /// Post `number` with `fragment` in `field` and harmless values in the others.
    static func post(_ number: Int, _ fragment: String, in field: Field, copy: Bool) -> String {
        func value(_ which: Field, _ harmless: String) -> String { json(which == field ? fragment : harmless) }
        let url = field == .url ? "https://posts.example/" + fragment : "https://posts.example/\(number)"
        let mediaURL = field == .mediaURL ? "https://img.example/" + fragment : "https://img.example/\(number).png"
        let copied = copy ? ", \"copy\": {\"file\": \(json(copyFile)), \"type\": \"image/png\", \"width\": 1, \"height\": 1}" : ""
        let minute = String(format: "%02d", number % 60)
        return """
        {"id": "hostile-\(number)", "url": \(json(url)), "title": \(value(.title, "Post \(number)")),
         "text": \(value(.text, "Text \(number)")), "html": \(value(.html, "<p>Post \(number)</p>")),
         "author": \(value(.author, "Author \(number)")), "published": "2026-11-\(10 + number / 60)T10:\(minute):00Z",
         "media": [{"url": \(json(mediaURL)), "type": "image/png", "alt": \(value(.alt, "Image \(number)"))\(copied)}]}
        """
    }

    /// site.yml: the site's and each account's texts hostile too.
    static var yaml: String {
        var text = "title: \(json("Hostile " + fragment(0)))\ndescription: \(json(fragment(2)))\n"
        text += "river_page_size: 40\naccounts:\n"
        for (index, (handle, media)) in accounts.enumerated() {
            text += "  - handle: \(handle)\n    name: \(json("Name " + fragment(index * 5 + 3)))\n"
            text += "    description: \(json(fragment((index * 5 + 14) % fragments.count)))\n    feed: feeds/\(handle).xml\n    media: \(media)\n    posts: 200\n"
        }
        return text
    }

    /// The files of the site: site.yml, the three snapshots and the copy.
    static var files: [String: String] {
        var files = ["site.yml": yaml]
        for index in accounts.indices { files["snapshots/\(accounts[index].0).json"] = snapshot(account: index) }
        return files
    }

    /// A 1×1 PNG.
    static let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")!

    /// `text` as a JSON string (also a YAML double-quoted scalar).
    static func json(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text], options: .withoutEscapingSlashes), as: UTF8.self).dropFirst().dropLast().description
    }
}
