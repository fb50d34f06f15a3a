import Testing
@testable import FeedsiteKit

/// The XML the feeds and the sitemap are written with: escaped for its place, and never ill-formed.
@Suite struct XMLWriterTests {
    @Test("text escapes &, < and > and keeps a carriage return as a reference; attributes also escape quotes, tabs and line feeds")
    func escaping() {
        #expect(XMLWriter.escapedText("a & b <c> \"d\" 'e' ]]> \r\n\t") == "a &amp; b &lt;c&gt; \"d\" 'e' ]]&gt; &#xD;\n\t")
        #expect(XMLWriter.escapedAttribute("a & \"b\" <c>\t\n\r") == "a &amp; &quot;b&quot; &lt;c&gt;&#x9;&#xA;&#xD;")
        #expect(XMLWriter.escapedText("plain text, é, 🇺🇳") == "plain text, é, 🇺🇳")
    }

    @Test("characters XML 1.0 forbids are left out: C0 controls but tab, line feed and carriage return, U+FFFE and U+FFFF")
    func forbiddenCharacters() {
        var hostile = ""
        for value in UInt32(0)...0x1F { hostile.unicodeScalars.append(Unicode.Scalar(value)!) }
        hostile += "\u{7F}\u{85}\u{D7FF}\u{E000}\u{FFFD}\u{FFFE}\u{FFFF}\u{10000}\u{10FFFF}"
        #expect(XMLWriter.escapedText(hostile) == "\t\n&#xD;\u{7F}\u{85}\u{D7FF}\u{E000}\u{FFFD}\u{10000}\u{10FFFF}")
        #expect(XMLWriter.escapedAttribute("a\u{0}b\u{1B}c\u{FFFF}") == "abc")
    }

    @Test("elements nest with indentation; an element without content is empty-element syntax")
    func document() {
        var xml = XMLWriter()
        xml.open("feed", ["xmlns": "urn:x", "a": "1 & 2"])
        xml.element("title", ["type": "text"], "<T>")
        xml.element("link", ["href": "https://e.com/?a=1&b=2"])
        xml.close()
        #expect(String(decoding: xml.bytes, as: UTF8.self) == """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="urn:x" a="1 &amp; 2">
          <title type="text">&lt;T&gt;</title>
          <link href="https://e.com/?a=1&amp;b=2"/>
        </feed>

        """)
    }
}
