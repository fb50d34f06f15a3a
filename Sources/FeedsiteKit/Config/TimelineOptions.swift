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

    /// `data-theme`: light, dark, or auto (follow the reader's setting).
    package var theme: Theme = .auto
    /// `data-height` in pixels.
    package var height: Int = 600
    /// `data-width` in pixels, when set.
    package var width: Int?
    /// `data-tweet-limit` (1-20), when set.
    package var tweetLimit: Int?
    /// `data-chrome`: parts of the widget's frame to hide.
    package var chrome: [Chrome] = []
    /// `data-dnt`: ask X not to personalise.
    package var dnt: Bool = false
    /// `data-lang`, when set.
    package var lang: String?
    /// `data-aria-polite`, when set.
    package var ariaPolite: AriaPolite?
    /// `data-show-replies`.
    package var showReplies: Bool = false
    /// Seconds before the page gives up on the widget and shows the fallback.
    package var loadingTimeout: Double = 10
    /// `click`: show a consent panel and load X's script only when the reader asks.
    package var load: Load = .auto
    /// With `load: click`, remember the reader's consent in localStorage for later pages.
    package var rememberConsent: Bool = false
}
