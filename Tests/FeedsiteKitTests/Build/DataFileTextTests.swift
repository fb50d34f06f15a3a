import FeedsiteTestSupport
import Foundation
import Testing
@testable import FeedsiteKit

/// The texts of data files hold what site.yml's free texts may: tab and line feed, no other control
/// character, no lone surrogate; each refused one is an error at the escape (or character) that wrote it.
@Suite struct DataFileTextTests {
    /// The diagnostics loading `files` throws, paths shown relative to the site.
    func diagnostics(_ files: [String: String]) throws -> [Diagnostic] {
        let site = try TemporarySite(files, withDefaultTemplates: false)
        let error = try #require(throws: DiagnosticError.self) {
            try DataFiles.load(siteFolder: site.path, displayPath: { $0.replacingOccurrences(of: site.path + "/", with: "") })
        }
        return error.diagnostics
    }

    @Test("a control character or a lone surrogate in a data file's text is an error at its escape", arguments: [
        ("n.json", #"{"a":"x\u0000y\u001bz"}"#, 1, 8, "expected text, found '\\u0000': the control character U+0000 (NUL)"),
        ("n.json", "{\"a\": \"ok\",\n \"b\": \"x\\u001b\"}", 2, 9, "expected text, found '\\u001b': the control character U+001B (ESC)"),
        ("n.json", #"{"a": "\r"}"#, 1, 8, "expected text, found '\\r': the control character U+000D (carriage return)"),
        ("n.json", #"{"a": "\b"}"#, 1, 8, "expected text, found '\\b': the control character U+0008 (backspace)"),
        ("n.json", #"{"a": "\uFFFE"}"#, 1, 8, "expected text, found '\\uFFFE': the noncharacter U+FFFE"),
        ("n.json", "{\"a\": \"x\u{85}\"}", 1, 9, "expected text, found the control character U+0085"),
        ("n.json", #"{"\u0007": 1}"#, 1, 3, "expected text, found '\\u0007': the control character U+0007 (BEL)"),
        ("n.json", #"{"a": "\ud800x"}"#, 1, 8, "expected a character, found '\\ud800', half of a UTF-16 surrogate pair without its other half"),
        ("n.json", #"{"a": "\udc00"}"#, 1, 8, "expected a character, found '\\udc00', half of a UTF-16 surrogate pair without its other half"),
        ("n.json", #"["\ud800\u0041"]"#, 1, 3, "expected a character, found '\\ud800', half of a UTF-16 surrogate pair without its other half"),
        ("n.yml", #"a: "x\0y\ez""#, 1, 6, "'data.n.a' contains the control character U+0000 (NUL) (character 2 of the value)"),
        ("n.yml", "list:\n  - \"ok\"\n  - \"a\\e\"\n", 3, 7, "'data.n.list' contains the control character U+001B (ESC) (character 2 of the value)"),
        ("n.yml", "a:\n  b: \"x\\x85\"\n", 2, 8, "'data.n.a.b' contains the control character U+0085 (character 2 of the value)"),
        ("n.yml", "a: \"\\r\"\n", 1, 5, "'data.n.a' contains the control character U+000D (carriage return) (character 1 of the value)"),
    ] as [(String, String, Int, Int, String)])
    func refused(_ name: String, _ text: String, _ line: Int, _ column: Int, _ message: String) throws {
        let found = try diagnostics(["data/" + name: text])
        #expect(found.count == 1)
        let first = try #require(found.first)
        #expect(first.location == SourceLocation(file: "data/" + name, line: line, column: column))
        #expect(first.message == message)
        #expect(first.hint?.hasPrefix(name.hasSuffix(".yml") ? "remove it (in a double-quoted value it is written" : "remove it:") == true
                || first.hint?.hasPrefix("write the character itself") == true)
    }

    @Test("a lone surrogate escaped in a YAML data file is an error at its backslash, worded as in a JSON data file, with a hint")
    func yamlSurrogate() throws {
        let first = try #require(try diagnostics(["data/n.yml": "a: \"\\ud800\"\n"]).first)
        #expect(first.location == SourceLocation(file: "data/n.yml", line: 1, column: 5))
        #expect(first.message == "expected a character, found '\\ud800', half of a UTF-16 surrogate pair without its other half")
        #expect(first.hint?.hasPrefix("write the character itself") == true)
    }

    @Test("tab, line feed and a surrogate pair are kept in data texts, as in site.yml's free texts")
    func allowed() throws {
        let site = try TemporarySite(["data/j.json": #"{"a": "x\ty\nz \ud83d\ude00"}"#, "data/y.yml": "a: \"x\\ty\\nz\"\n"], withDefaultTemplates: false)
        #expect(try DataFiles.load(siteFolder: site.path) == .map(["j": .map(["a": .string("x\ty\nz 😀")]), "y": .map(["a": .string("x\ty\nz")])]))
    }

    @Test("JSON read for feeds keeps a lone surrogate as U+FFFD and control characters as they are")
    func feedsUnchanged() throws {
        let value = try JSONReader.read(Array(#"["\ud800", "\u0000"]"#.utf8), file: "f.json")
        #expect(value.kind == .array([JSONValue(kind: .string("\u{FFFD}"), offset: 1), JSONValue(kind: .string("\u{0}"), offset: 11)]))
    }
}
