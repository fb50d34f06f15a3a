/// How an account's pages show the images of its posts (`media:`).
package enum MediaPolicy: String, Sendable, CaseIterable {
    /// A link to the original with its text alternative: the page requests nothing from another host.
    case link
    /// `feedsite fetch` downloads the images into `snapshots/media/`; the build publishes them with the site.
    case copy
    /// `<img>` from the original host, without a referrer.
    case hotlink
}
