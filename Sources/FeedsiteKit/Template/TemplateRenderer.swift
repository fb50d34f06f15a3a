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
        var state = TemplateRenderState(renderer: self, output: TemplateOutput(capacity: template.source.count * 2), stack: [data])
        defer { state.output.free() }
        try state.run(template.program.body, in: template)
        if !state.problems.isEmpty { throw DiagnosticError(state.problems) }
        return state.output.array
    }

    /// Renders `template` with `data`, appending to `output`.
    package func render(_ template: Template, data: TemplateValue, into output: inout [UInt8]) throws(DiagnosticError) {
        var state = TemplateRenderState(renderer: self, output: TemplateOutput(capacity: template.source.count * 2), stack: [data])
        defer { state.output.free() }
        try state.run(template.program.body, in: template)
        if !state.problems.isEmpty { throw DiagnosticError(state.problems) }
        output.append(contentsOf: state.output.bytes)
    }

    /// Renders `template` with `data`, and appends to `placements` where each unescaped interpolation
    /// (`{{{name}}}`, `{{&name}}`) put its text in the output, byte for byte as the value holds it.
    package func render(_ template: Template, data: TemplateValue, placements: inout [TemplatePlacement]) throws(DiagnosticError) -> [UInt8] {
        var state = TemplateRenderState(renderer: self, output: TemplateOutput(capacity: template.source.count * 2), stack: [data])
        defer { state.output.free() }
        state.placements = placements
        try state.run(template.program.body, in: template)
        if !state.problems.isEmpty { throw DiagnosticError(state.problems) }
        placements = state.placements ?? []
        return state.output.array
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
    /// Freed by whoever made the state.
    var output: TemplateOutput
    var stack: [TemplateValue]
    var indentation: [UInt8] = []
    var lineStart = true
    /// The blocks that parents override, by name: the instructions of each one's content and the template they belong to.
    var overrides: [String: (range: Range<Int>, template: Template)] = [:]
    var depth = 0
    var nesting = 0
    /// Inside a helper's section: variables are rendered unescaped, as text for the helper to transform.
    var rendersText = false
    /// Helpers given text they cannot take (`{{#date}}` a non-date), each once: reported together when the render ends.
    var problems: [Diagnostic] = []
    /// Where unescaped interpolations put their text in `output`, when the caller asked.
    var placements: [TemplatePlacement]?

    init(renderer: TemplateRenderer, output: TemplateOutput, stack: [TemplateValue]) {
        self.renderer = renderer
        self.output = output
        self.stack = stack
    }

    /// Renders the instructions `range` of `template`'s program.
    mutating func run(_ range: Range<Int>, in template: Template) throws(DiagnosticError) {
        let program = template.program
        var index = range.lowerBound
        while index < range.upperBound {
            let op = program.ops[index]
            switch op.kind {
            case .text:
                emitText(program.text, op.a..<op.b)
                index += 1
            case .variable:
                if !indentation.isEmpty { emitIndentation() }
                if let value = lookup(op.a, in: program) {
                    let start = output.count
                    append(value, escaped: op.b == 1 && !rendersText)
                    // Inside a helper's section the output is the helper's input, not the page.
                    if op.b != 1, !rendersText, placements != nil { place(value, at: start) }
                }
                index += 1
            case .section, .invertedSection:
                // The section's index, not the section, which taking out of the program retained at every section of every page
                // (callgrind, the posts benchmark's account template, 200 pages: 79.3 M -> 76.3 M instructions).
                try render(section: op.b, name: op.a, inverted: op.kind == .invertedSection, content: index + 1..<op.end, in: template)
                index = op.end
            case .partial:
                let inclusion = program.inclusions[op.b]
                if let included = try resolve(inclusion, in: template) { try include(included, at: inclusion, in: template) }
                index += 1
            case .parent:
                let inclusion = program.inclusions[op.b]
                index += 1
                guard let parent = try resolve(inclusion, in: template) else { continue }
                let saved = overrides
                // The outermost template's blocks win over those of templates it includes.
                for (name, range) in program.overrides[op.a] where overrides[name] == nil {
                    overrides[name] = (range, template)
                }
                defer { overrides = saved }
                try include(parent, at: inclusion, in: template)
            case .block:
                let site = program.blocks[op.b]
                let (content, source) = overrides[site.name] ?? (index + 1..<op.end, template)
                let savedIndentation = indentation
                let savedLineStart = lineStart
                if !site.indentation.isEmpty {
                    indentation += site.indentation
                    lineStart = site.openStandalone
                }
                try run(content, in: source)
                if !site.indentation.isEmpty {
                    indentation = savedIndentation
                    if !site.closeStandalone { lineStart = savedLineStart && lineStart }
                }
                index = op.end
            }
        }
    }
}

private extension TemplateRenderState {
    /// Renders the program's section `section`, whose name is the program's name `name` and whose content is the instructions `content`.
    mutating func render(section: Int, name: Int, inverted: Bool, content: Range<Int>, in template: Template) throws(DiagnosticError) {
        nesting += 1
        defer { nesting -= 1 }
        if nesting > TemplateRenderer.maximumNesting {
            throw DiagnosticError([Diagnostic(at: template.location(of: template.program.sections[section].offset),
                "sections and partials nest more than \(TemplateRenderer.maximumNesting) levels deep here",
                hint: "make the recursion stop, e.g. inside a section whose list becomes empty")])
        }
        let value = lookup(name, in: template.program)
        if value == nil, let helper = TemplateHelper(template.program.names[name]) {
            if !inverted { try apply(helper, to: template.program.sections[section], content: content, in: template) }
            return
        }
        if inverted {
            if value?.isFalsey ?? true { try run(content, in: template) }
            return
        }
        guard let value, !value.isFalsey else { return }
        if case .list(let items) = value {
            for item in items {
                stack.append(item)
                try run(content, in: template)
                stack.removeLast()
            }
        } else {
            stack.append(value)
            try run(content, in: template)
            stack.removeLast()
        }
    }

