import CLibXML2
#if canImport(Glibc)
import Glibc
#endif

/// Reads a feed's XML with libxml2's SAX2 push parser into an `XMLElement` tree: the only file that
/// uses libxml2.
///
/// Safe for hostile input: network access is off (`XML_PARSE_NONET`), no DTD is loaded, entities are
/// never substituted (no `XML_PARSE_NOENT` or `XML_PARSE_DTDLOAD`; `XML_PARSE_HUGE` only lifts the 10 MB input limit), and every entity
/// reference goes through `getEntity` here, which never returns a declared entity: an entity from the
/// feed's own DTD (an XXE or billion-laughs payload) expands to nothing, HTML's common named entities
/// (`&nbsp;`, which many RSS feeds use undeclared) become their character, and any other name stays
/// as written. Each is a warning. (In attribute values libxml2 takes only the first byte of an entity,
/// so there an HTML entity for a non-ASCII character reads as U+FFFD.) Broken XML is recovered as far as libxml2 can
/// (`XML_PARSE_RECOVER`); its errors are warnings with their line:column.
final class XMLTreeReader {
    /// The file or URL the feed came from, for locations.
    let source: String
    /// Whether a root element (by local name and namespace) is a feed; reading stops at any other.
    let acceptsRoot: (XMLElement) -> Bool
    /// The elements open now, outermost first.
    var stack: [XMLElement] = []
    /// The text read since the innermost open element's last child, as UTF-8: it becomes one text child
    /// when the next element starts or the open one ends.
    var pendingText: [UInt8] = []
    /// The root once it is complete, or the refused root's start tag.
    var root: XMLElement?
    /// Whether the root was refused.
    var refused = false
    /// libxml2's errors and the entity warnings, in document order.
    var problems: [Diagnostic] = []
    /// libxml2's first fatal error, for when no root element could be read.
    var firstError: Diagnostic?
    /// Names declared as entities in the feed's DTD.
    var declaredEntities: Set<String> = []
    /// The stand-in entities handed to libxml2, one per name, freed after parsing.
    var entities: [String: UnsafeMutablePointer<xmlEntity>] = [:]
    /// The parser, for line and column numbers.
    var context: xmlParserCtxtPtr?
    /// The text being parsed, and a cursor that turns the offsets of start tags into locations.
    var text: [UInt8] = []
    var cursor = SourceText.Cursor(bytes: [], file: "")

    /// libxml2 must be set up once before threads parse at the same time (fetch reads feeds in
    /// parallel); a static is initialized exactly once, under a lock.
    static let libraryReady: Void = xmlInitParser()

    /// The deepest nesting of elements read; a deeper feed is refused (the tree and its readers recurse).
    static let maximumDepth = 256
    /// Where an element nested deeper than `maximumDepth` starts, when one did.
    var tooDeep: SourceLocation?
    /// Where the text ended with elements still open (a feed cut off in transfer), when it did.
    var endedInside: (element: String, at: SourceLocation)?

    /// The most problems kept; the rest are counted in one last warning.
    static let maximumProblems = 100
    var droppedProblems = 0

    init(source: String, acceptsRoot: @escaping (XMLElement) -> Bool) {
        self.source = source
        self.acceptsRoot = acceptsRoot
    }

    deinit {
        for entity in entities.values {
            free(UnsafeMutableRawPointer(mutating: entity.pointee.name))
            free(entity.pointee.content)
            // libxml2 hands a declaration's original text to the entity `getEntity` returns for its name.
            free(entity.pointee.orig)
            entity.deallocate()
        }
    }
}

