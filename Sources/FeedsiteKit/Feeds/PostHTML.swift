/// The one place where a post's HTML is made safe to put on a page: every feed format's content goes
/// through `clean` before it becomes `Post.html`.
package enum PostHTML {
    /// `html` made safe to embed in a page, with relative links to be resolved against `base`.
    ///
    /// For now this escapes everything: the result shows the post's markup as text, so nothing
    /// unsafe can pass. The allowlist sanitizer (built on the project's HTML tokenizer once it moves
    /// below Feeds/) replaces this body; callers do not change.
    package static func clean(_ html: String, base: String?) -> String {
        HTMLEscaper.escape(html)
    }
}
