/// One account of the site, with every option resolved (defaults applied).
package struct Account: Sendable {
    /// The handle without `@`: 1-15 of A-Z a-z 0-9 _.
    package var handle: String
    /// The display name (default: the handle).
    package var name: String
    /// An optional description shown on the pages.
    package var description: String?
    /// Free-form data handed to templates as `account.params` (defaults merged key by key).
    package var params: [String: TemplateValue]
    /// What the compose button pre-fills.
    package var compose: ComposeOptions
    /// How the embedded timeline looks and behaves.
    package var timeline: TimelineOptions
    /// Where the account's entry starts in site.yml.
    package var location: SourceLocation

    /// The folder name of the account's page: the handle in lower case.
    package var slug: String { handle.lowercased() }
}

/// The compose (tweet intent) options of an account.
package struct ComposeOptions: Sendable, Equatable {
    /// The text of the post; nil or empty means no `text` parameter.
    package var text: String?
    /// An absolute http(s) URL attached to the post.
    package var url: String?
    /// Hashtags without `#`.
    package var hashtags: [String] = []
    /// The handle the post is "via".
    package var via: String?
    /// Related handles suggested after posting.
    package var related: [String] = []
    /// The numeric id of the post this replies to.
    package var inReplyTo: String?
}

/// The embedded-timeline options of an account.
package struct TimelineOptions: Sendable, Equatable {
    /// Colour scheme of the page and the widget.
    package enum Theme: String, Sendable, CaseIterable { case light, dark, auto }
    /// The widget's live-region politeness.
    package enum AriaPolite: String, Sendable, CaseIterable { case polite, assertive, rude }
    /// When the widget loads: at once, or only after the reader asks (no request to X before that).
    package enum Load: String, Sendable, CaseIterable { case auto, click }
    /// Parts of the widget's frame that can be turned off.
    package enum Chrome: String, Sendable, CaseIterable { case noheader, nofooter, noborders, transparent, noscrollbar }

    package var theme: Theme = .auto
    package var height: Int = 600
    package var width: Int?
    package var tweetLimit: Int?
    package var chrome: [Chrome] = []
    package var dnt: Bool = false
    package var lang: String?
    package var ariaPolite: AriaPolite?
    package var showReplies: Bool = false
    /// Seconds before the page gives up on the widget and shows the fallback.
    package var loadingTimeout: Double = 10
    /// `click`: show a consent panel and load X's script only when the reader asks.
    package var load: Load = .auto
    /// With `load: click`, remember the reader's consent in localStorage for later pages.
    package var rememberConsent: Bool = false
}