extension XMLTreeReader {
    /// Parses `utf8` (already UTF-8: the XML declaration's encoding is ignored).
    func parse(_ utf8: [UInt8]) {
        _ = Self.libraryReady
        text = utf8
        cursor = SourceText.Cursor(bytes: utf8, file: source)
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { context, localName, _, uri, _, _, attributeCount, _, attributes in
            let reader = XMLTreeReader.from(context)
            reader.keepReadingReferences()
            reader.start(localName, uri, Int(attributeCount), attributes)
        }
        handler.endElementNs = { context, _, _, _ in
            let reader = XMLTreeReader.from(context)
            reader.keepReadingReferences()
            reader.end()
        }
        handler.characters = { context, text, length in
            let reader = XMLTreeReader.from(context)
            reader.keepReadingReferences()
            reader.characters(text, Int(length))
        }
        handler.cdataBlock = { context, text, length in XMLTreeReader.from(context).characters(text, Int(length)) }
        handler.getEntity = { context, name in XMLTreeReader.from(context).entity(named: name) }
        handler.entityDecl = { context, name, _, _, _, _ in
            if let name { XMLTreeReader.from(context).declaredEntities.insert(String(cString: name)) }
        }
        handler.serror = { context, error in
            guard let context, let error else { return }
            XMLTreeReader.from(context).record(error.pointee)
        }
        // XML_PARSE_HUGE: without it libxml2 stops at 10 MB of input ("Huge input lookup") although feedsite's own
        // size limit (feed_size_limit) already bounds what it reads; entities are never expanded either way.
        let options = Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_IGNORE_ENC.rawValue
            | XML_PARSE_NOWARNING.rawValue | XML_PARSE_HUGE.rawValue)
        let unmanaged = Unmanaged.passUnretained(self).toOpaque()
        guard let parser = xmlCreatePushParserCtxt(&handler, unmanaged, nil, 0, source) else { return }
        context = parser
        defer {
            context = nil
            // A DTD declaring entities makes libxml2 build a document to keep them in (for expat
            // compatibility in SAX mode); freeing the context leaves it to the caller.
            if let document = parser.pointee.myDoc { xmlFreeDoc(document) }
            xmlFreeParserCtxt(parser)
        }
        xmlCtxtUseOptions(parser, options)
        utf8.withUnsafeBufferPointer { buffer in
            buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
                _ = xmlParseChunk(parser, pointer, Int32(buffer.count), 1)
            }
            if buffer.isEmpty { _ = xmlParseChunk(parser, nil, 0, 1) }
        }
        // A feed cut off in transfer ends with elements open: the caller refuses it rather than keep part of it.
        if !refused, tooDeep == nil, let open = stack.last {
            endedInside = (open.name, cursor.location(of: text.count))
        }
        while !refused, !stack.isEmpty { end() }
        if droppedProblems > 0, let last = problems.last {
            problems.append(Diagnostic(.warning, at: last.location, "\(droppedProblems) more problems in the XML are not shown"))
        }
    }
}

private extension XMLTreeReader {
    static func from(_ context: UnsafeMutableRawPointer?) -> XMLTreeReader {
        Unmanaged<XMLTreeReader>.fromOpaque(context!).takeUnretainedValue()
    }

    var here: (line: Int, column: Int) {
        guard let context else { return (1, 1) }
        return (Int(xmlSAX2GetLineNumber(context)), Int(xmlSAX2GetColumnNumber(context)))
    }

    func start(_ localName: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?, _ count: Int,
               _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        guard !refused else { return }
        flushText()
        var list: [XMLElement.Attribute] = []
        list.reserveCapacity(count)
        if let attributes {
            for index in 0..<count {
                let base = attributes + index * 5
                guard let name = base[0], let start = base[3], let end = base[4] else { continue }
                var value = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
                // Without entity substitution libxml2 keeps an `&` from `&amp;` or `&#38;` as `&#38;` in
                // attribute values (for a tree builder to re-read); a raw `&` cannot occur there.
                if value.contains("&#38;") { value = value.replacing("&#38;", with: "&") }
                list.append(XMLElement.Attribute(name: String(cString: name), namespace: base[2].map { String(cString: $0) } ?? "", value: value))
            }
        }
        let position = startTagLocation()
        let element = XMLElement(name: localName.map { String(cString: $0) } ?? "", namespace: uri.map { String(cString: $0) } ?? "",
                                 attributes: list, line: position.line, column: position.column)
        if stack.isEmpty, root == nil, !acceptsRoot(element) {
            refused = true
            root = element
            if let context { xmlStopParser(context) }
            return
        }
        if stack.count >= Self.maximumDepth {
            tooDeep = position
            refused = true
            if let context { xmlStopParser(context) }
            return
        }
        stack.append(element)
    }

    /// Where the start tag just read begins: libxml2 stands after it, and no `<` can occur inside a
    /// start tag, so it is the last `<` before that point.
    func startTagLocation() -> SourceLocation {
        guard let context else { return SourceLocation(file: source, line: 1, column: 1) }
        var offset = min(Int(xmlByteConsumed(context)), text.count)
        while offset > 0 {
            offset -= 1
            if text[offset] == UInt8(ascii: "<") { break }
        }
        return cursor.location(of: offset)
    }

    func end() {
        guard !refused, !stack.isEmpty else { return }
        flushText()
        let element = stack.removeLast()
        if stack.isEmpty {
            if root == nil { root = element }
        } else {
            stack[stack.count - 1].children.append(.element(element))
        }
    }

    func characters(_ text: UnsafePointer<xmlChar>?, _ length: Int) {
        guard !refused, !stack.isEmpty, let text, length > 0 else { return }
        // libxml2 hands text over in pieces (each `&lt;` of escaped HTML is one): collected as bytes and made
        // one String when the text ends (callgrind, `feedsite-bench parse` on ten of Benchmarks/fetch.py's feeds).
        pendingText.append(contentsOf: UnsafeBufferPointer(start: text, count: length))
    }

