#if canImport(Glibc)
import Glibc
#endif

/// The site's data files: every `data/NAME.yml` and `data/NAME.json` beside site.yml, read into one
/// map that templates see as `data` (`{{#data.links}}…{{/data.links}}`).
///
/// They are read as strictly as site.yml: YAML through `YAMLReader` (duplicate keys, aliases, tags),
/// JSON through `JSONReader` (RFC 8259, duplicate keys refused here), each error at `file:line:col`.
/// Their texts hold what site.yml's free texts may: tab and line feed, but no other control character
/// (`ControlCharacters.isRefused`) and no lone surrogate (`\ud800` in JSON), each an error at its escape.
/// The limits are site.yml's: `SiteConfigLoader.maximumBytes` per file, lists and maps nested at most
/// `YAMLTreeBuilder.maximumDepth` levels.
package enum DataFiles {
    /// The folder's name beside site.yml.
    package static let folderName = "data"
    /// The most data files a site may have.
    package static let maximumFiles = 1_000
}

extension DataFiles {
    /// The `data` map of the site whose folder is `siteFolder`: empty when there is no `data/` folder.
    /// `displayPath` shows paths in messages. Throws `DiagnosticError` (every bad file at once) or
    /// `InputError` (a file that cannot be read).
    package static func load(siteFolder: String, displayPath: (String) -> String = { $0 }) throws -> TemplateValue {
        let folder = siteFolder + "/" + folderName
        var status = stat()
        guard stat(folder, &status) == 0 else { return .map([:]) }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw InputError("\(displayPath(folder)): is not a folder, expected the folder of data files (data/NAME.yml, data/NAME.json)",
                             hint: "move it away, or rename it: the name 'data' beside site.yml is the data files' folder")
        }
        var others: [String] = []
        var misnamed: [String]? = []
        let entries = try FolderListing.entries(of: folder, others: &others, misnamed: &misnamed).filter { !isIgnored($0.name) }
            .sorted { $0.name < $1.name }
        if entries.count > maximumFiles {
            throw InputError("\(displayPath(folder)): \(entries.count) data files, expected at most \(maximumFiles)",
                             hint: "merge some of them into one file")
        }
        var values: [String: TemplateValue] = [:]
        var sources: [String: String] = [:]
        var lowered: [String: (name: String, shown: String)] = [:]
        var diagnostics: [Diagnostic] = others.filter { !isIgnored($0) }.map { name in
            Diagnostic.notAFile(folder + "/" + name, display: displayPath(folder + "/" + name), expected: "a .yml or .json file",
                                  folderName: "data/")
        }
        diagnostics += (misnamed ?? []).filter { !isIgnored($0) }.map { name in
            Diagnostic.notUTF8Name(display: displayPath(folder) + "/" + name, hint: nameHint)
        }
        for entry in entries {
            let path = folder + "/" + entry.name
            let shown = displayPath(path)
            let start = SourceLocation(file: shown, line: 1, column: 1)
            if entry.isFolder {
                diagnostics.append(Diagnostic(at: start, "expected a .yml or .json file, found a folder",
                                              hint: "data/ holds files only: move the files in it up into data/"))
                continue
            }
            guard let (name, format) = nameAndFormat(entry.name) else {
                diagnostics.append(Diagnostic(at: start, "expected a data file ending in .yml or .json",
                                              hint: entry.name.hasSuffix(".yaml") ? "rename it to end in .yml" : "move it out of data/"))
                continue
            }
            if let problem = nameProblem(name) {
                diagnostics.append(Diagnostic(at: start, "'\(name)' cannot be a data name: \(problem)", hint: nameHint))
                continue
            }
            if let other = sources[name] {
                diagnostics.append(Diagnostic(at: start, "\(other) and \(shown) both define data.\(name)",
                                              hint: "keep one of them, or rename one"))
                continue
            }
            // As everywhere else in a site, names that differ only in case are refused: a case-insensitive
            // file system (macOS, Windows) keeps only one of the two files.
            if let (other, otherShown) = lowered[name.lowercased()] {
                diagnostics.append(Diagnostic(at: start, "\(otherShown) and \(shown) differ only in case: data.\(other) and data.\(name)",
                                              hint: "rename one of them, or merge them: a file system that ignores case keeps only one"))
                continue
            }
            sources[name] = shown
            lowered[name.lowercased()] = (name, shown)
            try SiteFileKind.refuseOutsideLink(path, folder: siteFolder, folderName: "the site folder", display: shown)
            if let tooLarge = sizeProblem(path, at: start) {
                diagnostics.append(tooLarge)
                continue
            }
            let bytes = try FileInput.read(path, purpose: "a data file (YAML or JSON)", limit: SiteConfigLoader.maximumBytes)
            do {
                values[name] = try format == .yaml ? yamlValue(bytes, name: name, file: shown) : jsonValue(bytes, file: shown)
            } catch {
                diagnostics += error.diagnostics
            }
        }
        if !diagnostics.isEmpty { throw DiagnosticError(diagnostics.sorted()) }
        return .map(values)
    }

    /// Whether a file in `data/` is left alone: hidden files and editors' backup and swap files.
    static func isIgnored(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || (name.hasPrefix("#") && name.hasSuffix("#"))
    }

    /// The hint for a file whose name is no data name.
    static let nameHint = "rename the file to letters, digits, '_' and '-', starting with a letter (such as links.yml)"

    /// Why `name` cannot be a data name (a template names it as `data.NAME`), or nil when it can.
    static func nameProblem(_ name: String) -> String? {
        guard let first = name.utf8.first else { return "it is empty" }
        guard first.isASCIIAlpha else { return "it must start with a letter" }
        guard name.utf8.allSatisfy({ $0.isASCIIAlpha || $0.isASCIIDigit || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }) else {
            return "only letters, digits, '_' and '-' can be in it"
        }
        return nil
    }
}

