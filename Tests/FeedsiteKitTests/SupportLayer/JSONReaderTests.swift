import Testing
@testable import FeedsiteKit

@Suite struct JSONReaderTests {
    func read(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try JSONReader.read(Array(text.utf8), file: "f.json")
    }

    @Test("every kind of value is read with the byte offset where it starts")
    func values() throws {
        let value = try read(" {\"a\": [1, -2.5e3, true, false, null], \"b\": \"x\\n\\u00e9\\ud83d\\ude00\", \"a\": 0}")
        #expect(value.offset == 1)
        let members = try #require(value.members)
        #expect(members.map(\.key) == ["a", "b", "a"])
        #expect(members.map(\.keyOffset) == [2, 39, 69])
        let array = try #require(value.member("a")?.array)
        #expect(array.map(\.kind) == [.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null])
        #expect(array.map(\.offset) == [8, 11, 19, 25, 32])
        #expect(array[1].number == -2500)
        #expect(value.member("b")?.string == "x\né😀")
    }

    @Test("a byte order mark and surrounding whitespace are skipped")
    func byteOrderMark() throws {
        let value = try JSONReader.read([0xEF, 0xBB, 0xBF] + Array(" \n[]\n".utf8), file: "f.json")
        #expect(value == JSONValue(kind: .array([]), offset: 5))
    }

    @Test("syntax errors say what was expected, at the line and column where it was not found",
          arguments: [
              ("{\"a\": 1,}", 1, 9, "expected a member name in double quotes, found '}'"),
              ("[1 2]", 1, 4, "expected ',' or ']' after an array element, found '2'"),
              ("{\n  \"a\" 1}", 2, 7, "expected ':' after the member name \"a\", found '1'"),
              ("{\"a\": 1", 1, 8, "expected ',' or '}' after an object member, found the end of the text"),
              ("\"abc", 1, 1, "expected '\"' to close the string that starts here"),
              ("[01]", 1, 3, "expected no leading zero in the number"),
              ("[1.]", 1, 4, "expected a digit after the decimal point, found ']'"),
              ("[tru]", 1, 2, "expected true, found 'tru'"),
              ("nul", 1, 1, "expected null, found 'nul'"),
              ("[\"é\" x]", 1, 6, "expected ',' or ']' after an array element, found 'x'"),
              ("\"a\\qb\"", 1, 3, "expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX, found '\\q'"),
              ("\"a\tb\"", 1, 3, "expected '\\t' instead of a control character in the string"),
              ("{} {}", 1, 4, "expected the end of the text after the JSON value, found '{'"),
              ("", 1, 1, "expected a JSON value, found the end of the text"),
              ("// c\n{}", 1, 1, "expected a JSON value (object, array, string, number, true, false or null), found '/'"),
          ])
    func errors(text: String, line: Int, column: Int, message: String) {
        #expect(throws: JSONSyntaxError(at: SourceLocation(file: "f.json", line: line, column: column), message)) {
            _ = try read(text)
        }
    }

    @Test("the error's description is file:line:col: message")
    func description() {
        let error = JSONSyntaxError(at: SourceLocation(file: "s/a.json", line: 3, column: 7), "expected ':'")
        #expect(error.description == "s/a.json:3:7: expected ':'")
    }

    @Test("nesting deeper than the limit is an error, not a stack overflow")
    func depth() {
        let text = String(repeating: "[", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { _ = try read(text) }
        #expect(throws: Never.self) { _ = try read(String(repeating: "[", count: 500) + String(repeating: "]", count: 500)) }
    }

    @Test("invalid UTF-8 in a string is an error at the string")
    func invalidUTF8() {
        #expect(throws: JSONSyntaxError(at: SourceLocation(file: "f.json", line: 1, column: 2), "expected UTF-8 text in the string that starts here")) {
            _ = try JSONReader.read(Array("[\"a".utf8) + [0xFF] + Array("\"]".utf8), file: "f.json")
        }
    }

    @Test("a quote, a backslash, a control character or a byte that is not UTF-8 is found wherever it stands in a long string")
    func longStrings() throws {
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123".utf8)
        for position in 0...letters.count {
            let before = Array("é😀".utf8) + letters[..<position], after = Array(letters[position...])
            func json(_ middle: [UInt8]) -> [UInt8] { Array("[\"".utf8) + before + middle + after + Array("\"]".utf8) }
            let escaped = try JSONReader.read(json(Array("\\\"\\\\".utf8)), file: "f.json")
            #expect(escaped.array?.first?.string == String(decoding: before + Array("\"\\".utf8) + after, as: UTF8.self))
            #expect(try JSONReader.read(json([]), file: "f.json").array?.first?.string == String(decoding: before + after, as: UTF8.self))
            for bad: [UInt8] in [[0x0A], [0x1F], [0x22], [0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF]] {
                #expect(throws: JSONSyntaxError.self, "\(bad) at \(position)") { _ = try JSONReader.read(json(bad), file: "f.json") }
            }
        }
    }
}
