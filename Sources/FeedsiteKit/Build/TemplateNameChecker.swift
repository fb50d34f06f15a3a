/// Walks templates as the build will render them and reports names that can never resolve in the
/// documented page context (warnings with "did you mean") and partials that do not exist (errors).
struct TemplateNameChecker {
    let partials: TemplateLibrary
    /// The errors and warnings found, in the order found; a warning about a name used again in the same
    /// template says how many further uses it stands for.
    var diagnostics: [Diagnostic] {
        found.enumerated().map { index, diagnostic in
            guard let more = furtherUses[index] else { return diagnostic }
            var amended = diagnostic
            amended.message += " (and \(Self.grouped(more)) more use\(more == 1 ? "" : "s"))"
            return amended
        }
    }
    private var found: [Diagnostic] = []
    /// Whether any template reachable from the checked one uses `accounts` (or `groups`, made from it).
    private(set) var usesAccounts = false
    private var reported = Set<SourceLocation>()
    /// The uses already counted, by template and offset (a partial included twice is walked twice).
    private var seenUses = Set<TemplateUse>()
    /// Where in `found` the warning about an unknown name of a template is, by template and name.
    private var unknownNames: [TemplateUse: Int] = [:]
    /// How many uses beyond the first each warning of `found` (by index) stands for.
    private var furtherUses: [Int: Int] = [:]

    /// The context every page starts from: `ContextSchema.page`, or `ContextSchema.page(data:)` when the data files are known.
    let page: ContextSchema

    init(partials: TemplateLibrary, page: ContextSchema = .page) {
        self.partials = partials
        self.page = page
    }

    /// Checks `template` and everything it includes, starting from the page context.
    mutating func check(_ template: Template) {
        var visiting = Set<String>()
        walk(template.nodes, in: template, scopes: [page], visiting: &visiting)
    }
}

private extension TemplateNameChecker {
    mutating func walk(_ nodes: [TemplateNode], in template: Template, scopes: [ContextSchema], visiting: inout Set<String>) {
        for node in nodes {
            switch node {
            case .text:
                break
            case .variable(let name, _, let offset) where TemplateHelper(name) != nil && !isResolvable(name, scopes: scopes):
                helperOutsideSection(name, at: offset, in: template)
            case .variable(let name, _, let offset):
                _ = resolve(name, scopes: scopes, at: offset, in: template)
            case .section(let section) where section.inverted && TemplateHelper(section.name) != nil
                && !isResolvable(section.name, scopes: scopes):
                helperOutsideSection(section.name, at: section.offset, in: template)
                walk(section.children, in: template, scopes: scopes, visiting: &visiting)
            case .section(let section) where Self.isBadTruncate(section.name) && !isResolvable(section.name, scopes: scopes):
                let location = template.location(of: section.offset)
                if reported.insert(location).inserted {
                    found.append(Diagnostic(.error, at: location,
                        "'\(section.name)' is not a valid helper: the N of truncate_N must be a whole number from 1 to \(TemplateHelper.maximumLength) without leading zeros",
                        hint: "write a length such as {{#truncate_80}}…{{/truncate_80}}"))
                }
                walk(section.children, in: template, scopes: scopes, visiting: &visiting)
            case .section(let section) where TemplateHelper(section.name) != nil && !isResolvable(section.name, scopes: scopes):
                // A helper (`{{#truncate_80}}`): its content sees the same context.
                walk(section.children, in: template, scopes: scopes, visiting: &visiting)
            case .section(let section):
                let schema = resolve(section.name, scopes: scopes, at: section.offset, in: template) ?? .any
                if section.inverted {
                    walk(section.children, in: template, scopes: scopes, visiting: &visiting)
                } else {
                    let inner: ContextSchema = if case .list(let item) = schema { item } else { schema }
                    walk(section.children, in: template, scopes: scopes + [inner], visiting: &visiting)
                }
            case .partial(let inclusion):
                include(inclusion, in: template, scopes: scopes, visiting: &visiting)
            case .parent(let inclusion, let overrides):
                for block in overrides.values.sorted(by: { $0.offset < $1.offset }) {
                    walk(block.children, in: template, scopes: scopes, visiting: &visiting)
                }
                include(inclusion, in: template, scopes: scopes, visiting: &visiting)
            case .block(let block):
                walk(block.children, in: template, scopes: scopes, visiting: &visiting)
            }
        }
    }

    mutating func include(_ inclusion: TemplateInclusion, in template: Template, scopes: [ContextSchema], visiting: inout Set<String>) {
        if let dynamic = inclusion.dynamicName {
            _ = resolve(dynamic, scopes: scopes, at: inclusion.offset, in: template)
            return
        }
        guard let included = partials.template(named: inclusion.name) else {
            let location = template.location(of: inclusion.offset)
            let parts = inclusion.name.split(separator: "/", omittingEmptySubsequences: false)
            if inclusion.name.hasPrefix("/") || parts.contains("..") || inclusion.name.contains("\\") {
                // Never suggest creating a file outside templates/partials/.
                if reported.insert(location).inserted {
                    found.append(Diagnostic(.error, at: location, "partial name '\(inclusion.name)' points outside templates/partials/",
                        hint: "name a partial by its path below templates/partials/, without '..', '\\' or a leading '/': "
                            + "{{> post-content}} includes templates/partials/post-content.html"))
                }
                return
            }
            if reported.insert(location).inserted {
                found.append(Diagnostic(.error, at: location, "partial '\(inclusion.name)' does not exist",
                    hint: Suggestion.didYouMean(inclusion.name, in: partials.templates.keys)
                        ?? "create templates/partials/\(inclusion.name).html"))
            }
            return
        }
        guard visiting.insert(inclusion.name).inserted else { return }
        walk(included.nodes, in: included, scopes: scopes, visiting: &visiting)
        visiting.remove(inclusion.name)
    }

