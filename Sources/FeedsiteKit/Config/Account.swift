/// One account of the site, with every option resolved (defaults applied).
///
/// A class, not a struct: a site holds tens of thousands of accounts that are passed between
/// threads and lists, and a copy of a class reference is one retain instead of one per field.
package final class Account: Sendable {
    /// The handle without `@`: 1-15 of A-Z a-z 0-9 _.
    package let handle: String
    /// The display name (default: the handle).
    package let name: String
    /// An optional description shown on the pages.
    package let description: String?
    /// Free-form data handed to templates as `account.params` (defaults merged key by key).
    package let params: [String: TemplateValue]
    /// What the compose button pre-fills.
    package let compose: ComposeOptions
    /// How the embedded timeline looks and behaves.
    package let timeline: TimelineOptions
    /// Where the account's entry starts in site.yml.
    package let location: SourceLocation
    /// The folder name of the account's page: the handle in lower case.
    package let slug: String

    /// Creates an account from resolved options.
    package init(handle: String, name: String, description: String?, params: [String: TemplateValue], compose: ComposeOptions,
                 timeline: TimelineOptions, location: SourceLocation) {
        self.handle = handle
        self.name = name
        self.description = description
        self.params = params
        self.compose = compose
        self.timeline = timeline
        self.location = location
        slug = handle.lowercased()
    }
}
