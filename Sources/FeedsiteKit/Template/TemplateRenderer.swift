#if canImport(Glibc)
import Glibc
#endif

/// Renders parsed templates against data into UTF-8 bytes.
package struct TemplateRenderer: Sendable {
    /// What happens when `{{> name}}` names no template.
    package enum MissingPartialPolicy: Sendable {
        /// Render nothing, as the specification says (for `feedsite render`).
        case renderNothing
        /// Report an error at the tag (for `feedsite build`).
        case error
    }

    /// How deeply partials and parents may include each other before it counts as a cycle.
    package static let maximumInclusionDepth = 200
    /// How deeply sections and inclusions may nest in all (rendering recurses once per level).
    package static let maximumNesting = 1_000

    /// Where partials and parents come from.
    package var partials: any TemplateLoader
    /// What a missing partial does.
    package var missingPartials: MissingPartialPolicy
    /// The language (a BCP 47 tag) the `date` helper writes dates in (see `TemplateHelper`).
    package var language = "en"

    /// Creates a renderer.
    package init(partials: any TemplateLoader = TemplateLibrary(), missingPartials: MissingPartialPolicy = .renderNothing) {
        self.partials = partials
        self.missingPartials = missingPartials
    }

    /// Renders `template` with `data` as the root of the context stack.
    package func render(_ template: Template, data: TemplateValue) throws(DiagnosticError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(template.source.count * 2)
        try render(template, data: data, into: &output)
        return output
    }

    /// Renders `template` with `data`, appending to `output`.
    package func render(_ template: Template, data: TemplateValue, into output: inout [UInt8]) throws(DiagnosticError) {
        var state = TemplateRenderState(renderer: self, output: output, stack: [data])
        output = []
        defer { output = state.output }
        try state.render(template.nodes, in: template)
        if !state.problems.isEmpty { throw DiagnosticError(state.problems) }
    }

    /// Renders `template` with `data`, and appends to `placements` where each unescaped interpolation
    /// (`{{{name}}}`, `{{&name}}`) put its text in the output, byte for byte as the value holds it.
    package func render(_ template: Template, data: TemplateValue, placements: inout [TemplatePlacement]) throws(DiagnosticError) -> [UInt8] {
        var state = TemplateRenderState(renderer: self, output: [], stack: [data])
        state.output.reserveCapacity(template.source.count * 2)
        state.placements = placements
        try state.render(template.nodes, in: template)
        if !state.problems.isEmpty { throw DiagnosticError(state.problems) }
        placements = state.placements ?? []
        return state.output
    }
}

/// Where an unescaped interpolation put its text in a rendered output: `range` holds exactly `text`'s UTF-8.
package struct TemplatePlacement: Sendable {
    /// The bytes of the output that hold the text.
    package let range: Range<Int>
    /// The value's text, as given in the data.
    package let text: String
}

/// The mutable state of one render: output, context stack, indentation and block overrides.
struct TemplateRenderState {
    let renderer: TemplateRenderer
    var output: [UInt8]
    var stack: [TemplateValue]
    var indentation: [UInt8] = []
    var lineStart = true
    var overrides: [String: (block: TemplateBlock, template: Template)] = [:]
    var depth = 0
    var nesting = 0
    /// Inside a helper's section: variables are rendered unescaped, as text for the helper to transform.
    var rendersText = false
    /// Helpers given text they cannot take (`{{#date}}` a non-date), each once: reported together when the render ends.
    var problems: [Diagnostic] = []
    /// Where unescaped interpolations put their text in `output`, when the caller asked.
    var placements: [TemplatePlacement]?

    init(renderer: TemplateRenderer, output: [UInt8], stack: [TemplateValue]) {
        self.renderer = renderer
        self.output = output
        self.stack = stack
    }

