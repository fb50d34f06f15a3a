/// What an option accepts in site.yml. The decoder validates by it, the README's type column is
/// written from it, and a JSON Schema can be made from it: every case carries its ranges and choices.
enum OptionType: Sendable {
    /// A free text: a string (`85` is a number, `"85"` the text; see `ConfigFieldReader.text`), which
    /// may hold tabs and line feeds but no other control character.
    case text
    /// Text with something besides spaces.
    case nonEmptyText
    /// A non-empty text that names something accounts share (a `group`), read with its white space
    /// folded: none before or after, each run inside one space (`String.foldingSpaces`), so that
    /// ` News ` and `News  Feeds` name the groups `News` and `News Feeds`.
    case label
    /// An integer within the range; `what` names it in "expected …" messages. A decimal without a
    /// fraction (`1.0`, `1e2`) is that integer, as JSON Schema counts it.
    case integer(ClosedRange<Int>, what: String)
    /// An integer or decimal within the range; `what` names it in "expected …" messages.
    case number(ClosedRange<Double>, what: String)
    /// `true` or `false`.
    case bool
    /// One of these names.
    case choice([String])
    /// A list of items of one type; `unique` keeps each value once (a repeat is dropped, not an error).
    indirect case list(OptionType, unique: Bool)
    /// Free-form values for templates: any map.
    case freeForm
    /// An absolute http or https URL, kept as written.
    case httpURL
    /// The address a site is deployed at: an absolute http or https URL without user name, password,
    /// query or fragment, with a valid host (`HostSyntax`), no backslash and no `.` or `..` segment; the
    /// scheme and host are lower-cased, a default port dropped, the path percent-encoded and trailing
    /// slashes removed (`HTTPURLSyntax.siteAddress`).
    case siteURL
    /// An image for share cards (`og:image`): an absolute http or https URL, or a path from the
    /// site's root (`assets/card.png`) that pages make absolute with `base_url`; kept as written.
    case imageURL
    /// A BCP 47 language tag such as `en`, `de-CH` or `zh-Hant`.
    case languageTag
    /// A folder, relative to the folder that holds site.yml; the value is the resolved path.
    case folder
    /// Where an account's posts come from: an absolute http or https URL, or a file path relative to
    /// site.yml, either of which may contain `{handle}`; `none` for no feed. Kept as written.
    case feedSource
    /// An X handle without `@`: 1-15 of A-Z a-z 0-9 _.
    case handle
    /// An account's handle on its network (`Network.handleProblem`), checked once the account's
    /// `network` is known.
    case accountHandle
    /// A hashtag without `#`: letters, digits and `_` (`HashtagSyntax`).
    case hashtag
    /// The numeric id of a post: 1 to 19 digits, at most 2^63 - 1, as text or a YAML integer.
    case postID
    /// A map of options of its own (such as `compose`), each declared in the table.
    case options(OptionTable)
}
