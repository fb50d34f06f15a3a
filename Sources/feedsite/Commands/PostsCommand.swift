import FeedsiteKit

/// `feedsite posts SOURCE`: reads one feed and prints the posts feedsite keeps from it.
struct PostsCommand: Command {
    static let spec = CommandSpec("posts", "Read one feed (RSS, Atom or JSON Feed) and print the posts feedsite keeps from it.", arguments: "SOURCE", options: [
        .value("format", "text|json", "text (default): for people; json: one JSON document."),
        .value("limit", "N", "Print at most the first N posts (default: all)."),
        .value("timeout", "SECONDS", "The most time reading a URL may take in all (default: 30)."),
    ], details: """
        SOURCE is a feed file, an http(s) URL (read like 'feedsite fetch' reads it: same limits, --timeout
        SECONDS, default 30) or - for standard input.
        Posts are printed in the feed's own order; warnings about what was read despite mistakes go to stderr (text)
        or into "problems" (json).

        Exit status: 0 the feed was read (warnings allowed), 1 it could not be read as a feed, 2 bad usage, or a file
        or URL that could not be read at all.
        """)

    let source: String
    let format: OutputFormat
    let limit: Int?
    /// How a URL is read: `feedsite fetch`'s limits.
    var limits = FetchLimits()

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let source = arguments.positionals.first else {
            throw UsageError(message: "missing the feed to read", hint: "feedsite posts feed.xml")
        }
        if source.contains("://"), !HTTPURLSyntax.isHTTP(source) {
            throw UsageError(message: "'\(HTTPURLSyntax.redacted(source))' is not an http or https URL",
                             hint: "feedsite posts reads a feed file, an http(s) URL or - (standard input)")
        }
        self.source = source
        if let text = arguments.values["timeout"] {
            guard let seconds = Double(text), seconds >= 0.1, seconds <= 3600 else {
                throw UsageError(message: "--timeout expects a number of seconds from 0.1 to 3600, found '\(text)'")
            }
            limits.timeout = seconds
            limits.connectTimeout = min(seconds, limits.connectTimeout)
        }
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
            feed = try read()
        } catch {
            if format == .json { console.out(document: DiagnosticRenderer().json(InternalError.userFacing(error))) }
            throw error
        }
        if let limit { feed.posts = Array(feed.posts.prefix(limit)) }
        switch format {
        case .json:
            console.out(document: FeedJSON.document(feed, source: HTTPURLSyntax.redacted(source)))
        case .text:
            console.report(feed.problems)
            console.out(Self.text(feed))
        }
        return .success
    }
}

private extension PostsCommand {
    /// What messages call standard input.
    static let standardInput = "<stdin>"

    /// The feed at `source`: a URL through the fetch layer, `-` from standard input, else a file.
    func read() throws -> Feed {
        if HTTPURLSyntax.isHTTP(source) {
            let body = try FeedDownload.body(of: source, limits: limits)
            // Relative links resolve against where the feed was found, after redirects.
            return try FeedReader.read(body.bytes, source: HTTPURLSyntax.redacted(body.url), contentType: body.contentType)
        }
        guard source == "-" else {
            return try FeedReader.read(try FileInput.read(source, purpose: "an RSS, Atom or JSON feed"), source: source)
        }
        let bytes: [UInt8]
        do {
            bytes = try FileInput.read("/dev/stdin", purpose: "an RSS, Atom or JSON feed", limit: limits.maximumBytes)
        } catch {
            throw InputError(Self.standardInput + error.message.dropFirst("/dev/stdin".count),
                             hint: "pipe a feed in: curl -s https://example.com/feed.xml | feedsite posts -")
        }
        return try FeedReader.read(bytes, source: Self.standardInput)
    }

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