    mutating func render(_ nodes: [TemplateNode], in template: Template) throws(DiagnosticError) {
        for node in nodes {
            switch node {
            case .text(let bytes):
                emitText(bytes)
            case .variable(let name, let escaped, _):
                if !indentation.isEmpty { emitIndentation() }
                guard let text = lookup(name)?.renderedText else { continue }
                if escaped, !rendersText {
                    HTMLEscaper.append(text, to: &output)
                } else {
                    let start = output.count
                    Self.append(text, to: &output)
                    // Inside a helper's section the output is the helper's input, not the page.
                    if !rendersText { placements?.append(TemplatePlacement(range: start..<output.count, text: text)) }
                }
            case .section(let section):
                try render(section, in: template)
            case .partial(let inclusion):
                guard let included = try resolve(inclusion, in: template) else { continue }
                try include(included, at: inclusion, in: template)
            case .parent(let inclusion, let own):
                guard let parent = try resolve(inclusion, in: template) else { continue }
                let saved = overrides
                // The outermost template's blocks win over those of templates it includes.
                for (name, block) in own where overrides[name] == nil {
                    overrides[name] = (block, template)
                }
                defer { overrides = saved }
                try include(parent, at: inclusion, in: template)
            case .block(let site):
                let (block, source) = overrides[site.name] ?? (site, template)
                let savedIndentation = indentation
                let savedLineStart = lineStart
                if !site.indentation.isEmpty {
                    indentation += site.indentation
                    lineStart = site.openStandalone
                }
                try render(block.children, in: source)
                if !site.indentation.isEmpty {
                    indentation = savedIndentation
                    if !site.closeStandalone { lineStart = savedLineStart && lineStart }
                }
            }
        }
    }
}

private extension TemplateRenderState {
    mutating func render(_ section: TemplateSection, in template: Template) throws(DiagnosticError) {
        nesting += 1
        defer { nesting -= 1 }
        if nesting > TemplateRenderer.maximumNesting {
            throw DiagnosticError([Diagnostic(at: template.location(of: section.offset),
                "sections and partials nest more than \(TemplateRenderer.maximumNesting) levels deep here",
                hint: "make the recursion stop, e.g. inside a section whose list becomes empty")])
        }
        let value = lookup(section.name)
        if value == nil, let helper = TemplateHelper(section.name) {
            if !section.inverted { try apply(helper, to: section, in: template) }
            return
        }
        if section.inverted {
            if value?.isFalsey ?? true { try render(section.children, in: template) }
            return
        }
        guard let value, !value.isFalsey else { return }
        if case .list(let items) = value {
            for item in items {
                stack.append(item)
                try render(section.children, in: template)
                stack.removeLast()
            }
        } else {
            stack.append(value)
            try render(section.children, in: template)
            stack.removeLast()
        }
    }

    /// Renders the section's content as text, then appends what `helper` makes of it. `json` around a
    /// list or map alone (`{{#json}}{{data.links}}{{/json}}`) writes it as JSON instead: rendered, it is no text.
    mutating func apply(_ helper: TemplateHelper, to section: TemplateSection, in template: Template) throws(DiagnosticError) {
        if helper == .json, let value = structuredValue(alone: section.children) {
            var result: [UInt8] = []
            TemplateHelper.appendScriptJSON(value, to: &result)
            emitText(result)
            return
        }
        let saved = (output: output, indentation: indentation, lineStart: lineStart, rendersText: rendersText)
        (output, indentation, rendersText) = ([], [], true)
        do {
            try render(section.children, in: template)
        } catch {
            (output, indentation, lineStart, rendersText) = saved
            throw error
        }
        let text = String(decoding: output, as: UTF8.self)
        (output, indentation, lineStart, rendersText) = saved
        var result: [UInt8] = []
        do {
            try helper.apply(to: text, language: renderer.language, escaped: !rendersText, output: &result)
        } catch {
            // Rendering goes on (writing nothing for this tag), so that every bad date of the page is reported at once.
            let problem = Diagnostic(at: template.location(of: section.offset),
                "'date' expects an ISO 8601 date such as 2026-12-01 or 2026-12-01T14:03:00Z, found '\(error.found)'",
                hint: "give it a date, such as {{#date}}{{published}}{{/date}}; it renders nothing for empty text")
            if !problems.contains(problem) { problems.append(problem) }
            return
        }
        emitText(result)
    }

