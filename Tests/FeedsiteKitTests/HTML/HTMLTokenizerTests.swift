import Testing
@testable import FeedsiteKit

/// Attribute values at every length and offset, against their decoded text written out by hand.
@Suite struct HTMLTokenizerTests {
    /// The attributes of the first start tag of `html`, by name.
    static func attributes(_ html: String) -> [String: String] {
        let bytes = Array(html.utf8)
        let sink = bytes.withUnsafeBufferPointer { buffer in
            var tokenizer = HTMLTokenizer(input: buffer, sink: RecordingSink())
            return tokenizer.run()
        }
        return sink.tokens.first?[2] as? [String: String] ?? [:]
    }

    @Test("quoted values end at their own quote and decode '&amp;' and NUL wherever they stand in the value",
          arguments: Array(0...19))
    func quotedValues(prefixLength: Int) {
        let prefix = String(repeating: "abcdefghij", count: 3).prefix(prefixLength)
        let suffix = "xyz0123456789"
        #expect(Self.attributes("<a v=\"\(prefix)&amp;\(suffix)\" w='\(prefix)\"\(suffix)'>") ==
                ["v": "\(prefix)&\(suffix)", "w": "\(prefix)\"\(suffix)"])
        #expect(Self.attributes("<a v='\(prefix)\u{0}\(suffix)'>") == ["v": "\(prefix)\u{FFFD}\(suffix)"])
        #expect(Self.attributes("<a v=\"\(prefix)\"\(suffix)\">") == ["v": String(prefix), "\(suffix)\"": ""])
        #expect(Self.attributes("<a v=\"\(prefix)") == [:]) // a value the input ends inside emits no tag
    }
}