    /// The schema `name` resolves to, or nil (after a warning) when it never resolves.
    mutating func resolve(_ name: TemplateName, scopes: [ContextSchema], at offset: Int, in template: Template) -> ContextSchema? {
        guard let first = name.components.first else { return scopes.last }
        if first == "accounts" || first == "groups" { usesAccounts = true }
        for scope in scopes.reversed() {
            switch scope {
            case .any:
                return .any
            case .map(let fields):
                guard var schema = fields[first] else { continue }
                for component in name.components.dropFirst() {
                    switch schema {
                    case .any: return .any
                    case .map(let inner) where inner[component] != nil: schema = inner[component]!
                    default:
                        warn(name, scopes: scopes, at: offset, in: template)
                        return nil
                    }
                }
                return schema
            case .list, .scalar:
                continue
            }
        }
        warn(name, scopes: scopes, at: offset, in: template)
        return nil
    }

    /// A warning at `{{date}}` or `{{^date}}`: a helper only transforms the content of a `{{#date}}` section.
    mutating func helperOutsideSection(_ name: TemplateName, at offset: Int, in template: Template) {
        let location = template.location(of: offset)
        guard reported.insert(location).inserted else { return }
        found.append(Diagnostic(.warning, at: location, "'\(name)' is a section helper: write {{#\(name)}}…{{/\(name)}}",
            hint: "a helper transforms the text between its tags; alone, or inverted with '^', it stands for no value"))
    }

    /// Whether `name` is `truncate_` followed by anything that is not a length `TemplateHelper` takes.
    static func isBadTruncate(_ name: TemplateName) -> Bool {
        name.components.count == 1 && name.components[0].hasPrefix("truncate_") && TemplateHelper(name) == nil
    }

    /// Whether `name`'s first component is in any scope (then it is data, not a helper).
    func isResolvable(_ name: TemplateName, scopes: [ContextSchema]) -> Bool {
        scopes.contains { scope in
            switch scope {
            case .any: true
            case .map(let fields): name.components.first.map { fields[$0] != nil } ?? true
            case .list, .scalar: false
            }
        }
    }

    /// `count` with commas between groups of three digits: 19,999.
    static func grouped(_ count: Int) -> String {
        var digits = String(count)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }

    /// One warning per unknown name per template, the suggestion computed once; further uses are only counted
    /// (20,000 uses of one name used to cost a suggestion each: 32 s).
    mutating func warn(_ name: TemplateName, scopes: [ContextSchema], at offset: Int, in template: Template) {
        guard seenUses.insert(TemplateUse(template: template.name, key: String(offset))).inserted else { return }
        let use = TemplateUse(template: template.name, key: name.description)
        if let index = unknownNames[use] {
            furtherUses[index, default: 0] += 1
            return
        }
        let location = template.location(of: offset)
        guard reported.insert(location).inserted else { return }
        unknownNames[use] = found.count
        if let unknown = unknownData(name, at: location) {
            found.append(unknown)
            return
        }
        let candidates = scopes.flatMap { $0.names() }
        found.append(Diagnostic(.warning, at: location, "'\(name)' is not part of the page context and always renders empty",
            hint: Suggestion.didYouMean(name.description, in: candidates)
                ?? "the page context holds: \(ContextSchema.page.names(depth: 1).sorted().joined(separator: ", ")) (see README)"))
    }

    /// The warning for `data.NAME` naming no data file, or `data.NAME.KEY` naming no key of a data file
    /// that is a map; nil for any other name (or when the data files are not known).
    func unknownData(_ name: TemplateName, at location: SourceLocation) -> Diagnostic? {
        let parts = name.components
        guard parts.count >= 2, parts[0] == "data", case .map(let fields) = page, case .map(let files)? = fields["data"] else { return nil }
        guard let file = files[parts[1]] else {
            return Diagnostic(.warning, at: location,
                "'\(name)' names no data file (there is no data/\(parts[1]).yml or data/\(parts[1]).json) and always renders empty",
                hint: Suggestion.closest(to: parts[1], in: files.keys).map { "did you mean 'data.\($0)'?" }
                    ?? (files.isEmpty ? "create data/\(parts[1]).yml or data/\(parts[1]).json beside site.yml"
                        : "the data files are \(Self.listed(files.keys.map { "data." + $0 }))"))
        }
        guard parts.count >= 3, case .map(let keys) = file, keys[parts[2]] == nil else { return nil }
        return Diagnostic(.warning, at: location, "'\(name)' is not a key of data.\(parts[1]) and always renders empty",
            hint: Suggestion.closest(to: parts[2], in: keys.keys).map { "did you mean 'data.\(parts[1]).\($0)'?" }
                ?? (keys.isEmpty ? "data.\(parts[1]) is an empty map" : "its keys are \(Self.listed(keys.keys.map { "'\($0)'" }))"))
    }

    /// The first ten of `names`, sorted, then how many more: `data.a, data.b and 3 more`.
    static func listed(_ names: some Collection<String>) -> String {
        let sorted = names.sorted()
        return sorted.prefix(10).joined(separator: ", ") + (sorted.count > 10 ? " and \(sorted.count - 10) more" : "")
    }
}

/// A template and something in it (a name, or an offset), as a key.
private struct TemplateUse: Hashable {
    let template: String
    let key: String
}
