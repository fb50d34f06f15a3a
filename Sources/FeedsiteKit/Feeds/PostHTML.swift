/// The one place where a post's HTML is made safe to put on a page: every feed format's content goes
/// through `clean` before it becomes `Post.html`.
package enum PostHTML {
    /// `html` made safe to embed in a page (see `HTMLSanitizer`), with relative links resolved against `base`.
    package static func clean(_ html: String, base: String?) -> String {
        HTMLSanitizer(base: base).sanitize(html)
    }
}