    /// The list, map or record that `nodes` name alone (one variable, white space around it), or nil.
    func structuredValue(alone nodes: [TemplateNode]) -> TemplateValue? {
        var named: TemplateName?
        for node in nodes {
            switch node {
            case .text(let bytes) where bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }):
                continue
            case .variable(let name, _, _) where named == nil:
                named = name
            default:
                return nil
            }
        }
        switch named.flatMap(lookup) {
        case let value? where value.isCollection: return value
        default: return nil
        }
    }

    func lookup(_ name: TemplateName) -> TemplateValue? {
        let components = name.components
        guard !components.isEmpty else { return stack.last }
        var value: TemplateValue?
        var index = stack.count - 1
        while index >= 0 {
            if let member = stack[index].member(components[0], hash: name.hashes[0]) {
                value = member
                break
            }
            index -= 1
        }
        guard var value else { return nil }
        var component = 1
        while component < components.count {
            guard let next = value.member(components[component], hash: name.hashes[component]) else { return nil }
            value = next
            component += 1
        }
        return value
    }

    /// The template a partial or parent tag names, or nil when it renders nothing.
    func resolve(_ inclusion: TemplateInclusion, in template: Template) throws(DiagnosticError) -> Template? {
        var name = inclusion.name
        if let dynamic = inclusion.dynamicName {
            guard let value = lookup(dynamic), !value.isFalsey else { return nil }
            name = value.renderedText
            if name.isEmpty { return nil }
        }
        if let found = try renderer.partials.template(named: name) { return found }
        if renderer.missingPartials == .error {
            throw DiagnosticError([Diagnostic(at: template.location(of: inclusion.offset), "partial '\(name)' does not exist",
                                              hint: renderer.partials.missingHint(for: name))])
        }
        return nil
    }

    /// Renders an included template, indented when its tag stood alone on an indented line.
    mutating func include(_ included: Template, at inclusion: TemplateInclusion, in template: Template) throws(DiagnosticError) {
        guard depth < TemplateRenderer.maximumInclusionDepth else {
            throw DiagnosticError([Diagnostic(at: template.location(of: inclusion.offset),
                "'\(included.name)' is included \(TemplateRenderer.maximumInclusionDepth) levels deep: a partial cycle that never ends",
                hint: "make the recursion stop, e.g. inside a section whose list becomes empty")])
        }
        depth += 1
        nesting += 1
        defer {
            depth -= 1
            nesting -= 1
        }
        guard let extra = inclusion.indentation, !extra.isEmpty else {
            try render(included.nodes, in: included)
            return
        }
        let saved = indentation
        indentation += extra
        lineStart = true
        try render(included.nodes, in: included)
        indentation = saved
    }

    /// Appends `text`'s UTF-8 as it is, in one copy (callgrind, generate_site.py 1000 --posts 20, clean build:
    /// appending `{{{html}}}` 9.6 M -> 2.4 M instructions).
    static func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { output.append(contentsOf: $0) }
    }

    mutating func emitIndentation() {
        if lineStart {
            output.append(contentsOf: indentation)
            lineStart = false
        }
    }

    /// Appends text, putting the indentation before each line that has anything on it.
    mutating func emitText(_ bytes: [UInt8]) {
        guard !indentation.isEmpty else {
            output.append(contentsOf: bytes)
            return
        }
        // A line at a time (memchr), not byte by byte
        // (callgrind, Benchmarks/generate_site.py 1000, clean build: render 108.2M -> 80.7M instructions).
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            while start < buffer.count {
                if lineStart {
                    output.append(contentsOf: indentation)
                    lineStart = false
                }
                var end = buffer.count
                if let newline = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start) {
                    end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
                    lineStart = true
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<end]))
                start = end
            }
        }
    }
}
