/// What a fetch reports while it runs, for the command line to show.
package enum FetchEvent: Sendable, Equatable {
    /// `done` of `total` feeds are finished.
    case progress(done: Int, total: Int)
    /// A feed failed: the account, its URL or file (passwords shown as `***`), and why.
    case failed(handle: String, source: String, reason: String)
    /// An account's snapshot could not be written (a full disk): the message names the file and the
    /// system's reason. Its old snapshot stays as it was.
    case unwritten(handle: String, reason: String)
    /// An image of the account's posts was not copied (`media: copy`): its URL (passwords shown as
    /// `***`) and why. The post shows it as a link; the feed itself did not fail.
    case imageNotCopied(handle: String, url: String, reason: String)
    /// A feed was read, but some of it was left out or changed (a post without an id, a date that is
    /// no date, errors X gave beside the posts): the account, its source, and each warning
    /// (`line 3, column 5: …`), as the feed's words have them: escape them before printing.
    case warned(handle: String, source: String, warnings: [String])
}
