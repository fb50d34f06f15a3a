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
