/// The README's site.yml reference, written from the option tables: one Markdown table each for
/// the top level, an account and `compose` (a test compares them with the README).
enum OptionReference {
    /// The top level of site.yml: the site options, then `defaults` and `accounts`.
    static var topLevel: String {
        table(OptionTable.site, extraRows: [
            "| `defaults` | map of account options | `{}` | Options for every account (any account option except `handle` and `name`). "
                + "An account's own value wins; `compose` and `params` merge key by key. |",
            "| `accounts` | non-empty list of accounts | required | The accounts, one page each, in this order. |",
        ])
    }

    /// The keys of one account.
    static var account: String { table(.account) }

    /// The keys of an account's `compose` map.
    static var compose: String { table(.compose) }

    /// Rows of the template-context table for the fields of `table`'s options, named `prefix.name`.
    static func contextRows(_ table: OptionTable, prefix: String) -> [String] {
        table.options.flatMap { option in
            option.context.map { field in
                let nullable = field.isOptionValue && option.defaultValue.isNone
                return "| `\(prefix).\(field.name)` | \(field.kind.rawValue)\(nullable ? " or null" : "") | "
                    + "\(field.summary ?? "the `\(option.key)` option") |"
            }
        }
    }
}

private extension OptionReference {
    static func table(_ table: OptionTable, extraRows: [String] = []) -> String {
        let rows = table.options.map { option in
            var meaning = option.described
            switch option.merge {
            case .replace: break
            case .keyByKey: meaning += " Merges with `defaults` key by key."
            case .perAccount: meaning += " Set on each account, not in `defaults`."
            }
            return "| `\(option.key)` | \(option.type.reference) | \(option.defaultValue.reference) | \(meaning) |"
        }
        return (["| key | type | default | meaning |", "|---|---|---|---|"] + rows + extraRows).joined(separator: "\n")
    }
}

private extension OptionType {
    /// The type as the README's type column names it.
    var reference: String {
        switch self {
        case .text: "string"
        case .nonEmptyText: "non-empty string"
        case .label: "non-empty string (white space folded)"
        case .integer(_, let what): what.withoutArticle
        case .number(let range, let what):
            "\(what.withoutArticle), \(ConfigFieldReader.format(range.lowerBound))-\(ConfigFieldReader.format(range.upperBound))"
        case .bool: "boolean"
        case .choice(let names): names.dropLast().map { "`\($0)`" }.joined(separator: ", ") + (names.count > 1 ? " or " : "") + "`\(names.last ?? "")`"
        case .list(let item, _):
            switch item {
            case .choice: "list of \(item.reference)"
            case .handle: "list of handles"
            case .hashtag: "list of hashtags without `#`"
            default: "list of \(item.reference)"
            }
        case .freeForm: "map"
        case .httpURL: "absolute http/https URL"
        case .siteURL: "absolute http/https URL (no query, fragment or user)"
        case .imageURL: "absolute http/https URL, or a path from the site root (`assets/card.png`)"
        case .languageTag: "language tag (`en`, `pt-BR`)"
        case .folder: "folder"
        case .feedSource: "http/https URL, file path, `none` or `x-api`; may contain `{handle}`"
        case .handle: "handle (1-15 of `A-Z a-z 0-9 _`, no `@`)"
        case .accountHandle: "handle on the account's network, no `@` (X `jack`, Bluesky `alice.bsky.social`, Mastodon `alice@mastodon.social`)"
        case .hashtag: "hashtag without `#`"
        case .postID: "numeric post id"
        case .options: "map (its keys below)"
        }
    }
}

private extension OptionDefault {
    var isNone: Bool {
        if case .none = self { return true }
        return false
    }

    /// The default as the README's default column names it.
    var reference: String {
        switch self {
        case .required: "required"
        case .none: "none"
        case .derived(let text): text
        case .value(.list([])): "`[]`"
        case .value(.map([:])): "`{}`"
        case .value(let value): "`\(value.renderedText)`"
        }
    }
}

private extension ContextField {
    /// Whether the field is its option's value as set (null when the option is unset and has no default).
    var isOptionValue: Bool {
        if case .value = source { return true }
        return false
    }
}

private extension String {
    var withoutArticle: String {
        for article in ["a ", "an "] where hasPrefix(article) { return String(dropFirst(article.count)) }
        return self
    }
}
