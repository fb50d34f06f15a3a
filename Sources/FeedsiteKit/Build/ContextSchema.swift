/// The shape of the documented page context, for finding template names that can never resolve.
indirect enum ContextSchema: Sendable {
    case map([String: ContextSchema])
    case list(ContextSchema)
    case scalar
    /// Free-form data (`params`): any name may resolve.
    case any

    /// The context every page template sees.
    static let page: ContextSchema = .map([
        "site": .map(fields(of: .site)),
        "account": .map(fields(of: .account).merging(schemas(PostsContext.fields)) { option, _ in option }
            .merging(["latest": .map(schemas(RiverContext.latestFields))]) { option, _ in option }),
        "accounts": accountsList,
        "groups": .list(.map(["name": .scalar, "accounts": accountsList])),
        "root": .scalar,
        "page": .map(Dictionary(uniqueKeysWithValues: (["path", "canonical_url", "feed_url", "feed_title", "csp", "river_url", "name"]
                                                        + PageContext.shareFieldNames).map { ($0, ContextSchema.scalar) })),
        "generator": .map(["name": .scalar, "version": .scalar]),
        "river": .map(schemas(RiverContext.fields)),
        "data": .any,
    ])

    /// The page context of a site whose data files (`data`, as `DataFiles.load` reads them) are known:
    /// `data` holds exactly their names and, for a file that is a map, exactly its keys (what is below
    /// them is free-form), so `data.NAME` with an unknown name or key is found like any other name.
    static func page(data: TemplateValue) -> ContextSchema {
        guard case .map(var fields) = page, case .map(let files) = data else { return page }
        fields["data"] = .map(files.mapValues { file -> ContextSchema in
            if case .map(let keys) = file { .map(keys.mapValues { _ in ContextSchema.any }) } else { .any }
        })
        return .map(fields)
    }

    /// `accounts` (and `groups[].accounts`): as `account`, without `posts`, with `url` and `current` (see `AccountEntries`).
    static let accountsList: ContextSchema = .list(.map(fields(of: .account).merging(schemas(AccountEntries.itemPostsFields)) { option, _ in option }
        .merging(["latest": .map(schemas(RiverContext.latestFields)), "url": .scalar, "current": .scalar]) { option, _ in option }))

    /// The context fields of a table's options: free-form maps admit any name below them.
    static func fields(of table: OptionTable) -> [String: ContextSchema] {
        Dictionary(uniqueKeysWithValues: table.contextFields.map { ($0.field.name, $0.field.kind == .map ? .any : .scalar) })
    }

    /// The schemas of the snapshot's fields, as `PostsContext` declares them.
    static func schemas(_ fields: [PostsContext.Field]) -> [String: ContextSchema] {
        Dictionary(uniqueKeysWithValues: fields.map { field in
            switch field.shape {
            case .scalar: (field.name, .scalar)
            case .list(let items): (field.name, .list(.map(schemas(items))))
            case .record(let members): (field.name, .map(schemas(members)))
            }
        })
    }

    /// README rows for `fields` under `prefix` (`account.posts[].media[].alt`).
    static func rows(_ fields: [PostsContext.Field], prefix: String) -> [String] {
        fields.flatMap { field -> [String] in
            let name = prefix + "." + field.name
            let row = "| `\(name)` | \(field.type) | \(field.summary) |"
            switch field.shape {
            case .scalar: return [row]
            case .list(let items): return [row] + rows(items, prefix: name + "[]")
            case .record(let members): return [row] + rows(members, prefix: name)
            }
        }
    }

    /// The README's template-context table: the option tables' fields, then the rest of the page context.
    static var markdownTable: String {
        let rows = OptionReference.contextRows(.site, prefix: "site") + OptionReference.contextRows(.account, prefix: "account")
            + rows(PostsContext.fields, prefix: "account") + [
            "| `account.latest` | map or null | the account's newest post, as `accounts[].latest` |",
            "| `accounts` | list | every account in site.yml order; each item holds every name `account` holds on the account's page but `posts` (`accounts[].description`, `accounts[].compose_url`, `accounts[].params`, `accounts[].has_posts`, `accounts[].snapshot`, …), and: |",
            "| `accounts[].url` | string | the account's page, relative to the current page |",
            "| `accounts[].current` | boolean | true on the account's own page |",
            "| `accounts[].latest` | map or null | the account's newest post; null when it has none |",
        ] + rows(RiverContext.latestFields, prefix: "accounts[].latest") + [
            "| `groups` | list | the accounts by `group`: one item per group in the order of its first account in site.yml, then, when any account has no group, a last item with a null `name`; empty when no account has a group |",
            "| `groups[].name` | string or null | the group's name; null for the accounts without a group |",
            "| `groups[].accounts` | list | the group's accounts, items as in `accounts` |",
        ] + [
            "| `root` | string | the relative path from the page to the site root, with a trailing slash (`./`, `../`) |",
            "| `page.path` | string | the page's path in the output |",
            "| `page.canonical_url` | string or null | the page's canonical URL when `base_url` is set |",
            "| `page.feed_url` | string or null | the page's Atom feed, relative to it (`feed.xml` on an account page with a snapshot, the river's on the index and river pages); null without `base_url` |",
            "| `page.feed_title` | string or null | that feed's title |",
            "| `page.csp` | string | the page's Content Security Policy, for `<meta http-equiv=\"Content-Security-Policy\">` (see [Content Security Policy](#content-security-policy)) |",
            "| `page.river_url` | string or null | the first river page (every account's posts), relative to the page (`latest/index.html` on the index); null when the site has no `latest.html` template |",
            "| `page.name` | string or null | on an extra page (`templates/pages/NAME.html`), its NAME (`about`); null on the others |",
            "| `page.description` | string | for `og:description`: on an account page the account's `description`, else the site's, else `NAME (@HANDLE) on NETWORK`; on the others the site's `description`, else its `title` |",
            "| `page.og_type` | string | `profile` on account pages, `website` on the others |",
            "| `page.image` | string or null | the absolute URL of the share card image: the account's `image`, else the site's; a path is made absolute with `base_url` (null without one) |",
            "| `page.twitter_card` | string | `summary_large_image` when the page has an `image`, else `summary` |",
            "| `page.favicon`, `page.favicon_type` | string or null | the site icon relative to the page and its media type: the first of `favicon.svg`, `favicon.ico` and `icon.png` in `templates/assets/`, else at the top of `static/`; null when there is none |",
            "| `generator.name`, `generator.version` | string | `feedsite` and its version |",
            "| `river` | map or null | on the river pages (`templates/latest.html`); null on the others |",
        ] + rows(RiverContext.documentedFields, prefix: "river") + [
            "| `data.NAME` | any | the data file `data/NAME.yml` or `data/NAME.json` beside site.yml (see [Data files](#data-files)) |",
        ]
        return (["| name | type | what it holds |", "|---|---|---|"] + rows).joined(separator: "\n")
    }

    /// Every dotted name reachable from here, for suggestions.
    func names(prefix: String = "", depth: Int = 3) -> [String] {
        guard depth > 0, case .map(let fields) = self else { return [] }
        var result: [String] = []
        for (key, value) in fields {
            let name = prefix.isEmpty ? key : prefix + "." + key
            result.append(name)
            result += value.names(prefix: name, depth: depth - 1)
        }
        return result
    }
}
