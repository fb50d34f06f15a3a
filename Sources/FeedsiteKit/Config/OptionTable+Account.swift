extension OptionTable {
    /// The options of one account; all but `handle` and `name` may also be set in `defaults`.
    static let account = OptionTable([
        ConfigOption("handle", .accountHandle, default: .required(missing: "add: handle: the_account_name", empty: nil), merge: .perAccount,
                     context: [.same(.string), .fromAccount("profile_url", .string,
                                                            "`https://twitter.com/HANDLE`, `https://bsky.app/profile/HANDLE`, `https://SERVER/@USER`") {
                         account, _ in .string(account.network.profileURL(handle: account.handle))
                     }],
                     "The account, without `@`. Unique ignoring case; the page lives at `<handle in lower case>/`."),
        ConfigOption("network", .choice(Network.allCases.map(\.rawValue)), default: .value(.string(Network.x.rawValue)),
                     context: [.same(.string), .transformed("network_name", .string, "`X`, `Bluesky` or `Mastodon`") {
                         .string(Network(rawValue: $0.stringValue ?? "")?.displayName ?? "")
                     }, .transformed("profile_link_text", .string, "`View on X`, `View on Bluesky`, `View on Mastodon`") {
                         .string(Network(rawValue: $0.stringValue ?? "")?.linkText ?? "")
                     }, .transformed("has_timeline", .boolean, "true on X, the only network with an embeddable timeline") {
                         .bool(Network(rawValue: $0.stringValue ?? "")?.hasTimelineWidget ?? false)
                     }],
                     "Where the account lives; it says how the handle is written and checked, and which profile, compose and feed URLs the account gets."),
        ConfigOption("name", .nonEmptyText, default: .derived("the handle"), merge: .perAccount, context: [.same(.string)], "The display name."),
        ConfigOption("description", .text, placeholders: true, context: [.same(.string)], "Shown on the pages."),
        ConfigOption("group", .label, merge: .perAccount, context: [.same(.string)],
                     "The group the account is listed under (`groups` in templates; the default index shows each group as a section); "
                         + "spelled the same on each of its accounts: groups differing only in case are an error."),
        ConfigOption("image", .imageURL, placeholders: true, "The image of the account page's share card; unset, the site's `image`."),
        ConfigOption("params", .freeForm, default: .value(.map([:])), merge: .keyByKey, placeholders: true,
                     context: [.same(.map, summary: "the account's `params`, merged over `defaults.params`")],
                     "Free-form values for templates (`account.params`)."),
        ConfigOption("compose", .options(.compose), default: .derived("text `\"@HANDLE \"`"), merge: .keyByKey,
                     context: [.fromAccount("compose_url", .string,
                                            "the compose intent URL, percent-encoded (write it with `{{ }}`: the `&` become `&amp;`)") {
                         .string($0.composeURL(intentHost: $1))
                     }],
                     "What the compose button pre-fills (see `compose` below)."),
        ConfigOption("feed", .feedSource,
                     context: [.fromAccount("has_feed", .boolean,
                                            "true when the account has a feed (`feed` set and not `none`, or unset on Bluesky and Mastodon)") {
                         account, _ in .bool(account.hasFeed)
                     }],
                     "The account's feed (RSS, Atom or JSON Feed) that `feedsite fetch` reads: a URL or a file; `{handle}` is replaced by the handle; `none`: no feed; "
                         + "`x-api`: the account's posts through X's API (X accounts, see `feed: x-api`)."),
        ConfigOption("posts", .integer(1...200, what: "an integer from 1 to 200"), default: .value(.int(20)),
                     "How many of the feed's posts are kept and shown."),
        ConfigOption("media", .choice(MediaPolicy.allCases.map(\.rawValue)), default: .value(.string(MediaPolicy.link.rawValue)),
                     context: [.same(.string)],
                     "How posts show their images: `link` (a link to the original; the page requests nothing from another host), "
                         + "`copy` (`feedsite fetch` downloads them into `snapshots/media/`, the build publishes them with the site) "
                         + "or `hotlink` (`<img>` from the original host, without a referrer)."),
        ConfigOption("media_size_limit", .integer(1...100, what: "an integer from 1 to 100 (MiB)"), default: .value(.int(5)),
                     "With `media: copy`, the most MiB of one image; a larger one stays a link."),
        ConfigOption("media_total_limit", .integer(1...10_000, what: "an integer from 1 to 10000 (MiB)"), default: .value(.int(50)),
                     "With `media: copy`, the most MiB of the account's copied images together; images beyond it stay links."),
        ConfigOption("theme", .choice(["light", "dark", "auto"]), default: .value(.string("auto")), context: [.same(.string)],
                     "Colour scheme of the page and the timeline; `auto` follows the reader's system setting."),
        ConfigOption("height", .integer(1...Int.max, what: "a positive integer (pixels)"), default: .value(.int(600)),
                     context: [.same(.number)], "Timeline height in pixels."),
        ConfigOption("width", .integer(1...Int.max, what: "a positive integer (pixels)"), context: [.same(.number)],
                     "Timeline width in pixels; unset, the timeline fills the column."),
        ConfigOption("tweet_limit", .integer(1...20, what: "an integer from 1 to 20"), context: [.same(.number)],
                     "Show at most this many posts."),
        ConfigOption("chrome", .list(.choice(["noheader", "nofooter", "noborders", "transparent", "noscrollbar"]), unique: true),
                     default: .value(.list([])),
                     context: [.transformed("chrome", .string, "the chrome options as one space-separated string (`noheader noborders`)") {
                         .string(($0.stringList ?? []).joined(separator: " "))
                     }],
                     "Parts of the widget's frame to hide."),
        ConfigOption("dnt", .bool, default: .value(.bool(false)), context: [.same(.boolean)],
                     "Ask X not to use the visit for personalisation."),
        ConfigOption("lang", .languageTag, context: [.same(.string)], "Language of the widget's own texts."),
        ConfigOption("aria_polite", .choice(["polite", "assertive", "rude"]), context: [.same(.string)],
                     "How screen readers announce new posts (unset, X uses `polite`)."),
        ConfigOption("show_replies", .bool, default: .value(.bool(false)), context: [.same(.boolean)], "Include replies in the timeline."),
        ConfigOption("loading_timeout", .number(0.5...300, what: "a number of seconds"), default: .value(.double(10)),
                     context: [.transformed("loading_timeout_ms", .number, "`loading_timeout` in milliseconds") {
                         .int(Int((($0.numberValue ?? 0) * 1000).rounded()))
                     }],
                     "How long the page waits for the widget before it shows the fallback."),
        ConfigOption("load", .choice(["auto", "click"]), default: .value(.string("auto")),
                     context: [.same(.string), .transformed("load_on_click", .boolean, "true when `load` is `click` (for `{{#…}}` sections)") {
                         .bool($0 == .string("click"))
                     }],
                     "On a page without posts, `click`: nothing is requested from X until the reader presses \"Show posts\" (see \"Privacy\"); pages with posts follow `live_timeline`."),
        ConfigOption("live_timeline", .choice(["click", "auto"]), default: .value(.string("click")),
                     context: [.same(.string), .transformed("live_timeline_on_click", .boolean, "true when `live_timeline` is `click`") {
                         .bool($0 == .string("click"))
                     }],
                     "On a page that shows posts, when X's live timeline loads: `click` after the reader presses \"Show the live timeline from X\", `auto` at once. Pages without posts follow `load`."),
        ConfigOption("remember_consent", .bool, default: .value(.bool(false)), context: [.same(.boolean)],
                     "With `load: click` (or, on a page with posts, `live_timeline: click`), remember the reader's choice in `localStorage`, so later pages load directly."),
    ])

    /// The keys of an account's `compose` map: what the compose button pre-fills.
    static let compose = OptionTable([
        ConfigOption("text", .text, default: .derived("`\"@HANDLE \"`"), placeholders: true, "The post's text."),
        ConfigOption("url", .httpURL, placeholders: true, "A link attached to the post."),
        ConfigOption("hashtags", .list(.hashtag, unique: false), default: .value(.list([])), "Hashtags added to the post."),
        ConfigOption("via", .handle, "Adds \"via @handle\"."),
        ConfigOption("related", .list(.handle, unique: false), default: .value(.list([])), "Accounts suggested after posting."),
        ConfigOption("in_reply_to", .postID, "Makes the post a reply."),
    ])
}
