/// The names the river gives the page context, declared once: `river` on the river pages,
/// `accounts[].latest` (each account's newest post, for the index) and the feed names of `page`.
/// The records' schemas, the `ContextSchema` the template name checker uses and the README's rows
/// are all made from these fields.
enum RiverContext {
    /// `river`: null except on the river pages.
    static let fields: [PostsContext.Field] = [
        PostsContext.Field(name: "posts", type: "list",
                           summary: "this page's posts of every account, merged newest first (undated ones last); the fields of `account.posts`, and `account`",
                           shape: .list(postFields)),
        scalar("number", "number", "this page's number, from 1 (`latest/`, then `latest/2/`, …)"),
        scalar("page_count", "number", "how many river pages there are (`river_page_size:` posts each, at most `river_posts:` in all)"),
        scalar("previous_url", "string or null", "the newer page, relative to this one (`rel=\"prev\"`); null on the first"),
        scalar("next_url", "string or null", "the older page, relative to this one (`rel=\"next\"`); null on the last"),
    ]

    /// A river post: the post's own fields, then the account it comes from.
    static let postFields = PostsContext.postFields + [accountField]

    static let accountField = PostsContext.Field(name: "account", type: "map", summary: "the account the post comes from", shape: .record([
        scalar("name", "string", "its display name"),
        scalar("handle", "string", "its handle"),
        scalar("url", "string", "its page, relative to this one"),
    ]))

    /// `fields` as the README lists them: a river post's own fields are those of `account.posts`, listed there.
    static var documentedFields: [PostsContext.Field] {
        fields.map { field in
            field.name == "posts" ? PostsContext.Field(name: field.name, type: field.type, summary: field.summary, shape: .list([accountField])) : field
        }
    }

    /// `accounts[].latest`: the account's newest post as its page orders them, or null.
    static let latestFields: [PostsContext.Field] = [
        scalar("text", "string", "its title, else its text, shortened to 140 characters at a word (plain text: write it with `{{ }}`)"),
        scalar("url", "string or null", "its address (http or https only)"),
        scalar("published", "string or null", "as `account.posts[].published`"),
        scalar("published_display", "string or null", "as `account.posts[].published_display`"),
    ]

    /// How long `accounts[].latest.text` may be, in characters.
    static let latestLength = 140

    static let schema = TemplateRecord.Schema(fields.map(\.name))
    static let postSchema = TemplateRecord.Schema(postFields.map(\.name))
    static let accountSchema = TemplateRecord.Schema(["name", "handle", "url"])
    static let latestSchema = TemplateRecord.Schema(latestFields.map(\.name))

    /// The link from river page `from` to river page `to`, relative: `2/index.html`, `../index.html`, `../3/index.html`.
    static func link(from: Int, to: Int) -> String {
        switch (from, to) {
        case (1, _): "\(to)/index.html"
        case (_, 1): "../index.html"
        default: "../\(to)/index.html"
        }
    }

    /// The `accounts[].latest` value of an account whose newest post is `entry`.
    static func latest(_ entry: River.Entry?, posts: PostsContext) -> TemplateValue {
        guard let entry else { return .null }
        // The three values it shows, not all of the post's (callgrind, clean build of Benchmarks/posts.py
        // 1000: 52 M -> 39 M instructions for 2,000 accounts' latest posts).
        let published = posts.publishedValues(entry.post, time: .some(entry.time))
        return .record(TemplateRecord(latestSchema, [
            .string(PostExcerpt.of(entry.post, limit: latestLength) ?? ""), posts.urlValue(entry.post), published.time, published.display,
        ]))
    }

    /// The `river` value of page `number`: its posts, each naming its account with a link from `root`.
    /// `posts` gives the post values of an account's posts (its `media:` and the path to the copies).
    static func value(page number: Int, of river: River, accounts: [Account], posts: (Account) -> PostsContext) -> TemplateValue {
        let root = River.root(ofPage: number)
        let items = river.entries(onPage: number).map { entry in
            let account = accounts[entry.account]
            let owner = TemplateValue.record(TemplateRecord(accountSchema, [
                .string(account.name), .string(account.handle), .string(root + account.slug + "/index.html"),
            ]))
            return TemplateValue.record(TemplateRecord(postSchema, posts(account).postValues(entry.post) + [owner]))
        }
        let count = river.pageCount
        return .record(TemplateRecord(schema, [
            .list(items), .int(number), .int(count),
            number > 1 ? .string(link(from: number, to: number - 1)) : .null,
            number < count ? .string(link(from: number, to: number + 1)) : .null,
        ]))
    }
}

private extension RiverContext {
    static func scalar(_ name: String, _ type: String, _ summary: String) -> PostsContext.Field {
        PostsContext.Field(name: name, type: type, summary: summary, shape: .scalar)
    }
}
