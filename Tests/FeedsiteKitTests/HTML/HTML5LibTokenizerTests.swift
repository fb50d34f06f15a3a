import Foundation
import Testing
@testable import FeedsiteKit

/// Collects every token, as the html5lib suite writes them, merging adjacent character tokens.
struct RecordingSink: HTMLTokenSink {
    static var wantsText: Bool { true }
    static var wantsComments: Bool { true }
    var tokens: [[Any]] = []

    mutating func startTag(_ tag: HTMLTag) {
        var attributes: [String: String] = [:]
        for attribute in tag.attributes where !attribute.isDuplicate {
            attributes[String(decoding: tag.name(of: attribute), as: UTF8.self)] = String(decoding: tag.value(of: attribute), as: UTF8.self)
        }
        var token: [Any] = ["StartTag", String(decoding: tag.name, as: UTF8.self), attributes]
        if tag.selfClosing { token.append(true) }
        tokens.append(token)
    }

    mutating func endTag(name: UnsafeBufferPointer<UInt8>) {
        tokens.append(["EndTag", String(decoding: name, as: UTF8.self)])
    }

    mutating func text(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        if let last = tokens.last, last.first as? String == "Character", let previous = last[1] as? String {
            tokens[tokens.count - 1] = ["Character", previous + text]
        } else {
            tokens.append(["Character", text])
        }
    }

    mutating func comment(_ bytes: [UInt8]) {
        tokens.append(["Comment", String(decoding: bytes, as: UTF8.self)])
    }

    mutating func doctype(name: [UInt8]?, publicID: [UInt8]?, systemID: [UInt8]?, forceQuirks: Bool) {
        func text(_ bytes: [UInt8]?) -> Any { bytes.map { String(decoding: $0, as: UTF8.self) } ?? NSNull() }
        tokens.append(["DOCTYPE", text(name), text(publicID), text(systemID), !forceQuirks])
    }
}

/// Runs the html5lib tokenizer tests from ../shared/html5lib-tests (skipped by name when absent).
@Suite(.enabled(if: SharedData.exists(SharedData.html5libTokenizer), "../shared/html5lib-tests is not present"))
struct HTML5LibTokenizerTests {
    static let files = ["test1", "test2", "test3", "test4", "entities", "namedEntities", "numericEntities",
                        "contentModelFlags", "escapeFlag", "domjs", "unicodeChars"]

    static let states: [String: HTMLTokenizerState] = [
        "Data state": .data, "PLAINTEXT state": .plaintext, "RCDATA state": .rcdata, "RAWTEXT state": .rawtext,
        "Script data state": .scriptData, "CDATA section state": .cdataSection,
    ]

    @Test("every case of the tokenizer suite file produces the expected tokens", arguments: files)
    func suiteFile(_ file: String) throws {
        let data = try #require(FileManager.default.contents(atPath: "\(SharedData.html5libTokenizer)/\(file).test"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let tests = try #require(root["tests"] as? [[String: Any]])
        var checked = 0
        for test in tests {
            let description = test["description"] as? String ?? "?"
            let doubleEscaped = test["doubleEscaped"] as? Bool ?? false
            guard var input = test["input"] as? String, let expected = test["output"] as? [Any] else { continue }
            if doubleEscaped { input = Self.unescape(input) }
            // Lone surrogates cannot be UTF-8; such inputs never reach a UTF-8 file.
            guard !input.unicodeScalars.contains(where: { $0.value == 0xFFFD }) || !doubleEscaped else { continue }
            input = input.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            let bytes = Array(input.utf8)
            let lastStartTag = Array((test["lastStartTag"] as? String ?? "").utf8)
            for stateName in test["initialStates"] as? [String] ?? ["Data state"] {
                let state = try #require(Self.states[stateName])
                let sink = bytes.withUnsafeBufferPointer { buffer in
                    var tokenizer = HTMLTokenizer(input: buffer, sink: RecordingSink(), state: state,
                                                  lastStartTag: lastStartTag, followsContentModel: false)
                    return tokenizer.run()
                }
                let actual = sink.tokens.map { Self.normalise($0) }
                let wanted = expected.map { Self.normalise($0 as? [Any] ?? [], unescape: doubleEscaped) }
                #expect(actual == wanted, "\(file): \(description) [\(stateName)] input \(input.debugDescription)")
                checked += 1
            }
        }
        #expect(checked > 0)
    }

    /// A comparable text form of a token.
    static func normalise(_ token: [Any], unescape: Bool = false) -> String {
        token.map { part -> String in
            switch part {
            case let text as String: return "s:" + (unescape ? Self.unescape(text) : text)
            case let flag as Bool: return "b:\(flag)"
            case let attributes as [String: Any]:
                return "a:" + attributes.keys.sorted().map { key in
                    let value = attributes[key] as? String ?? ""
                    return "\(unescape ? Self.unescape(key) : key)=\(unescape ? Self.unescape(value) : value)"
                }.joined(separator: "\u{1}")
            case is NSNull: return "null"
            case let number as NSNumber: return "b:\(number.boolValue)"
            default: return "?"
            }
        }.joined(separator: "|")
    }

    /// Undoes the suite's extra `\uHHHH` escaping.
    static func unescape(_ text: String) -> String {
        var result = ""
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            if scalar == "\\", scalars.first == "u", scalars.count >= 5,
               let value = UInt32(String(String.UnicodeScalarView(scalars.dropFirst().prefix(4))), radix: 16) {
                result.unicodeScalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                scalars = scalars.dropFirst(5)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
