/// Account options as written in `defaults` or on one account: everything optional until merged.
struct AccountOptions: Sendable {
    var description: String?
    var params: [String: TemplateValue] = [:]
    var compose = PartialCompose()
    var theme: TimelineOptions.Theme?
    var height: Int?
    var width: Int?
    var tweetLimit: Int?
    var chrome: [TimelineOptions.Chrome]?
    var dnt: Bool?
    var lang: String?
    var ariaPolite: TimelineOptions.AriaPolite?
    var showReplies: Bool?
    var loadingTimeout: Double?
    var load: TimelineOptions.Load?
    var rememberConsent: Bool?

    /// Compose options as written; each key set or not.
    struct PartialCompose: Sendable {
        var text: String?
        var url: String?
        var hashtags: [String]?
        var via: String?
        var related: [String]?
        var inReplyTo: String?
    }

    /// The keys an account (or `defaults`) may hold, besides `handle` and `name`.
    static let optionKeys = [
        "description", "params", "compose", "theme", "height", "width", "tweet_limit", "chrome",
        "dnt", "lang", "aria_polite", "show_replies", "loading_timeout", "load", "remember_consent",
    ]
    /// The keys of a `compose` map.
    static let composeKeys = ["text", "url", "hashtags", "via", "related", "in_reply_to"]
}

extension AccountOptions {
    /// These options with `defaults` filling what is unset; `compose` and `params` merge key by key.
    func merged(over defaults: AccountOptions) -> AccountOptions {
        var result = self
        result.description = description ?? defaults.description
        result.params = defaults.params.merging(params) { _, own in own }
        result.compose = PartialCompose(
            text: compose.text ?? defaults.compose.text,
            url: compose.url ?? defaults.compose.url,
            hashtags: compose.hashtags ?? defaults.compose.hashtags,
            via: compose.via ?? defaults.compose.via,
            related: compose.related ?? defaults.compose.related,
            inReplyTo: compose.inReplyTo ?? defaults.compose.inReplyTo
        )
        result.theme = theme ?? defaults.theme
        result.height = height ?? defaults.height
        result.width = width ?? defaults.width
        result.tweetLimit = tweetLimit ?? defaults.tweetLimit
        result.chrome = chrome ?? defaults.chrome
        result.dnt = dnt ?? defaults.dnt
        result.lang = lang ?? defaults.lang
        result.ariaPolite = ariaPolite ?? defaults.ariaPolite
        result.showReplies = showReplies ?? defaults.showReplies
        result.loadingTimeout = loadingTimeout ?? defaults.loadingTimeout
        result.load = load ?? defaults.load
        result.rememberConsent = rememberConsent ?? defaults.rememberConsent
        return result
    }

    /// The final account for `handle`, with built-in defaults for whatever is still unset.
    func account(handle: String, name: String?, location: SourceLocation) -> Account {
        var timeline = TimelineOptions()
        if let theme { timeline.theme = theme }
        if let height { timeline.height = height }
        timeline.width = width
        timeline.tweetLimit = tweetLimit
        if let chrome { timeline.chrome = chrome }
        if let dnt { timeline.dnt = dnt }
        timeline.lang = lang
        timeline.ariaPolite = ariaPolite
        if let showReplies { timeline.showReplies = showReplies }
        if let loadingTimeout { timeline.loadingTimeout = loadingTimeout }
        if let load { timeline.load = load }
        if let rememberConsent { timeline.rememberConsent = rememberConsent }
        let composeOptions = ComposeOptions(
            text: compose.text ?? "@\(handle) ",
            url: compose.url,
            hashtags: compose.hashtags ?? [],
            via: compose.via,
            related: compose.related ?? [],
            inReplyTo: compose.inReplyTo
        )
        return Account(handle: handle, name: name ?? handle, description: description, params: params,
                       compose: composeOptions, timeline: timeline, location: location)
    }
}
