import Testing
@testable import FeedsiteKit

@Suite struct YAMLReaderTests {
    func read(_ yaml: String) throws(DiagnosticError) -> YAMLNode? {
        try YAMLReader(file: "t.yml").read(Array(yaml.utf8))
    }

    func value(_ yaml: String) throws -> TemplateValue? {
        try read(yaml)?.templateValue
    }

    /// The typed value the core schema gives `node`'s scalar (before template data keeps a number's text).
    static func typed(_ node: YAMLNode?) -> TemplateValue? {
        guard case .scalar(let scalar)? = node?.content else { return nil }
        switch scalar.value {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .int(let value): return .int(value)
        case .double(let value): return .double(value)
        case .string(let value): return .string(value)
        }
    }

    func errors(_ yaml: String) -> [Diagnostic] {
        do {
            _ = try read(yaml)
            return []
        } catch {
            return error.diagnostics
        }
    }

    @Test("plain scalars are typed by the YAML 1.2 core schema", arguments: [
        ("true", TemplateValue.bool(true)), ("False", .bool(false)), ("TRUE", .bool(true)),
        ("null", .null), ("~", .null), ("", .null), ("NULL", .null),
        ("85", .int(85)), ("-12", .int(-12)), ("+7", .int(7)), ("0x1F", .int(31)), ("0o17", .int(15)),
        ("1.21", .double(1.21)), ("-.5", .double(-0.5)), ("1e3", .double(1000)), ("6.02E+23", .double(6.02e23)),
        ("yes", .string("yes")), ("on", .string("on")), ("0b101", .string("0b101")), ("1_000", .string("1_000")),
        ("12:30", .string("12:30")), ("hello world", .string("hello world")), ("'true'", .string("true")),
        ("\"85\"", .string("85")), ("'null'", .string("null")), ("!!str 12", .string("12")), ("!!float 3", .double(3)),
        ("Null", .null), ("True", .bool(true)), ("FALSE", .bool(false)), ("nULL", .string("nULL")), ("tRUE", .string("tRUE")),
        ("name", .string("name")), ("nulls", .string("nulls")), ("trueish", .string("trueish")), ("f", .string("f")),
        ("n", .string("n")), ("~x", .string("~x")), ("falsey", .string("falsey")), ("Tom", .string("Tom")),
    ])
    func coreSchema(_ source: String, _ expected: TemplateValue) throws {
        guard case .mapping(let entries)? = try read("v: \(source)\n")?.content else {
            Issue.record("expected a map")
            return
        }
        #expect(Self.typed(entries.first?.value) == expected)
    }

