import FeedsiteKit

/// `feedsite posts SOURCE`: reads one feed and prints the posts feedsite keeps from it.
struct PostsCommand: Command {
    static let spec = CommandSpec("posts", "Read one feed (RSS, Atom or JSON Feed) and print the posts feedsite keeps from it.", arguments: "SOURCE", options: [
        .value("format", "text|json", "text (default): for people; json: one JSON document."),
        .value("limit", "N", "Print at most the first N posts (default: all)."),
    ], details: """
        SOURCE is a feed file. Feeds on the web are read by 'feedsite fetch', which keeps a snapshot of each account's feed.
        Posts are printed in the feed's own order; warnings about what was read despite mistakes go to stderr (text)
        or into "problems" (json).

        Exit status: 0 the feed was read (warnings allowed), 1 it could not be read, 2 bad usage or an unreadable file.
        """)

    let source: String
    let format: OutputFormat
    let limit: Int?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let source = arguments.positionals.first else {
            throw UsageError(message: "missing the feed to read", hint: "feedsite posts feed.xml")
        }
        if source.contains("://") {
            throw UsageError(message: "'\(source)' is a URL; 'feedsite posts' reads feed files",
                             hint: "feeds on the web are read by 'feedsite fetch'; save the feed to a file to read it here")
        }
        self.source = source
        format = try OutputFormat(arguments)
        if let text = arguments.values["limit"] {
            guard let value = Int(text), value >= 1 else {
                throw UsageError(message: "--limit expects a whole number of at least 1, found '\(text)'")
            }
            limit = value
        } else {
            limit = nil
        }
    }

    func run(_ console: Console) throws -> ExitCode {
        var feed: Feed
        do {
            let bytes = try FileInput.read(source, purpose: "an RSS, Atom or JSON feed")
            feed = try FeedReader.read(bytes, source: source)
        } catch {
            if format == .json { console.out(document: DiagnosticRenderer().json(InternalError.userFacing(error))) }
            throw error
        }
        if let limit { feed.posts = Array(feed.posts.prefix(limit)) }
        switch format {
        case .json:
            console.out(document: FeedJSON.document(feed, source: source))
        case .text:
            console.report(feed.problems)
            console.out(Self.text(feed))
        }
        return .success
    }
}

private extension PostsCommand {
    /// The feed for people: a heading, then each post's date, title, link, text and media.
    static func text(_ feed: Feed) -> String {
        var text = "\(feed.title ?? "(untitled)") (\(feed.format.rawValue))"
        if let link = feed.link { text += " \(link)" }
        text += "\n\(feed.posts.count) post\(feed.posts.count == 1 ? "" : "s")\n"
        for post in feed.posts {
            text += "\n\(post.published ?? post.updated ?? "(no date)")  \(post.title ?? post.id)\n"
            if let url = post.url { text += "  \(url)\n" }
            if let author = post.author { text += "  by \(author)\n" }
            if !post.text.isEmpty { text += "  \(post.text.count > 280 ? post.text.prefix(279) + "…" : post.text)\n" }
            for media in post.media { text += "  media: \(media.url)\(media.alt.map { " (\($0))" } ?? "")\n" }
        }
        return text
    }
}
