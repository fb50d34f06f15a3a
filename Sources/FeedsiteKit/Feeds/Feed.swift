/// A feed as feedsite reads it: what kind it is, its title and link, its posts in the feed's order,
/// and what had to be worked around to read it.
package struct Feed: Sendable, Equatable {
    /// RSS, Atom, RSS 1.0 or JSON Feed.
    package var format: FeedFormat
    /// The feed's title, as plain text.
    package var title: String?
    /// The site the feed belongs to (absolute URL).
    package var link: String?
    /// The posts, in the feed's order, duplicates (same id) left out after the first.
    package var posts: [Post]
    /// Warnings about what was read the way a reader would despite being wrong (undefined entities,
    /// broken XML that was recovered, dates that could not be read, ...), sorted by position.
    package var problems: [Diagnostic]

    /// Creates a feed.
    package init(format: FeedFormat, title: String? = nil, link: String? = nil, posts: [Post] = [], problems: [Diagnostic] = []) {
        self.format = format
        self.title = title
        self.link = link
        self.posts = posts
        self.problems = problems
    }
}