    @Test("special floats resolve to infinity and NaN")
    func specialFloats() throws {
        guard case .sequence(let nodes)? = try read("[.inf, -.Inf, .NAN]")?.content else {
            Issue.record("expected a list")
            return
        }
        let items = nodes.map(Self.typed)
        #expect(items[0] == .double(.infinity))
        #expect(items[1] == .double(-.infinity))
        if case .double(let nan)? = items[2] { #expect(nan.isNaN) } else { Issue.record("expected NaN") }
    }

    @Test("every node knows its 1-based line and column")
    func positions() throws {
        let node = try #require(try read("title: T\nlist:\n  - a\n  - {k: v}\n"))
        guard case .mapping(let entries) = node.content else {
            Issue.record("expected a map")
            return
        }
        #expect(entries.map(\.key) == ["title", "list"])
        #expect(entries[0].keyLocation == SourceLocation(file: "t.yml", line: 1, column: 1))
        #expect(entries[0].value.location == SourceLocation(file: "t.yml", line: 1, column: 8))
        guard case .sequence(let items) = entries[1].value.content else {
            Issue.record("expected a list")
            return
        }
        #expect(items[0].location == SourceLocation(file: "t.yml", line: 3, column: 5))
        #expect(items[1].location == SourceLocation(file: "t.yml", line: 4, column: 5))
    }

    @Test("columns count characters, not bytes")
    func columnsInCharacters() throws {
        let node = try #require(try read("é😀x: [ä, b]\n"))
        guard case .mapping(let entries) = node.content, case .sequence(let items) = entries[0].value.content else {
            Issue.record("expected a map holding a list")
            return
        }
        #expect(items[1].location.column == 10)
    }

    @Test("block and flow styles, multi-line strings, comments and UTF-8 read as expected")
    func styles() throws {
        let yaml = """
        # a comment
        folded: >
          one
          two
        literal: |
          line 1
          line 2
        flow: {a: [1, 2], b: "x\\ty"}
        plain multi: this is
          continued
        unicode: "caf\\u00e9 😀"
        """
        #expect(try value(yaml) == .map([
            "folded": .string("one two\n"),
            "literal": .string("line 1\nline 2\n"),
            "flow": .map(["a": .list([.int(1), .int(2)]), "b": .string("x\ty")]),
            "plain multi": .string("this is continued"),
            "unicode": .string("café 😀"),
        ]))
    }

    @Test("anchors and aliases copy the anchored value")
    func aliases() throws {
        let yaml = "base: &b {theme: dark, n: 1}\nuse: *b\nlist: [&x 5, *x]\n"
        #expect(try value(yaml) == .map([
            "base": .map(["theme": .string("dark"), "n": .int(1)]),
            "use": .map(["theme": .string("dark"), "n": .int(1)]),
            "list": .list([.int(5), .int(5)]),
        ]))
    }

    /// Nine levels of ten aliases each: a billion nodes from less than a kilobyte.
    static let aliasBombYAML: String = {
        var yaml = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            yaml += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
            previous = name
        }
        return yaml
    }()

    @Test("an alias bomb stops with an error instead of expanding")
    func aliasBomb() {
        let yaml = Self.aliasBombYAML
        #expect(yaml.utf8.count < 1024)
        let diagnostics = errors(yaml)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.contains("aliases expand this document to more than") == true)
        #expect(diagnostics.first?.hint?.contains("alias bomb") == true)
    }

    @Test("an alias to an anchor still being defined is reported, not followed")
    func recursiveAlias() {
        let diagnostics = errors("a: &a [1, *a]\n")
        #expect(diagnostics.first?.message == "alias '*a' refers to no anchor defined above it")
        #expect(diagnostics.first?.location == SourceLocation(file: "t.yml", line: 1, column: 11))
    }

    @Test("a duplicate key names both positions")
    func duplicateKey() {
        let diagnostics = errors("a: 1\nb: 2\n'a': 3\n")
        #expect(diagnostics.map(\.description) == [
            "t.yml:3:1: error: duplicate key 'a' (first defined at line 1, column 1)\n  hint: remove one of the two, or merge their values",
        ])
    }

    @Test("duplicate keys are found in maps of any size, each named with the first position", arguments: [3, 15, 16, 17, 40])
    func duplicateKeyInLongMap(_ keys: Int) {
        var yaml = (0..<keys).map { "k\($0): \($0)\n" }.joined()
        yaml += "k1: again\nk\(keys - 1): again\n"
        #expect(errors(yaml).map(\.description) == [
            "t.yml:\(keys + 1):1: error: duplicate key 'k1' (first defined at line 2, column 1)\n  hint: remove one of the two, or merge their values",
            "t.yml:\(keys + 2):1: error: duplicate key 'k\(keys - 1)' (first defined at line \(keys), column 1)\n  hint: remove one of the two, or merge their values",
        ])
    }

    @Test("a map key that is itself a map is an error")
    func complexKey() {
        #expect(errors("? {a: 1}\n: v\n").first?.message == "a map key must be a plain value, not a map")
    }

    @Test("a second document is an error at its start")
    func secondDocument() {
        let diagnostics = errors("a: 1\n---\nb: 2\n")
        #expect(diagnostics.first?.location.line == 2)
        #expect(diagnostics.first?.message.contains("second YAML document") == true)
    }

    @Test("invalid UTF-8 is reported at the byte's line and column")
    func invalidUTF8() {
        do {
            _ = try YAMLReader(file: "t.yml").read(Array("a: 1\nb: xé".utf8) + [0xC3, 0x28, 0x0A])
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.first?.location == SourceLocation(file: "t.yml", line: 2, column: 6))
            #expect(error.diagnostics.first?.message.hasPrefix("the file is not valid UTF-8") == true)
            #expect(error.diagnostics.first?.hint == "save the file with UTF-8 encoding")
        }
    }

    static let surrogate = "half of a UTF-16 surrogate pair without its other half"
    static let surrogateHint = "write the character itself, or its code point in one escape (U+1F600 is \\U0001F600): YAML takes no UTF-16 pairs"

    @Test("a \\u or \\U escape that is no character is feedsite's error at the escape's backslash, with a hint", arguments: [
        ("a: \"x\\0y\"\nb: \"\\e\"\nc: \"\\ud800\"\n", 3, 5, "expected a character, found '\\ud800', \(surrogate)", surrogateHint),
        ("a: \"\\U0000DFFF\"\n", 1, 5, "expected a character, found '\\U0000DFFF', \(surrogate)", surrogateHint),
        ("a: \"é\\udc00 x\"\n", 1, 6, "expected a character, found '\\udc00', \(surrogate)", surrogateHint),
        ("a: [1, \"\\ud83d\\ude00\"]\n", 1, 9, "expected a character, found '\\ud83d', \(surrogate)", surrogateHint),
        ("a:\n  b: \"\\U00110000\"\n", 2, 7, "expected a character, found '\\U00110000', beyond U+10FFFF, the last Unicode code point",
         "write the character itself, or an escape up to \\U0010FFFF"),
    ])
    func invalidCodePointEscape(_ yaml: String, _ line: Int, _ column: Int, _ message: String, _ hint: String) throws {
        let diagnostic = try #require(errors(yaml).first)
        #expect(diagnostic.message == message)
        #expect(diagnostic.location == SourceLocation(file: "t.yml", line: line, column: column))
        #expect(diagnostic.hint == hint)
    }

    @Test("a lone surrogate escape in site.yml is the same error, at its backslash in site.yml")
    func invalidCodePointInSiteConfig() throws {
        let diagnostics = ConfigFixture.diagnostics("title: T\ndescription: \"x \\ud800\"\naccounts:\n  - handle: jack\n")
        #expect(diagnostics.map(\.message) == ["expected a character, found '\\ud800', \(Self.surrogate)"])
        #expect(diagnostics.map(\.location) == [SourceLocation(file: "site.yml", line: 2, column: 17)])
        #expect(diagnostics.map(\.hint) == [Self.surrogateHint])
    }

    @Test("a control character is named by its code point")
    func controlCharacter() {
        let diagnostics = errors("a: b\u{07}c\n")
        #expect(diagnostics.first?.message == "control character U+0007 is not allowed in YAML")
    }

    @Test("an empty text holds no document")
    func emptyText() throws {
        #expect(try read("") == nil)
        #expect(try read("# only a comment\n") == nil)
    }

    @Test("JSON reads as YAML")
    func json() throws {
        #expect(try value("{\"a\": [1, 2.5, true, null, \"s\"], \"b\": {}}") == .map([
            "a": .list([.int(1), .double(2.5), .bool(true), .null, .string("s")]), "b": .map([:]),
        ]))
    }
}