    /// Renders the section's content as text, then appends what `helper` makes of it. `json` around a
    /// list or map alone (`{{#json}}{{data.links}}{{/json}}`) writes it as JSON instead: rendered, it is no text.
    mutating func apply(_ helper: TemplateHelper, to section: TemplateSection, content: Range<Int>, in template: Template) throws(DiagnosticError) {
        if helper == .json, let value = structuredValue(alone: section.children) {
            var result: [UInt8] = []
            TemplateHelper.appendScriptJSON(value, to: &result)
            emitText(result)
            return
        }
        let saved = (output: output, indentation: indentation, lineStart: lineStart, rendersText: rendersText)
        (output, indentation, rendersText) = (TemplateOutput(capacity: 64), [], true)
        do {
            try run(content, in: template)
        } catch {
            output.free()
            (output, indentation, lineStart, rendersText) = saved
            throw error
        }
        let text = String(decoding: output.bytes, as: UTF8.self)
        output.free()
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

    /// The value the program's name `index` finds in the context stack.
    func lookup(_ index: Int, in program: TemplateProgram) -> TemplateValue? {
        let start = program.nameStarts[index]
        let end = program.nameStarts[index + 1]
        guard start < end else { return stack.last }
        var value: TemplateValue?
        var frame = stack.count - 1
        while frame >= 0 {
            if let member = member(of: stack[frame], id: program.nameIDs[start], component: 0, of: index, in: program) {
                value = member
                break
            }
            frame -= 1
        }
        guard var value else { return nil }
        var component = start + 1
        while component < end {
            guard let next = member(of: value, id: program.nameIDs[component], component: component - start, of: index, in: program) else { return nil }
            value = next
            component += 1
        }
        return value
    }

    /// The member of `value` whose key has the `TemplateKey` number `id`: component `component` of the program's name `name`.
    @inline(__always)
    func member(of value: TemplateValue, id: Int, component: Int, of name: Int, in program: TemplateProgram) -> TemplateValue? {
        switch value {
        case .record(let record): record.value(of: id)
        case .map(let entries): entries[program.names[name].components[component]]
        default: nil
        }
    }

    func lookup(_ name: TemplateName) -> TemplateValue? {
        let components = name.components
        guard !components.isEmpty else { return stack.last }
        var value: TemplateValue?
        var index = stack.count - 1
        while index >= 0 {
            if let member = stack[index].member(components[0], id: name.ids[0]) {
                value = member
                break
            }
            index -= 1
        }
        guard var value else { return nil }
        var component = 1
        while component < components.count {
            guard let next = value.member(components[component], id: name.ids[component]) else { return nil }
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
        let all = included.program.body
        guard let extra = inclusion.indentation, !extra.isEmpty else {
            try run(all, in: included)
            return
        }
        let saved = indentation
        indentation += extra
        lineStart = true
        try run(all, in: included)
        indentation = saved
    }

    /// Appends `text`'s UTF-8 as it is, in one copy (callgrind, generate_site.py 1000 --posts 20, clean build:
    /// appending `{{{html}}}` 9.6 M -> 2.4 M instructions).
    static func append(_ text: String, to output: inout TemplateOutput) {
        var text = text
        text.withUTF8 { output.append($0) }
    }

    mutating func emitIndentation() {
        if lineStart {
            indentation.withUnsafeBufferPointer { output.append($0) }
            lineStart = false
        }
    }

    /// Appends `value` as an interpolation tag prints it, HTML-escaped when `escaped`.
    /// Records where the unescaped `value`, appended from `start`, stands in the output (see `render(_:data:placements:)`).
    mutating func place(_ value: TemplateValue, at start: Int) {
        let text: String
        switch value {
        case .string(let string): text = string
        case .list, .map, .record, .null: return
        default: text = value.renderedText
        }
        placements?.append(TemplatePlacement(range: start..<output.count, text: text))
    }

    mutating func append(_ value: TemplateValue, escaped: Bool) {
        switch value {
        case .string(var text):
            text.withUTF8 { bytes in
                if escaped { HTMLEscaper.append(bytes, into: &output) } else { output.append(bytes) }
            }
        case .list, .map, .record, .null:
            return
        default:
            let text = value.renderedText
            if escaped {
                var text = text
                text.withUTF8 { HTMLEscaper.append($0, into: &output) }
            } else {
                Self.append(text, to: &output)
            }
        }
    }

    /// Appends `bytes[range]` as `emitText(_:)` does.
    mutating func emitText(_ bytes: [UInt8], _ range: Range<Int>) {
        bytes.withUnsafeBufferPointer { buffer in emitText(UnsafeBufferPointer(rebasing: buffer[range])) }
    }

    mutating func emitText(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { emitText($0) }
    }

    /// Appends text, putting the indentation before each line that has anything on it.
    mutating func emitText(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard !indentation.isEmpty else {
            output.append(buffer)
            return
        }
        // A line at a time (memchr), not byte by byte
        // (callgrind, Benchmarks/generate_site.py 1000, clean build: render 108.2M -> 80.7M instructions).
        guard let base = buffer.baseAddress else { return }
        var start = 0
        while start < buffer.count {
            if lineStart {
                indentation.withUnsafeBufferPointer { output.append($0) }
                lineStart = false
            }
            var end = buffer.count
            if let newline = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start) {
                end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
                lineStart = true
            }
            output.append(UnsafeBufferPointer(rebasing: buffer[start..<end]))
            start = end
        }
    }
}
