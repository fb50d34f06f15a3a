/// The host of compose and other intent URLs.
package enum IntentHost: String, Sendable, CaseIterable {
    case twitter = "twitter.com"
    case x = "x.com"
}
