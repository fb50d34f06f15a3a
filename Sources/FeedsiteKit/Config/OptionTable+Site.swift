extension OptionTable {
    /// The site's options: the top level of site.yml, besides `defaults` and `accounts`.
    static let site = OptionTable([
        ConfigOption("title", .nonEmptyText,
                     default: .required(missing: "add a line such as: title: My feeds", empty: "write the site's title, e.g. title: My feeds"),
                     context: [.same(.string)], "The site's title."),
        ConfigOption("description", .text, context: [.same(.string)], "A description of the site."),
        ConfigOption("base_url", .siteURL, context: [.same(.string, summary: "`base_url`, without a trailing slash")],
                     "Where the site is deployed; enables `<link rel=\"canonical\">` and `sitemap.xml`."),
        ConfigOption("image", .imageURL,
                     "The image of the pages' share cards (`og:image`, a large X card): a URL, or the path of a file the site publishes "
                         + "(`assets/card.png` for `templates/assets/card.png`), made absolute with `base_url` (without one the build warns: no page gets `og:image`); "
                         + "`\"`, `<`, `>` and other characters a URL may not hold raw are percent-encoded after the host; an account's own `image` wins on its page."),
        ConfigOption("twitter_site", .handle, context: [.same(.string)],
                     "The site's X account (`twitter:site` in every page's X card metadata)."),
        ConfigOption("language", .languageTag, default: .value(.string("en")), context: [.same(.string)], "The pages' language (`<html lang>`)."),
        ConfigOption("templates", .folder, default: .value(.string("templates")), "Where the templates are."),
        ConfigOption("output", .folder, default: .value(.string("output")), "Where the site is written."),
        ConfigOption("snapshots", .folder, default: .value(.string("snapshots")),
                     "Where `feedsite fetch` keeps each account's posts (`<handle in lower case>.json`); builds read them."),
        ConfigOption("feed_size_limit", .integer(1...1000, what: "an integer from 1 to 1000 (MiB)"), default: .value(.int(10)),
                     "The most MiB (1 MiB = 1,048,576 bytes) `feedsite fetch` reads of one feed, counted after decompression."),
        ConfigOption("river_page_size", .integer(1...1000, what: "an integer from 1 to 1000"), default: .value(.int(50)),
                     "How many posts each page of the river (`latest/`, every account's posts merged) and the river's feed hold."),
        ConfigOption("river_posts", .integer(1...100_000, what: "an integer from 1 to 100000"), default: .value(.int(1000)),
                     "The most posts the river shows across all its pages (the newest)."),
        ConfigOption("intent_host", .choice(IntentHost.allCases.map(\.rawValue)), default: .value(.string(IntentHost.twitter.rawValue)),
                     "Compose links go to `https://twitter.com/intent/tweet` or `https://x.com/intent/post`."),
        ConfigOption("params", .freeForm, default: .value(.map([:])), context: [.same(.map)], "Free-form values for templates (`site.params`)."),
    ])
}
