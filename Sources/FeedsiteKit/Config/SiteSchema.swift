/// The JSON Schema (draft 2020-12) of site.yml, made from the option tables, so that editors that
/// read it (VS Code's YAML extension, any YAML language server) complete and check site.yml as
/// feedsite's decoder does. An option added to a table is in the schema without further work.
package enum SiteSchema {
    /// The schema's file name, beside site.yml.
    package static let fileName = "site.schema.json"
    /// The first line of a site.yml that points the YAML language server at the schema.
    package static let modeline = "# yaml-language-server: $schema=\(fileName)"
    /// The dialect.
    static let draft = "https://json-schema.org/draft/2020-12/schema"
}

extension SiteSchema {
    /// The schema.
    package static var document: JSONSchemaValue {
        .object([
            ("$schema", .string(draft)),
            ("title", .string("feedsite site.yml")),
            ("description", .string("The configuration of a feedsite site: the site's options, `defaults` for every account, and `accounts`.")),
            ("type", .string("object")),
            ("properties", .object(OptionTable.site.options.map { ($0.key, property($0)) } + [
                ("defaults", defaults),
                ("accounts", accounts),
            ])),
            ("required", .array((OptionTable.site.options.filter(\.isRequired).map(\.key) + ["accounts"]).map(JSONSchemaValue.string))),
            ("additionalProperties", .bool(false)),
            ("allOf", .array(Network.allCases.map(defaultNetworkRule) + inheritedXAPIFeedRules)),
            ("$defs", .object([(templateValueName, templateValue)])),
        ])
    }

    /// Where `params` finds the schema of its values.
    static let templateValueReference = "#/$defs/\(templateValueName)"

    /// The schema as a file's text.
    package static var text: String { document.text }

    /// The property schema of `option`: its type, its default, what it means, examples. An option
    /// that may be left empty (unset) also admits null, as the decoder does.
    static func property(_ option: ConfigOption) -> JSONSchemaValue {
        var members = option.type.schemaMembers
        if !option.isRequired { members = members.nullable }
        var description = option.described
        switch option.defaultValue {
        case .value(let value): members.append(("default", JSONSchemaValue(value)))
        case .derived(let what): description += " Default: \(what)."
        case .required: description += " Required."
        case .none: break
        }
        members.append(("description", .string(description.withoutBackticks)))
        members.append(("markdownDescription", .string(description)))
        if case .value(let value) = option.defaultValue, !value.isEmptyCollection {
            members.append(("examples", .array([JSONSchemaValue(value)])))
        } else if let examples = option.type.examples {
            members.append(("examples", .array(examples)))
        }
        return .object(members)
    }

    /// The keys `defaults` accepts: every account option but those each account sets itself.
    static var sharedAccountOptions: [ConfigOption] {
        OptionTable.account.options.filter { $0.merge != .perAccount }
    }
}

private extension SiteSchema {
    static let templateValueName = "template_value"

    /// A value of `params`, at any depth: its texts free texts, its keys names, as the decoder checks them
    /// (`pattern` holds for strings only, `items` for lists, the rest for maps).
    static var templateValue: JSONSchemaValue {
        .object([
            ("pattern", .string(ControlCharacters.allowedPattern(lineBreaks: true))),
            ("items", .object([("$ref", .string(templateValueReference))])),
            ("propertyNames", .object([("pattern", .string(ControlCharacters.allowedPattern(lineBreaks: false)))])),
            ("additionalProperties", .object([("$ref", .string(templateValueReference))])),
        ])
    }

    static var defaults: JSONSchemaValue {
        .object([
            ("type", .array([.string("object"), .string("null")])),
            ("description", .string("Options for every account; an account's own value wins, compose and params merge key by key.")),
            ("properties", .object(sharedAccountOptions.map { ($0.key, property($0)) })),
            ("additionalProperties", .bool(false)),
        ])
    }

    static var accounts: JSONSchemaValue {
        .object([
            ("type", .string("array")),
            ("description", .string("The accounts, one page each.")),
            ("minItems", .int(1)),
            ("maxItems", .int(SiteConfigDecoder.maximumAccounts)),
            ("items", account),
        ])
    }

    static var account: JSONSchemaValue {
        .object([
            ("type", .string("object")),
            ("properties", .object(OptionTable.account.options.map { ($0.key, property($0)) })),
            ("required", .array(OptionTable.account.options.filter(\.isRequired).map { .string($0.key) })),
            ("additionalProperties", .bool(false)),
            ("allOf", .array(Network.allCases.map { network in
                .object([
                    ("if", .object([("properties", .object([("network", .object([("const", .string(network.rawValue))]))])),
                                    ("required", .array([.string("network")]))])),
                    ("then", rules(of: network)),
                ])
            })),
        ])
    }

