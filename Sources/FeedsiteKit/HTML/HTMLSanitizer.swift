/// Turns untrusted HTML (a post from a feed) into HTML that is safe to put inside a page: only an
/// allowlist of elements and attributes survives, re-written from the tokens a browser would see.
///
/// - Elements that run code or hide their content (script, style, iframe, object, embed, svg, math,
///   template, noscript, …) go with what they contain; readable text after them stays.
/// - Structure a post needs stays: paragraphs, line breaks, links, emphasis, quotes, lists, code.
///   Headings become paragraphs (a post must not add headings to the page's outline), images become
///   their alt text, other elements (div, span, table, form controls, …) are unwrapped to their text.
/// - Attributes: only a link's `href` (http, https or mailto, decided after character references,
///   control characters and white space are taken into account as a browser does; relative links
///   are resolved against `base`) and `title`, `lang` and `dir`; every link gets
///   `rel="nofollow ugc noopener noreferrer"`.
/// - The output is balanced: every element it opens it closes, and it closes nothing it did not
///   open, so a post can never close the page's own elements.
package struct HTMLSanitizer: Sendable {
    /// Resolves relative links; nil leaves them out.
    package var base: String?

    /// A sanitizer resolving relative links against `base`.
    package init(base: String? = nil) {
        self.base = base
    }

    /// `html`, sanitized.
    package func sanitize(_ html: String) -> String {
        var html = html
        let writer = html.withUTF8 { bytes in
            var tokenizer = HTMLTokenizer(input: bytes, sink: SanitizedHTMLWriter(base: base))
            return tokenizer.run()
        }
        return writer.finished()
    }
}
