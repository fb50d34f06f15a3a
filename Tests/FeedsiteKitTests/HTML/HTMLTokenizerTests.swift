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

    /// Every attribute of every start tag: name, value, where the value starts, whether it repeats a name.
    struct AttributeSink: HTMLTokenSink {
        static var wantsText: Bool { false }
        static var wantsComments: Bool { false }
        var attributes: [String] = []

        mutating func startTag(_ tag: HTMLTag) {
            for attribute in tag.attributes {
                attributes.append("\(String(decoding: tag.name(of: attribute), as: UTF8.self))=\(String(decoding: tag.value(of: attribute), as: UTF8.self))"
                                  + "@\(attribute.valueOffset)\(attribute.isDuplicate ? " duplicate" : "")")
            }
        }
        mutating func endTag(name: UnsafeBufferPointer<UInt8>) {}
        mutating func text(_ bytes: [UInt8]) {}
        mutating func comment(_ bytes: [UInt8]) {}
        mutating func doctype(name: [UInt8]?, publicID: [UInt8]?, systemID: [UInt8]?, forceQuirks: Bool) {}
    }

    @Test("an attribute written as name=\"value\" (read in one step) has the value, offset and duplicate mark the states give it",
          arguments: [
              ("<a href=\"x\" HREF='y' id=z title>", ["href=x@9", "href=y@18 duplicate", "id=z@24", "title=@31"]),
              ("<a b = \"v\" c='' d=\"\">", ["b=v@8", "c=@14", "d=@19"]),
              ("<a =\"v\">", ["=\"v\"=@7"]),
              ("<a b=\"&amp;x\"c='\u{0}'>", ["b=&x@6", "c=\u{FFFD}@16"]),
              ("<a b=\"v", []),
              ("<a b=\"", []),
              ("<a b=", []),
              ("<a b", []),
          ])
    func attributeInOneStep(html: String, expected: [String]) {
        let bytes = Array(html.utf8)
        let sink = bytes.withUnsafeBufferPointer { buffer in
            var tokenizer = HTMLTokenizer(input: buffer, sink: AttributeSink())
            return tokenizer.run()
        }
        #expect(sink.attributes == expected)
    }

    /// Every token of `html` as one line each: `<name attributes...>`, `/` before `>` when self-closing,
    /// `</name>` for an end tag, text in quotes.
    static func tokens(_ html: String) -> [String] {
        let bytes = Array(html.utf8)
        let sink = bytes.withUnsafeBufferPointer { buffer in
            var tokenizer = HTMLTokenizer(input: buffer, sink: RecordingSink())
            return tokenizer.run()
        }
        return sink.tokens.map { token in
            switch token[0] as? String {
            case "StartTag":
                let attributes = (token[2] as? [String: String] ?? [:]).sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }
                return "<\(token[1])\(attributes.joined())\(token.count > 3 ? "/" : "")>"
            case "EndTag": return "</\(token[1])>"
            default: return "\"\(token[1])\""
            }
        }
    }

    @Test("a tag name and its name=\"value\" attributes, read in one run, end the tag as the states do at every byte that can follow",
          arguments: [
              ("<P>x", ["<p>", "\"x\""]),
              ("<p\t>x</P\n>", ["<p>", "\"x\"", "</p>"]),
              ("<br/>x", ["<br/>", "\"x\""]),
              ("<br />x", ["<br/>", "\"x\""]),
              ("<a HREF=\"u\">x", ["<a href=u>", "\"x\""]),
              ("<a href=\"u\"/>", ["<a href=u/>"]),
              ("<a href=\"u\" />", ["<a href=u/>"]),
              ("<a href=\"u\"/ id='i'>", ["<a href=u id=i>"]),
              ("<a href=\"u\"id='i'>", ["<a href=u id=i>"]),
              ("<a\nhref=\"u\"\r\n\tid='i'\u{0C}>", ["<a href=u id=i>"]),
              ("<a href=\"u\" id=i>", ["<a href=u id=i>"]),
              ("<a href=\"u\" id>", ["<a href=u id=>"]),
              ("<a href=\"u\" href=\"v\">", ["<a href=u>"]),
              ("<a href=\"u\"\u{0}b='c'>", ["<a href=u \u{FFFD}b=c>"]),
              ("<a =\"u\" b='c'>", ["<a =\"u\"= b=c>"]),
              ("<a\u{0}b c=\"u\">", ["<a\u{FFFD}b c=u>"]),
              ("<a b=\"u\"", []),
              ("<a b=\"u\" ", []),
              ("<a ", []),
              ("<a", []),
              ("</a href=\"u\">x", ["</a>", "\"x\""]),
              ("<title a=\"b\"><p></title>", ["<title a=b>", "\"<p>\"", "</title>"]),
              ("<a HREF=\"u\" href=\"v\" Href='w'>", ["<a href=u>"]),
              ("<a href=\"?a=1&amp;b=2&ampx&AMP;c&amp\">", ["<a href=?a=1&b=2&ampx&c&>"]),
          ])
    func tagInOneRun(html: String, expected: [String]) {
        #expect(Self.tokens(html) == expected)
    }
}