    /// An account without `network` (or with `network:` left empty) lives where `defaults` says, or on
    /// X when `defaults` names none (or leaves it empty): each such account follows that network's rules.
    static func defaultNetworkRule(_ network: Network) -> JSONSchemaValue {
        // `properties` holds when `defaults` or its `network` is absent, or `defaults` is no map: X's case.
        let defaultsCondition: JSONSchemaValue = network == .x
            ? .object([("properties", .object([("network", .object([("enum", .array([.string(network.rawValue), .null]))]))]))])
            : .object([("type", .string("object")), ("required", .array([.string("network")])),
                       ("properties", .object([("network", .object([("const", .string(network.rawValue))]))]))])
        let condition: [(key: String, value: JSONSchemaValue)] = [("properties", .object([("defaults", defaultsCondition)]))]
        return .object([
            ("if", .object(network == .x ? condition : [("required", .array([.string("defaults")]))] + condition)),
            ("then", eachAccount(if: withoutNetwork, then: rules(of: network))),
        ])
    }

    /// `feed: x-api` in `defaults` reaches every account without a feed of its own; on Bluesky or Mastodon,
    /// where it cannot be, each account needs its own `feed` (an account's own `x-api` is in `rules(of:)`).
    static var inheritedXAPIFeedRules: [JSONSchemaValue] {
        let others = Network.allCases.filter { $0 != .x }
        let setsXAPI: [(key: String, value: JSONSchemaValue)] = [("type", .string("object")), ("required", .array([.string("feed")])),
                                                                 ("properties", .object([("feed", .object([("const", .string(FeedSource.xAPIKeyword))]))]))]
        let ownFeed = JSONSchemaValue.object([("required", .array([.string("feed")]))])
        let onOtherNetwork = JSONSchemaValue.object([("required", .array([.string("network")])),
                                                     ("properties", .object([("network", .object([("enum", .array(others.map { .string($0.rawValue) }))]))]))])
        var rules = [JSONSchemaValue.object([
            ("if", .object([("required", .array([.string("defaults")])), ("properties", .object([("defaults", .object(setsXAPI))]))])),
            ("then", eachAccount(if: onOtherNetwork, then: ownFeed)),
        ])]
        for network in others {
            let defaults = JSONSchemaValue.object(setsXAPI.map { member in
                member.key == "required" ? ("required", .array([.string("feed"), .string("network")]))
                    : member.key == "properties" ? ("properties", .object([("feed", .object([("const", .string(FeedSource.xAPIKeyword))])),
                                                                           ("network", .object([("const", .string(network.rawValue))]))]))
                    : member
            })
            rules.append(.object([
                ("if", .object([("required", .array([.string("defaults")])), ("properties", .object([("defaults", defaults)]))])),
                ("then", eachAccount(if: withoutNetwork, then: ownFeed)),
            ]))
        }
        return rules
    }

    /// An account whose `network` is absent or empty.
    static let withoutNetwork = JSONSchemaValue.object([("properties", .object([("network", .object([("type", .string("null"))]))]))])

    /// A top-level rule: every account for which `condition` holds satisfies `rule`.
    static func eachAccount(if condition: JSONSchemaValue, then rule: JSONSchemaValue) -> JSONSchemaValue {
        .object([("properties", .object([("accounts", .object([("items", .object([("if", condition), ("then", rule)]))]))]))])
    }

    /// What an account on `network` must satisfy: its handle's syntax (and no name the build keeps for
    /// itself), only X's compose options on X, and `feed: x-api` only on X.
    static func rules(of network: Network) -> JSONSchemaValue {
        var handle: [(key: String, value: JSONSchemaValue)] = [("type", .string("string")), ("pattern", .string(network.handlePattern))]
        if network == .bluesky { handle.append(("maxLength", .int(DomainNameSyntax.maximumLength))) }
        let refused = [network.refusedHandlePattern, TopLevelOutputNames.pattern].compactMap { $0 }
        handle.append(("not", .object([("pattern", .string(refused.map { "(?:\($0))" }.joined(separator: "|")))])))
        var properties: [(key: String, value: JSONSchemaValue)] = [("handle", .object(handle))]
        if network != .x {
            let forbidden = OptionTable.compose.keys.filter(SiteConfigDecoder.xOnlyComposeKeys.contains).map { ($0, JSONSchemaValue.bool(false)) }
            properties.append(("compose", .object([("properties", .object(forbidden))])))
            properties.append(("feed", .object([("not", .object([("const", .string(FeedSource.xAPIKeyword))]))])))
        }
        return .object([("properties", .object(properties))])
    }
}

private extension TemplateValue {
    var isEmptyCollection: Bool {
        switch self {
        case .list(let items): items.isEmpty
        case .map(let entries): entries.isEmpty
        default: false
        }
    }
}

private extension String {
    var withoutBackticks: String { filter { $0 != "`" } }
}
