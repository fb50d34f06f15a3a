/// One account of the site, with every option resolved (defaults applied).
package struct Account: Sendable {
    /// The handle without `@`: 1-15 of A-Z a-z 0-9 _.
    package var handle: String
    /// The display name (default: the handle).
    package var name: String
    /// An optional description shown on the pages.
    package var description: String?
    /// Free-form data handed to templates as `account.params` (defaults merged key by key).
    package var params: [String: TemplateValue]
    /// What the compose button pre-fills.
    package var compose: ComposeOptions
    /// How the embedded timeline looks and behaves.
    package var timeline: TimelineOptions
    /// Where the account's entry starts in site.yml.
    package var location: SourceLocation

    /// The folder name of the account's page: the handle in lower case.
    package var slug: String { handle.lowercased() }
}