private extension DataFiles {
    enum Format { case yaml, json }

    /// The error for a data file larger than `SiteConfigLoader.maximumBytes`, at its start; nil when it is not.
    static func sizeProblem(_ path: String, at start: SourceLocation) -> Diagnostic? {
        var status = stat()
        guard stat(path, &status) == 0, Int(status.st_size) > SiteConfigLoader.maximumBytes else { return nil }
        return Diagnostic(at: start, "the file is \(FileInput.megabytes(Int(status.st_size))), more than the "
                              + "\(FileInput.megabytes(SiteConfigLoader.maximumBytes)) feedsite reads as a data file",
                          hint: "a data file holds what the templates show: keep only that in it, or split it into several data files")
    }

    static func nameAndFormat(_ fileName: String) -> (String, Format)? {
        if fileName.hasSuffix(".yml") { return (String(fileName.dropLast(4)), .yaml) }
        if fileName.hasSuffix(".json") { return (String(fileName.dropLast(5)), .json) }
        return nil
    }

    /// The YAML file's value; a text holding a character site.yml refuses is an error at that character
    /// (an escape such as `\0` or `\e` in a double-quoted text), as site.yml's `params` are.
    static func yamlValue(_ bytes: [UInt8], name: String, file: String) throws(DiagnosticError) -> TemplateValue {
        guard let node = try YAMLReader(file: file).read(bytes) else { return .null }
        var fields = ConfigFieldReader(locator: YAMLScalarLocator(bytes: bytes, file: file))
        _ = fields.refusesControls(below: node, key: "data.\(name)")
        refuseMergeKeys(below: node, diagnostics: &fields.diagnostics)
        if fields.diagnostics.hasErrors { throw DiagnosticError(fields.diagnostics.diagnostics) }
        return node.templateValue
    }

    static func jsonValue(_ bytes: [UInt8], file: String) throws(DiagnosticError) -> TemplateValue {
        let text = SourceText(bytes, file: file)
        var reader = JSONReader(bytes, file: file, maximumDepth: YAMLTreeBuilder.maximumDepth, refusingControls: true)
        let document: JSONValue
        do throws(JSONSyntaxError) {
            document = try reader.readDocument()
        } catch {
            let tooDeep = error.message.hasSuffix("nested arrays and objects")
            throw DiagnosticError([Diagnostic(at: error.location, error.message,
                                              hint: error.hint ?? (tooDeep ? "nest lists and maps at most \(YAMLTreeBuilder.maximumDepth) levels deep: flatten the data"
                                                  : "data files in JSON follow RFC 8259: no comments, no trailing commas, strings in double quotes"))])
        }
        var diagnostics: [Diagnostic] = []
        let value = templateValue(document, text: text, diagnostics: &diagnostics)
        if !diagnostics.isEmpty { throw DiagnosticError(diagnostics) }
        return value
    }

    /// Reports every `<<` key below `node`: YAML 1.2 has no merge keys, so it would be a key named `<<`,
    /// and site.yml refuses it too (`ConfigFieldReader.mergeKeyHint`).
    static func refuseMergeKeys(below node: YAMLNode, diagnostics: inout DiagnosticCollector) {
        switch node.content {
        case .scalar: break
        case .sequence(let items):
            for item in items { refuseMergeKeys(below: item, diagnostics: &diagnostics) }
        case .mapping(let entries):
            for entry in entries {
                if entry.key == "<<" {
                    diagnostics.error(entry.keyLocation, "merge keys ('<<') are not part of YAML 1.2, expected a key of your own",
                                      hint: "write the keys out, or give the whole map with an alias (copy: *anchor), as in site.yml")
                }
                refuseMergeKeys(below: entry.value, diagnostics: &diagnostics)
            }
        }
    }

    /// `json` as template data; duplicate keys are reported (as site.yml's are).
    static func templateValue(_ json: JSONValue, text: SourceText, diagnostics: inout [Diagnostic]) -> TemplateValue {
        switch json.kind {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .string(let value): return .string(value)
        case .number(let literal):
            if let integer = Int(literal) { return YAMLNode.number(.int(integer), written: literal) }
            return Double(literal).map { YAMLNode.number(.double($0), written: literal) } ?? .string(literal)
        case .array(let items):
            return .list(items.map { templateValue($0, text: text, diagnostics: &diagnostics) })
        case .object(let members):
            var entries: [String: TemplateValue] = [:]
            var seen: [String: Int] = [:]
            for member in members {
                if let first = seen[member.key] {
                    let earlier = text.location(of: first)
                    diagnostics.append(Diagnostic(at: text.location(of: member.keyOffset),
                                                  "duplicate key '\(member.key)' (first defined at line \(earlier.line), column \(earlier.column))",
                                                  hint: "remove one of the two, or merge their values"))
                    continue
                }
                seen[member.key] = member.keyOffset
                entries[member.key] = templateValue(member.value, text: text, diagnostics: &diagnostics)
            }
            return .map(entries)
        }
    }
}
