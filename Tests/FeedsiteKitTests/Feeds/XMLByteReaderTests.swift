import Foundation
import Testing
@testable import FeedsiteKit

/// The byte reader reads the ordinary feed into exactly the tree libxml2 makes of it, and gives up on
/// everything else so that libxml2 reads it as before.
@Suite struct XMLByteReaderTests {
    /// Documents the byte reader must read, each compared with libxml2's tree of the same bytes.
    static let ordinary: [String] = [
        // Namespaces: default, prefixed, redeclared inside, undeclared with xmlns="", on attributes, xml:.
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" xml:lang="en">
          <entry><media:content url="https://x.example/a.jpg" media:type="image/jpeg"/>
            <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>a <b>b</b></p></div></content>
            <x xmlns=""><y/></x>
            <media:group xmlns:media="urn:other:media"><media:title>t</media:title></media:group>
          </entry>
        </feed>
        """,
        // The five entities and character references, in text and in attributes.
        """
        <rss version="2.0"><channel><title a="&amp;#38; &lt;&gt;&quot;&apos; &#233;&#xe9;&#x1F600;">&lt;p&gt;caf&#233; &amp;amp; &#x1F600;&quot;&apos;&#38;</title></channel></rss>
        """,
        // CDATA joined with the text around it, across comments and processing instructions.
        """
        <rss><channel><description>a<![CDATA[<p>b & c</p>]]>d<!-- e -->f<?pi g?>h<![CDATA[]]></description></channel></rss>
        """,
        // Attribute values: a tab and a line feed each a space, a referenced line feed kept, '>' and the other quote as they are.
        "<rss><channel a=\"x\ty\nz&#10;w&#9;\" b='say \"hi\" > there' c=\"it's\"></channel></rss>",
        // Blank text between elements is text too; comments, a stylesheet and blanks around the root are not.
        """
        <?xml version='1.0' standalone='yes'?>
        <!-- before -->
        <?xml-stylesheet type="text/xsl" href="style.xsl"?>
        <rss version="2.0">
          <channel>
            <item />
            <item></item >
          </channel>
        </rss>
        <!-- after -->

        """,
        // Non-ASCII text, names with dots, dashes and digits, a comment holding a lone '-'.
        // Line ends: CR LF and a lone CR a line feed in text, a space in attributes, kept in CDATA (as libxml2's push parser does).
        "<rss\r\na=\"x\r\ny\rz\"\r>1\r\n2\r3<![CDATA[4\r\n5\r6\r]]>\r<!--c\r\n--><b\r\n/>\r\n</rss\r\n>\r\n",
        "<rss><channel><t-1.x_y>\u{E9}\u{4E2D}\u{1F600} \u{85}\u{7F}</t-1.x_y><!-- a - b --></channel></rss>",
        // Characters whose UTF-8 starts with EF as U+FFFE and U+FFFF do, which XML allows, everywhere text may be.
        "<rss a=\"\u{FEFF}\u{FFFD}\u{FDCF}\u{F8FF}\"><!--\u{FFFD}\u{EFFF}--><?pi \u{FFFD}?>\u{FFFD}x\u{FEFF}\u{FFEE}<![CDATA[\u{FFFD}\u{FDF0}]]></rss>",
    ]

    @Test("reads an ordinary document into the tree libxml2 makes of it", arguments: ordinary)
    func readsLikeLibXML2(_ document: String) throws {
        let bytes = Array(document.utf8)
        let fast = try #require(Self.fastTree(bytes), "the byte reader gave up on an ordinary document")
        #expect(fast == Self.libxml2Tree(bytes))
    }

    /// Documents the byte reader must leave to libxml2, each with why.
    static let refused: [(String, String)] = [
        ("a DOCTYPE", "<!DOCTYPE rss><rss/>"),
        ("another encoding declared", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><rss/>"),
        ("XML 1.1", "<?xml version=\"1.1\"?><rss/>"),
        ("a declaration without a version", "<?xml encoding=\"UTF-8\"?><rss/>"),
        ("a declaration not at the start", " <?xml version=\"1.0\"?><rss/>"),
        ("a byte order mark", "\u{FEFF}<rss/>"),
        ("a control character", "<rss>a\u{1}b</rss>"),
        ("a control character in an attribute", "<rss a=\"\u{B}\"/>"),
        ("U+FFFE", "<rss>\u{FFFE}</rss>"),
        ("U+FFFF at the end of a text", "<rss>a\u{FFFF}</rss>"),
        ("U+FFFF in an attribute", "<rss a=\"\u{FFFF}\"/>"),
        ("U+FFFE in a comment", "<rss><!--\u{FFFE}--></rss>"),
        ("U+FFFF in CDATA", "<rss><![CDATA[\u{FFFF}]]></rss>"),
        ("U+FFFE in an instruction", "<rss><?pi \u{FFFE}?></rss>"),
        ("a reference to a character XML forbids", "<rss>&#1;</rss>"),
        ("a reference to a surrogate", "<rss>&#xD800;</rss>"),
        ("an upper-case X in a reference", "<rss>&#X41;</rss>"),
        ("a reference without its semicolon", "<rss>&#65</rss>"),
        ("an HTML entity", "<rss>&nbsp;</rss>"),
        ("a bare ampersand", "<rss>a & b</rss>"),
        ("an unknown entity in an attribute", "<rss a=\"&copy;\"/>"),
        ("']]>' in text", "<rss>a]]>b</rss>"),
        ("a mismatched end tag", "<rss><a></b></rss>"),
        ("an end tag longer than its start", "<rss><a></ab></rss>"),
        ("a document cut off", "<rss><channel>"),
        ("text after the root", "<rss/>x"),
        ("a second root", "<rss/><rss/>"),
        ("text before the root", "x<rss/>"),
        ("no root", "<!-- only -->"),
        ("an undeclared prefix", "<rss><dc:creator>a</dc:creator></rss>"),
        ("an undeclared attribute prefix", "<rss a:b=\"c\"/>"),
        ("a prefix used outside its element", "<rss><a xmlns:p=\"urn:p\"/><p:b/></rss>"),
        ("a relative namespace URI", "<rss xmlns=\"feed\"/>"),
        ("an empty prefixed namespace", "<rss xmlns:a=\"\"/>"),
        ("the xml prefix declared", "<rss xmlns:xml=\"http://www.w3.org/XML/1998/namespace\"/>"),
        ("the XML namespace bound to another prefix", "<rss xmlns:x=\"http://www.w3.org/XML/1998/namespace\"/>"),
        ("a prefix declared twice in one tag", "<rss xmlns:a=\"urn:a\" xmlns:a=\"urn:b\"/>"),
        ("an element with the xmlns prefix", "<xmlns:rss xmlns:a=\"urn:a\"/>"),
        ("a namespace URI with a space", "<rss xmlns=\"http://a.example/ b\"/>"),
        ("a duplicate attribute", "<rss a=\"1\" a=\"2\"/>"),
        ("a duplicate attribute through two prefixes", "<rss xmlns:a=\"urn:x\" xmlns:b=\"urn:x\" a:c=\"1\" b:c=\"2\"/>"),
        ("an attribute without quotes", "<rss a=b/>"),
        ("an attribute without a value", "<rss a/>"),
        ("attributes without a space between", "<rss a=\"1\"b=\"2\"/>"),
        ("'<' in an attribute value", "<rss a=\"<\"/>"),
        ("xml:space", "<rss xml:space=\"preserve\"/>"),
        ("a non-ASCII name", "<rss><caf\u{E9}/></rss>"),
        ("a name with two colons", "<rss xmlns:a=\"urn:a\"><a:b:c/></rss>"),
        ("a name starting with a digit", "<rss><1/></rss>"),
        ("'--' inside a comment", "<rss><!-- a -- b --></rss>"),
        ("a comment ending '--->'", "<rss><!-- a ---></rss>"),
        ("an instruction named xml inside", "<rss><?xml version=\"1.0\"?></rss>"),
        ("an instruction named with xml", "<rss><?xml-foo?></rss>"),
        ("an instruction with a colon in its target", "<rss><?a:b c?></rss>"),
        ("CDATA outside the root", "<![CDATA[x]]><rss/>"),
        ("an unterminated CDATA section", "<rss><![CDATA[x</rss>"),
        ("a '/' not closing the tag", "<rss/ >"),
    ]

    @Test("gives up on what it does not handle completely, leaving it to libxml2", arguments: refused)
    func givesUp(_ why: String, _ document: String) {
        #expect(Self.fastTree(Array(document.utf8)) == nil, "read despite \(why)")
    }

    @Test("never sees invalid UTF-8: FeedEncoding repairs it once, and the repaired document reads as libxml2 reads it", arguments: [
        [0xFF], [0x80], [0xC3], [0xC0, 0x80], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xEF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80],
    ] as [[UInt8]])
    func repairedUTF8(_ bad: [UInt8]) throws {
        for (before, after) in [("<rss a=\"x", "y\">t</rss>"), ("<rss>caf\u{E9} ", "&amp;</rss>"), ("<rss><![CDATA[", "]]></rss>"), ("<rss><!--", "--></rss>")] {
            let decoded = try FeedEncoding.decode(Array(before.utf8) + bad + Array(after.utf8), source: "feed.xml", contentType: nil)
            let text = try #require(decoded.text)
            #expect(Array(text.utf8) == decoded.bytes && text.unicodeScalars.contains("\u{FFFD}") && decoded.problems.count == 1)
            let fast = try #require(Self.fastTree(decoded.bytes), "\(before)")
            #expect(fast == Self.libxml2Tree(decoded.bytes))
        }
    }

    @Test("reads long texts made of many pieces (references, line ends, CDATA) whole, as libxml2 does")
    func longTexts() throws {
        let piece = "caf\u{E9} &amp;&#233;&#x1F600;\r\n\u{4E2D}&lt;p&gt;<![CDATA[&amp;\u{FFFD}]]>\r"
        let document = "<rss a=\"" + String(repeating: "&quot;\u{E9}\t", count: 20_000) + "\"><t>" + String(repeating: piece, count: 20_000) + "</t></rss>"
        let fast = try #require(Self.fastTree(Array(document.utf8)))
        #expect(fast == Self.libxml2Tree(Array(document.utf8)))
        let root = try #require(XMLByteReader.read(document, source: "f.xml", maximumDepth: 256))
        #expect(root.first("t")?.text.utf8.count == 20_000 * Array("caf\u{E9} &\u{E9}\u{1F600}\n\u{4E2D}<p>&amp;\u{FFFD}\n".utf8).count)
    }

    @Test("gives up on nesting deeper than libxml2's path allows, and on too many attributes or namespaces")
    func givesUpOnLimits() {
        let deep = String(repeating: "<a>", count: XMLTreeReader.maximumDepth + 1) + String(repeating: "</a>", count: XMLTreeReader.maximumDepth + 1)
        #expect(Self.fastTree(Array(deep.utf8)) == nil)
        let allowed = String(repeating: "<a>", count: XMLTreeReader.maximumDepth) + String(repeating: "</a>", count: XMLTreeReader.maximumDepth)
        #expect(Self.fastTree(Array(allowed.utf8)) != nil)
        let attributes = (0...XMLByteReader.maximumAttributes).map { " a\($0)=\"\($0)\"" }.joined()
        #expect(Self.fastTree(Array("<rss\(attributes)/>".utf8)) == nil)
        let declarations = (0...XMLByteReader.maximumBindings).map { " xmlns:p\($0)=\"urn:p\($0)\"" }.joined()
        #expect(Self.fastTree(Array("<rss\(declarations)/>".utf8)) == nil)
    }

    @Test("places each element at its '<', in lines and characters")
    func positions() throws {
        let document = "<?xml version=\"1.0\"?>\n<rss>\n\t<ch>\u{E9}\u{1F600}<b/></ch>\n  <c\n/></rss>"
        let root = try #require(XMLByteReader.read(document, source: "f.xml", maximumDepth: 256))
        #expect((root.line, root.column) == (2, 1))
        let channel = try #require(root.first("ch"))
        #expect((channel.line, channel.column) == (3, 2))
        #expect((channel.elements[0].line, channel.elements[0].column) == (3, 8))
        let last = try #require(root.first("c"))
        #expect((last.line, last.column) == (4, 3))
    }

    @Test("reads names, namespaces, attributes and text as a feed uses them")
    func readsTheTree() throws {
        let document = """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><item rdf:about="a&amp;b"><title>x &lt; y<![CDATA[ & z]]></title></item></rdf:RDF>
            """
        let root = try #require(XMLByteReader.read(document, source: "f.xml", maximumDepth: 256))
        #expect(root.name == "RDF" && root.namespace == FeedNamespace.rdf)
        let item = try #require(root.first("item", FeedNamespace.rss1))
        #expect(item.attribute("about", FeedNamespace.rdf) == "a&b")
        #expect(item.value("title", FeedNamespace.rss1) == "x < y & z")
    }

    @Test("reads the corpus's UTF-8 feeds itself, into libxml2's trees")
    func corpus() throws {
        let folder = RepositoryPaths.root + "/Fuzz/corpus/xmlfeed"
        var read: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
            let raw = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
            let decoded = try FeedEncoding.decode(raw, source: name, contentType: nil)
            let bytes = decoded.bytes
            guard let fast = Self.fastTree(bytes) else { continue }
            #expect(fast == Self.libxml2Tree(bytes), "\(name): the trees differ")
            read.append(name)
        }
        #expect(Set(read).isSuperset(of: ["atom.xml", "rdf.xml", "rss2.xml"]), "read only \(read)")
        #expect(!read.contains("entities.xml"), "a DOCTYPE is libxml2's")
    }

    @Test("the feeds read through FeedReader come out the same with the byte reader as with libxml2 alone")
    func feedFixture() throws {
        let document = FeedFixture.rss("""
            <item><title>A &amp; B</title><link>https://x.example/1?a=1&amp;b=2</link><dc:creator>me</dc:creator>
            <content:encoded><![CDATA[<p>hi</p>]]></content:encoded><media:content url="https://x.example/i.png"/>
            <pubDate>Mon, 28 Nov 2026 00:00:00 GMT</pubDate></item>
            """)
        let bytes = Array(document.utf8)
        let fast = try #require(Self.fastTree(bytes))
        #expect(fast == Self.libxml2Tree(bytes))
    }
}

private extension XMLByteReaderTests {
    /// The byte reader's tree of `bytes` (valid UTF-8), rendered, or nil when it gave up.
    static func fastTree(_ bytes: [UInt8]) -> String? {
        let document = String(validating: bytes, as: UTF8.self)!
        return XMLByteReader.read(document, source: "feed.xml", maximumDepth: XMLTreeReader.maximumDepth).map(render)
    }

    /// libxml2's tree of `bytes`, rendered, or nil when it found a problem.
    static func libxml2Tree(_ bytes: [UInt8]) -> String? {
        let reader = XMLTreeReader(source: "feed.xml") { _ in true }
        reader.parse(bytes)
        guard reader.problems.isEmpty, let root = reader.root else { return nil }
        return render(root)
    }

    /// Every name, namespace, attribute, position and text of the tree, one line each.
    static func render(_ element: XMLElement) -> String {
        var lines: [String] = []
        func add(_ element: XMLElement, _ depth: Int) {
            let indent = String(repeating: " ", count: depth)
            lines.append("\(indent){\(element.namespace)}\(element.name) @\(element.line):\(element.column)")
            for attribute in element.attributes {
                lines.append("\(indent) @{\(attribute.namespace)}\(attribute.name)=\(String(reflecting: attribute.value))")
            }
            for child in element.children {
                switch child {
                case .element(let inner): add(inner, depth + 1)
                case .text(let text): lines.append("\(indent) text \(String(reflecting: text))")
                }
            }
        }
        add(element, 0)
        return lines.joined(separator: "\n")
    }
}
