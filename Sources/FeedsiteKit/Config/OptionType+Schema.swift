/// Each option type as JSON Schema keywords: what the decoder accepts, as closely as a schema can say
/// it. Text is a string (`title: 2024` is refused by both, `title: "2024"` accepted), without the
/// control characters the decoder refuses (`ControlCharacters.firstRefused`); a pattern never refuses
/// what the decoder accepts.
extension OptionType {
    /// The keywords (`type`, `enum`, `minimum`, `pattern`, …) for a value of this type.
    var schemaMembers: [(key: String, value: JSONSchemaValue)] {
        switch self {
        case .text: [("type", .string("string"))] + Self.patterns([Self.freeText])
        case .nonEmptyText, .label: [("type", .string("string"))] + Self.patterns([Self.notOnlySpaces, Self.freeText])
        case .integer(let range, _): [("type", .string("integer")), ("minimum", .int(range.lowerBound)), ("maximum", .int(range.upperBound))]
        case .number(let range, _): [("type", .string("number")), ("minimum", .double(range.lowerBound)), ("maximum", .double(range.upperBound))]
        case .bool: [("type", .string("boolean"))]
        case .choice(let names): [("type", .string("string")), ("enum", .array(names.map(JSONSchemaValue.string)))]
        case .list(let item, _): [("type", .string("array")), ("items", .object(item.schemaMembers))]
        case .freeForm: [("type", .string("object")), ("$ref", .string(SiteSchema.templateValueReference))]
        case .httpURL: [("type", .string("string")), ("format", .string("uri"))] + Self.patterns([HTTPURLSyntax.pattern, Self.name])
        case .siteURL: [("type", .string("string")), ("format", .string("uri"))] + Self.patterns([HTTPURLSyntax.siteURLPattern, Self.name])
        case .imageURL:
            [("type", .string("string")), ("pattern", .string(Self.name)),
             ("anyOf", .array([.object([("pattern", .string(HTTPURLSyntax.pattern))]),
                               .object([("not", .object([("pattern", .string(Self.imageScheme))])), ("pattern", .string(Self.imagePath))])]))]
        case .languageTag: [("type", .string("string")), ("pattern", .string("^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$"))]
        case .folder: [("type", .string("string"))] + Self.patterns([Self.path, Self.name])
        case .feedSource:
            [("type", .string("string")), ("allOf", .array([Self.path, Self.name, Self.placeholders].map { .object([("pattern", .string($0))]) })),
             ("anyOf", .array([.object([("not", .object([("pattern", .string(Self.schemePrefix))]))]),
                               .object([("pattern", .string(HTTPURLSyntax.feedPattern))])]))]
        case .handle: [("type", .string("string")), ("pattern", .string(Network.x.handlePattern))]
        case .accountHandle: [("type", .string("string")), ("minLength", .int(1)), ("pattern", .string(Self.name))]
        case .hashtag: [("type", .string("string")), ("pattern", .string(HashtagSyntax.pattern))]
        case .postID:
            [("type", Self.textOrInteger), ("pattern", .string("^" + DecimalPattern.atMost(Int.max) + "$")), ("minimum", .int(0)), ("maximum", .int(Int.max))]
        case .options(let table):
            [("type", .string("object")), ("properties", .object(table.options.map { ($0.key, SiteSchema.property($0)) })),
             ("additionalProperties", .bool(false))]
        }
    }

    /// Values the decoder accepts, for editors to offer (and for the test that decodes every example).
    var examples: [JSONSchemaValue]? {
        switch self {
        case .text: [.string("Timelines of a few accounts")]
        case .nonEmptyText: [.string("Feeds worth following")]
        case .label: [.string("News")]
        case .integer(let range, _): [.int(range.lowerBound)] + (range.upperBound == .max ? [] : [.int(range.upperBound)])
        case .number(let range, _): [.double(range.lowerBound), .double(range.upperBound)]
        case .bool: [.bool(true), .bool(false)]
        case .choice(let names): names.map(JSONSchemaValue.string)
        case .list(let item, _): item.examples.map { [.array($0)] }
        case .freeForm: [.object([("footer_note", .string("Made with care"))])]
        case .httpURL: [.string("https://example.com/page")]
        case .siteURL: [.string("https://example.com/feeds")]
        case .imageURL: [.string("https://example.com/card.png"), .string("assets/card.png")]
        case .languageTag: [.string("en"), .string("pt-BR")]
        case .folder: [.string("site/output")]
        case .feedSource: [.string("https://bridge.example/{handle}.rss"), .string("feeds/{handle}.xml"), .string("none")]
        case .handle: [.string(Network.x.exampleHandle)]
        case .accountHandle: Network.allCases.map { .string($0.exampleHandle) }
        case .hashtag: [.string("swift"), .string("café_2024")]
        case .postID: [.string("1234567890")]
        case .options: nil
        }
    }
}

extension [(key: String, value: JSONSchemaValue)] {
    /// The same keywords, with null admitted too (an option left empty is unset).
    var nullable: Self {
        map { member in
            switch (member.key, member.value) {
            case ("type", .string(let type)): ("type", .array([.string(type), .string("null")]))
            case ("type", .array(let types)): ("type", .array(types + [.string("null")]))
            case ("enum", .array(let names)): ("enum", .array(names + [.null]))
            default: member
            }
        }
    }
}

private extension OptionType {
    /// Digits as text, or written as a number (`in_reply_to: 1234567890`).
    static let textOrInteger = JSONSchemaValue.array([.string("string"), .string("integer")])
    /// A free text: no control character but tab and line feed.
    static let freeText = ControlCharacters.allowedPattern(lineBreaks: true)
    /// Any other text (a URL, a path, a name): no control character at all.
    static let name = ControlCharacters.allowedPattern(lineBreaks: false)

    /// `pattern` for one pattern, else `allOf` of one `pattern` each (a schema object holds one `pattern`).
    static func patterns(_ patterns: [String]) -> [(key: String, value: JSONSchemaValue)] {
        patterns.count == 1 ? [("pattern", .string(patterns[0]))] : [("allOf", .array(patterns.map { .object([("pattern", .string($0))]) }))]
    }
    /// Something besides the spaces `trimmingSpaces` removes.
    static let notOnlySpaces = "[^ \\t\\r\\n]"
    /// A folder or file: something besides spaces, no `~` first (only a shell expands it), no NUL.
    static let path = "^(?:[^ \\t\\r\\n~\\u0000]|[ \\t\\r\\n]+[^ \\t\\r\\n\\u0000])[^\\u0000]*$"
    /// Every `{` opens `{handle}`, the one placeholder.
    static let placeholders = "^(?:[^{]|\\{handle\\})*$"
    /// A feed that starts with a scheme (`FeedSource.schemePrefix`, `{handle}` included) must be an http(s) URL.
    static let schemePrefix = "^[A-Za-z{][A-Za-z0-9+.{}-]*:"
    /// A URL scheme first (`ImageReference.hasScheme`): then an `image` must be an http(s) URL.
    static let imageScheme = "^[A-Za-z][A-Za-z0-9+.-]*:"
    /// A path from the site's root as `ImageReference.pathProblem` allows it: not `//` first, no
    /// `.` or `..` segment, no space, control character, backslash, `?` or `#`, no `/` last.
    static let imagePath = "^(?!//)(?!\\.\\.?(?:/|$))(?!.*/\\.\\.?(?:/|$))[^\\s\\\\?#\\u0000-\\u001f\\u007f]*[^\\s\\\\?#/\\u0000-\\u001f\\u007f]$"
}
