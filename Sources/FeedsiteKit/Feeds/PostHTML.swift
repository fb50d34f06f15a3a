/// The one place where a post's HTML is made safe to put on a page: every feed format's content goes
/// through `clean` before it becomes `Post.html`.
package enum PostHTML {
    /// `html` made safe to embed in a page (see `HTMLSanitizer`), with relative links resolved against `base`.
    package static func clean(_ html: String, base: String?) -> String {
        HTMLSanitizer(base: base).sanitize(html)
    }

    /// `html` read back from a snapshot, which may have been edited by hand: as it is when it is
    /// exactly what the sanitizer writes (`SanitizedHTMLVerifier`), so that sanitizing it again would
    /// change nothing; sanitized again otherwise.
    package static func stored(_ html: String) -> String {
        // Callgrind, clean build of Benchmarks/generate_site.py 100 --posts 20: 1.43 G -> 1.13 G instructions
        // (sanitizing every post again took 322 M, the verifier takes 16 M).
        SanitizedHTMLVerifier.accepts(html) ? html : clean(html, base: nil)
    }
}