    /// The text collected since the last element started or ended, as the innermost open element's last child.
    func flushText() {
        guard !pendingText.isEmpty, !stack.isEmpty else { return }
        stack[stack.count - 1].children.append(.text(String(decoding: pendingText, as: UTF8.self)))
        pendingText.removeAll(keepingCapacity: true)
    }

    /// A stand-in for every entity reference that is not one of XML's five: libxml2 inlines a
    /// "predefined" entity's content as text and never parses or expands it.
    func entity(named name: UnsafePointer<xmlChar>?) -> xmlEntityPtr? {
        guard let name else { return nil }
        let key = String(cString: name)
        if let entity = entities[key] { return entity }
        let position = here
        let location = SourceLocation(file: source, line: position.line, column: max(position.column - key.utf8.count - 2, 1))
        let content: String
        if declaredEntities.contains(key) {
            content = ""
            add(Diagnostic(.warning, at: location, "the entity '&\(key);' is declared in the feed's DTD; feedsite does not expand entities, so it was left out"))
        } else if let character = HTMLCharacterReference.character(named: key) {
            content = character
            add(Diagnostic(.warning, at: location, "'&\(key);' is an HTML entity, not an XML one; read as '\(character.unicodeScalars.first.map { "U+" + String($0.value, radix: 16, uppercase: true) } ?? "")'",
                           hint: "in XML write it as a character reference such as '&#160;', or wrap the HTML in CDATA"))
        } else {
            content = "&\(key);"
            add(Diagnostic(.warning, at: location, "undefined entity '&\(key);'; kept as written", hint: "escape the '&' as '&amp;'"))
        }
        let entity = UnsafeMutablePointer<xmlEntity>.allocate(capacity: 1)
        entity.initialize(to: xmlEntity())
        entity.pointee.type = XML_ENTITY_DECL
        entity.pointee.etype = XML_INTERNAL_PREDEFINED_ENTITY
        // Allocated here and freed in deinit: libxml2 never owns them.
        entity.pointee.name = UnsafeRawPointer(strdup(key)).assumingMemoryBound(to: xmlChar.self)
        entity.pointee.content = UnsafeMutableRawPointer(strdup(content)).assumingMemoryBound(to: xmlChar.self)
        entity.pointee.length = Int32(content.utf8.count)
        entities[key] = entity
        return entity
    }

    func record(_ error: xmlError) {
        let message = Self.reworded(String(error.message.map { String(cString: $0) }?.trimmingSpaces ?? "unreadable XML"))
        let location = SourceLocation(file: source, line: max(Int(error.line), 1), column: max(Int(error.int2), 1))
        let diagnostic = Diagnostic(.warning, at: location, "XML: " + Self.lowercasedFirst(String(message)))
        if error.level == XML_ERR_FATAL, firstError == nil {
            firstError = Diagnostic(.error, at: location, "the feed is not well-formed XML: " + Self.lowercasedFirst(String(message)))
        }
        add(diagnostic)
    }

    /// Once a document is not well-formed, libxml2 stops passing entity references on (even `&amp;`), so
    /// every later `&amp;`, `&lt;` and `&gt;` would vanish from text and links. libxml2 marks the document
    /// after the error handler returns, so each event clears the mark again; the errors are kept in `problems`.
    func keepReadingReferences() {
        context?.pointee.wellFormed = 1
    }

    func add(_ diagnostic: Diagnostic) {
        if problems.count < Self.maximumProblems { problems.append(diagnostic) } else { droppedProblems += 1 }
    }

    static func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase == true else { return text }
        return first.lowercased() + text.dropFirst()
    }
}

/// libxml2's messages as feedsite shows them.
extension XMLTreeReader {
    /// What libxml2's function names in its messages are about, for readers of feeds.
    static let functionSubjects = ["xmlParseEntityRef": "entity reference", "EntityRef": "entity reference",
                                   "xmlParseCharRef": "character reference", "CharRef": "character reference",
                                   "xmlParseStartTag": "start tag", "xmlParseEndTag": "end tag", "AttValue": "attribute value"]

    /// libxml2's message worded for feedsite's readers: `internal error: ` dropped, and the name of
    /// the function that found the problem (`xmlParseCharRef: `) said as what it is about, or dropped.
    static func reworded(_ message: String) -> String {
        var text = Substring(message)
        if text.hasPrefix("internal error: ") { text = text.dropFirst("internal error: ".count) }
        guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix(": "), !text[..<colon].isEmpty,
              text[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return String(text) }
        let name = String(text[..<colon])
        let rest = text[text.index(colon, offsetBy: 2)...]
        if let subject = functionSubjects[name] { return subject + ": " + rest }
        return name.hasPrefix("xml") && !rest.isEmpty ? String(rest) : String(text)
    }
}
