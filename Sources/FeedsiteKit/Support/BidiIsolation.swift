/// Text from site.yml or a feed set between FIRST STRONG ISOLATE (U+2068) and POP DIRECTIONAL ISOLATE
/// (U+2069) where it is joined with other text outside markup (a `<title>`, an attribute, a feed's
/// title): a right-to-left text, or an override it leaves open (U+202E), then reorders only itself,
/// never the handle or title beside it. In markup `<bdi>` and `dir="auto"` do the same.
enum BidiIsolation {
    /// `text` between the two isolate marks.
    static func isolated(_ text: String) -> String {
        "\u{2068}" + text + "\u{2069}"
    }
}
