#if canImport(Glibc)
import Glibc
#endif

/// A streaming tokenizer over UTF-8 bytes that follows the HTML standard's tokenizer states.
///
/// All syntax characters are ASCII, so it works on bytes; other bytes pass through unchanged.
/// With `followsContentModel`, start tags switch states as a browser's tree builder would
/// (`script` to script data, `style` to RAWTEXT, `title` to RCDATA, …), so text inside them is never
/// mistaken for markup.
struct HTMLTokenizer<Sink: HTMLTokenSink> {
    let input: UnsafeBufferPointer<UInt8>
    var sink: Sink
    var state: HTMLTokenizerState
    let followsContentModel: Bool
    var lastStartTag: [UInt8]
    private var index = 0
    private var tag = HTMLTag()
    private var isEndTag = false
    private var text: [UInt8] = []
    private var commentData: [UInt8] = []
    private var temp: [UInt8] = []
    /// A character reference in an attribute value, decoded before it joins the value.
    private var referenceBytes: [UInt8] = []
    var doctypeNameBytes: [UInt8]?
    var doctypePublicID: [UInt8]?
    var doctypeSystemID: [UInt8]?
    var doctypeForceQuirks = false
    private var foreignDepth = 0
    /// The names of the current tag's first `indexedAttributes` attributes that are not duplicates, kept
    /// once a tag has more than `namesSearchedInOrder` attributes, so a tag with thousands stays linear.
    private var attributeNames: Set<[UInt8]> = []
    private var indexedAttributes = 0
    /// Byte ranges of the input, in order, passed over when the data state reaches one's start (see `init`).
    private let skips: [Range<Int>]
    private var nextSkip = 0
    /// The start of `skips[nextSkip]`, or `Int.max` when none is left: one comparison a data-state step.
    private var skipStart = Int.max

    /// A tokenizer of `input`. `skipping`: ranges, in order, that the caller knows cannot give the sink
    /// anything and leave the tokenizer as they found it when read from the data state; each is passed
    /// over when the data state is at its first byte, and read as usual when it starts anywhere else
    /// (inside a tag, a comment or raw text). Only for a sink that takes no text.
    init(input: UnsafeBufferPointer<UInt8>, sink: Sink, state: HTMLTokenizerState = .data,
         lastStartTag: [UInt8] = [], followsContentModel: Bool = true, skipping: [Range<Int>] = []) {
        precondition(skipping.isEmpty || !Sink.wantsText, "text inside a skipped range would be lost")
        self.input = input
        self.sink = sink
        self.state = state
        self.lastStartTag = lastStartTag
        self.followsContentModel = followsContentModel
        skips = skipping
        skipStart = skipping.first?.lowerBound ?? .max
        tag.source = input
    }
}

extension HTMLTokenizer {
    /// Tokenizes the whole input and returns the sink.
    mutating func run() -> Sink {
        let count = input.count
        while true {
            let atEnd = index >= count
            let c: UInt8 = atEnd ? 0 : input[index]
            switch state {
            // Data, RCDATA, RAWTEXT and script data states: text up to the next `<`.
            case .data:
                if index >= skipStart, skipRange() { continue }
                if textStep(c, atEnd: atEnd, lessThanState: .tagOpen, decodesReferences: true, replacesNull: false) { return finish() }
            case .rcdata:
                if textStep(c, atEnd: atEnd, lessThanState: .rcdataLessThan, decodesReferences: true, replacesNull: true) { return finish() }
            case .rawtext:
                if textStep(c, atEnd: atEnd, lessThanState: .rawtextLessThan, decodesReferences: false, replacesNull: true) { return finish() }
            case .scriptData:
                if textStep(c, atEnd: atEnd, lessThanState: .scriptDataLessThan, decodesReferences: false, replacesNull: true) { return finish() }
            case .plaintext:
                if atEnd { return finish() }
                scanText(stopAtAmpersand: false, replaceNull: true, stopAtLessThan: false)

            case .tagOpen:
                if c == UInt8(ascii: "!") {
                    index += 1
                    state = .markupDeclarationOpen
                } else if c == UInt8(ascii: "/") {
                    index += 1
                    state = .endTagOpen
                } else if !atEnd, c.isASCIIAlpha {
                    beginTag(end: false)
                    state = .tagName
                } else if c == UInt8(ascii: "?"), !atEnd {
                    commentData.removeAll(keepingCapacity: true)
                    state = .bogusComment
                } else {
                    emitText(UInt8(ascii: "<"))
                    state = .data
                }
            case .endTagOpen:
                if !atEnd, c.isASCIIAlpha {
                    beginTag(end: true)
                    state = .tagName
                } else if c == UInt8(ascii: ">"), !atEnd {
                    index += 1
                    state = .data
                } else if atEnd {
                    emitText(UInt8(ascii: "<"))
                    emitText(UInt8(ascii: "/"))
                    state = .data
                } else {
                    commentData.removeAll(keepingCapacity: true)
                    state = .bogusComment
                }
            case .tagName:
                if atEnd { return finish() }
                index += 1
                switch c {
                case 0x09, 0x0A, 0x0C, 0x0D, 0x20: state = .beforeAttributeName
                case UInt8(ascii: "/"): state = .selfClosingStartTag
                case UInt8(ascii: ">"): emitTag()
                case 0: tag.nameBytes.append(contentsOf: Self.replacement)
                default:
                    // The whole name at once, up to the next byte that ends it or needs care.
                    var end = index
                    var hasUpper = c.isASCIIUpper
                    while end < count {
                        let next = input[end]
                        if Self.isAmong(next, Self.tagNameStops) { break }
                        if next &- UInt8(ascii: "A") < 26 { hasUpper = true }
                        end += 1
                    }
                    // A name that nothing will be added to and that needs no lower-casing is read where it stands
                    // (callgrind, `feedsite check` of Benchmarks/posts.py 1000's output: copying names 39 M -> 0 instructions).
                    if !hasUpper, tag.nameBytes.isEmpty, tag.nameInSource == nil, end < count, input[end] != 0 {
                        tag.nameInSource = (index - 1)..<end
                    } else {
                        Self.appendLowercased(input, (index - 1)..<end, to: tag.nameBytes, hasUpper: hasUpper)
                    }
                    index = end
                    // The byte that ends the name is most often a space or `>`: taken here, not after another dispatch.
                    guard end < count else { break }
                    let next = input[end]
                    if Self.isSpace(next) {
                        index += 1
                        state = .beforeAttributeName
                        attributesRun()
                    } else if next == UInt8(ascii: ">") {
                        index += 1
                        emitTag()
                    }
                }

            // RCDATA, RAWTEXT, script data, script data escaped and script data double escaped
            // less-than sign states.
            case .rcdataLessThan:
                lessThanSignStep(c, atEnd: atEnd, textState: .rcdata, slashState: .rcdataEndTagOpen)
            case .rawtextLessThan:
                lessThanSignStep(c, atEnd: atEnd, textState: .rawtext, slashState: .rawtextEndTagOpen)
            case .scriptDataLessThan:
                lessThanSignStep(c, atEnd: atEnd, textState: .scriptData, slashState: .scriptDataEndTagOpen,
                                 bangState: .scriptDataEscapeStart)
            case .scriptDataEscapedLessThan:
                lessThanSignStep(c, atEnd: atEnd, textState: .scriptDataEscaped, slashState: .scriptDataEscapedEndTagOpen,
                                 letterState: .scriptDataDoubleEscapeStart)
            case .scriptDataDoubleEscapedLessThan:
                // The double escaped state has emitted the `<` already; here a `/` is emitted at once.
                lessThanSignStep(c, atEnd: atEnd, textState: .scriptDataDoubleEscaped, slashState: .scriptDataDoubleEscapeEnd,
                                 lessThanEmitted: true)
            case .rcdataEndTagOpen, .rawtextEndTagOpen, .scriptDataEndTagOpen, .scriptDataEscapedEndTagOpen:
                let (nameState, back) = endTagStates(for: state)
                if !atEnd, c.isASCIIAlpha {
                    beginTag(end: true)
                    state = nameState
                } else {
                    emitText(UInt8(ascii: "<"))
                    emitText(UInt8(ascii: "/"))
                    state = back
                }
            case .rcdataEndTagName, .rawtextEndTagName, .scriptDataEndTagName, .scriptDataEscapedEndTagName:
                let back = textState(forEndTagName: state)
                let appropriate = lastStartTag.withUnsafeBufferPointer { tag.name.sameBytes(as: $0) }
                if !atEnd, c.isASCIIAlpha {
                    index += 1
                    tag.nameBytes.append(c | 0x20)
                    temp.append(c)
                } else if appropriate, !atEnd, Self.isSpace(c) {
                    index += 1
                    state = .beforeAttributeName
                } else if appropriate, c == UInt8(ascii: "/"), !atEnd {
                    index += 1
                    state = .selfClosingStartTag
                } else if appropriate, c == UInt8(ascii: ">"), !atEnd {
                    index += 1
                    emitTag()
                } else {
                    emitText(UInt8(ascii: "<"))
                    emitText(UInt8(ascii: "/"))
                    for byte in temp { emitText(byte) }
                    state = back
                }

            case .scriptDataEscapeStart, .scriptDataEscapeStartDash:
                if c == UInt8(ascii: "-"), !atEnd {
                    index += 1
                    emitText(c)
                    state = state == .scriptDataEscapeStart ? .scriptDataEscapeStartDash : .scriptDataEscapedDashDash
                } else {
                    state = .scriptData
                }
            // Script data escaped, escaped dash and escaped dash dash states.
            case .scriptDataEscaped, .scriptDataEscapedDash, .scriptDataEscapedDashDash:
                if atEnd { return finish() }
                escapedScriptStep(c, escaped: .scriptDataEscaped, dash: .scriptDataEscapedDash,
                                  dashDash: .scriptDataEscapedDashDash, lessThan: .scriptDataEscapedLessThan, emitsLessThan: false)
            case .scriptDataDoubleEscapeStart, .scriptDataDoubleEscapeEnd:
                let starting = state == .scriptDataDoubleEscapeStart
                if !atEnd, (Self.isSpace(c) || c == UInt8(ascii: "/") || c == UInt8(ascii: ">")) {
                    index += 1
                    let isScript = temp.elementsEqual("script".utf8)
                    state = starting == isScript ? .scriptDataDoubleEscaped : .scriptDataEscaped
                    emitText(c)
                } else if !atEnd, c.isASCIIAlpha {
                    index += 1
                    temp.append(c | 0x20)
                    emitText(c)
                } else {
                    state = starting ? .scriptDataEscaped : .scriptDataDoubleEscaped
                }
            // Script data double escaped, double escaped dash and double escaped dash dash states.
            case .scriptDataDoubleEscaped, .scriptDataDoubleEscapedDash, .scriptDataDoubleEscapedDashDash:
                if atEnd { return finish() }
                escapedScriptStep(c, escaped: .scriptDataDoubleEscaped, dash: .scriptDataDoubleEscapedDash,
                                  dashDash: .scriptDataDoubleEscapedDashDash, lessThan: .scriptDataDoubleEscapedLessThan, emitsLessThan: true)

            case .beforeAttributeName:
                attributesRun()
            case .attributeName:
                if atEnd || (Self.isSpace(c) || c == UInt8(ascii: "/") || c == UInt8(ascii: ">")) {
                    finishAttributeName()
                    state = .afterAttributeName
                } else if c == UInt8(ascii: "=") {
                    index += 1
                    finishAttributeName()
                    state = .beforeAttributeValue
                } else {
                    appendNameRun()
                }
            case .afterAttributeName:
                if atEnd { return finish() }
                switch c {
                case 0x09, 0x0A, 0x0C, 0x0D, 0x20: index += 1
                case UInt8(ascii: "="):
                    index += 1
                    state = .beforeAttributeValue
                default:
                    if !endOfAttributes(c) {
                        startAttribute()
                        state = .attributeName
                    }
                }
            case .beforeAttributeValue:
                if !atEnd, Self.isSpace(c) {
                    index += 1
                } else if c == UInt8(ascii: "\""), !atEnd {
                    index += 1
                    beginValue()
                    state = .attributeValueDoubleQuoted
                } else if c == UInt8(ascii: "'"), !atEnd {
                    index += 1
                    beginValue()
                    state = .attributeValueSingleQuoted
                } else if c == UInt8(ascii: ">"), !atEnd {
                    index += 1
                    beginValue()
                    emitTag()
                } else {
                    beginValue()
                    state = .attributeValueUnquoted
                }
            case .attributeValueDoubleQuoted, .attributeValueSingleQuoted:
                if atEnd { return finish() }
                let quote: UInt8 = state == .attributeValueDoubleQuoted ? UInt8(ascii: "\"") : UInt8(ascii: "'")
                scanQuotedValue(quote: quote)
            case .attributeValueUnquoted:
                if atEnd { return finish() }
                switch c {
                case 0x09, 0x0A, 0x0C, 0x0D, 0x20:
                    index += 1
                    state = .beforeAttributeName
                case UInt8(ascii: "&"):
                    characterReferenceInValue()
                case UInt8(ascii: ">"):
                    index += 1
                    emitTag()
                case 0:
                    index += 1
                    for byte in Self.replacement { appendToValue(byte) }
                default:
                    index += 1
                    appendToValue(c)
                }
            case .afterAttributeValueQuoted:
                if atEnd { return finish() }
                if !endOfAttributes(c) {
                    // A space is consumed; anything else is reconsumed in the before attribute name state.
                    if Self.isSpace(c) { index += 1 }
                    state = .beforeAttributeName
                }
            case .selfClosingStartTag:
                if atEnd { return finish() }
                if c == UInt8(ascii: ">") {
                    index += 1
                    tag.selfClosing = true
                    emitTag()
                } else {
                    state = .beforeAttributeName
                }

            // In the bogus comment, comment start dash, comment, comment end dash, comment end and
            // comment end bang states the end of the input emits the comment.
            case .bogusComment, .commentStartDash, .comment, .commentEndDash, .commentEnd, .commentEndBang:
                if atEnd {
                    emitComment()
                    return finish()
                }
                commentStep(c)
            case .markupDeclarationOpen:
                commentData.removeAll(keepingCapacity: true)
                if matches("--", caseInsensitive: false) {
                    index += 2
                    state = .commentStart
                } else if matches("doctype", caseInsensitive: true) {
                    index += 7
                    state = .doctype
                } else if matches("[CDATA[", caseInsensitive: false) {
                    index += 7
                    if foreignDepth > 0 {
                        state = .cdataSection
                    } else {
                        if Sink.wantsComments { commentData.append(contentsOf: Array("[CDATA[".utf8)) }
                        state = .bogusComment
                    }
                } else {
                    state = .bogusComment
                }
            case .commentStart:
                if c == UInt8(ascii: "-"), !atEnd {
                    index += 1
                    state = .commentStartDash
                } else if c == UInt8(ascii: ">"), !atEnd {
                    index += 1
                    emitComment()
                } else {
                    state = .comment
                }
            case .commentLessThan:
                if c == UInt8(ascii: "!"), !atEnd {
                    index += 1
                    appendComment(c)
                    state = .commentLessThanBang
                } else if c == UInt8(ascii: "<"), !atEnd {
                    index += 1
                    appendComment(c)
                } else {
                    state = .comment
                }
            case .commentLessThanBang:
                consume(UInt8(ascii: "-"), c, atEnd: atEnd, to: .commentLessThanBangDash, orReconsumeIn: .comment)
            case .commentLessThanBangDash:
                consume(UInt8(ascii: "-"), c, atEnd: atEnd, to: .commentLessThanBangDashDash, orReconsumeIn: .commentEndDash)
            case .commentLessThanBangDashDash:
                state = .commentEnd

            case .doctype, .beforeDoctypeName, .doctypeName, .afterDoctypeName, .afterDoctypePublicKeyword,
                 .beforeDoctypePublicID, .doctypePublicIDDoubleQuoted, .doctypePublicIDSingleQuoted, .afterDoctypePublicID,
                 .betweenDoctypePublicAndSystemIDs, .afterDoctypeSystemKeyword, .beforeDoctypeSystemID,
                 .doctypeSystemIDDoubleQuoted, .doctypeSystemIDSingleQuoted, .afterDoctypeSystemID, .bogusDoctype:
                if doctypeStep(c, atEnd: atEnd) { return finish() }

            case .cdataSection:
                if atEnd { return finish() }
                index += 1
                if c == UInt8(ascii: "]") { state = .cdataSectionBracket } else { emitText(c) }
            case .cdataSectionBracket:
                if c == UInt8(ascii: "]"), !atEnd {
                    index += 1
                    state = .cdataSectionEnd
                } else {
                    emitText(UInt8(ascii: "]"))
                    state = .cdataSection
                }
            case .cdataSectionEnd:
                if c == UInt8(ascii: "]"), !atEnd {
                    index += 1
                    emitText(c)
                } else if c == UInt8(ascii: ">"), !atEnd {
                    index += 1
                    state = .data
                } else {
                    emitText(UInt8(ascii: "]"))
                    emitText(UInt8(ascii: "]"))
                    state = .cdataSection
                }
            }
        }
    }
}

extension HTMLTokenizer {
    mutating func advance(_ count: Int = 1) {
        index += count
    }

    func lookingAt(_ word: StaticString) -> Bool {
        matches(word, caseInsensitive: true)
    }

    mutating func resetDoctype() {
        doctypeNameBytes = nil
        doctypePublicID = nil
        doctypeSystemID = nil
        doctypeForceQuirks = false
    }

    mutating func emitDoctype() {
        flushText()
        sink.doctype(name: doctypeNameBytes, publicID: doctypePublicID, systemID: doctypeSystemID, forceQuirks: doctypeForceQuirks)
        state = .data
    }
}

private extension HTMLTokenizer {
    static var replacement: [UInt8] { [0xEF, 0xBF, 0xBD] }

    static func isSpace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0C || c == 0x0D
    }

    mutating func finish() -> Sink {
        flushText()
        return sink
    }

    // MARK: text

    mutating func emitText(_ byte: UInt8) {
        if Sink.wantsText { text.append(byte) }
    }

    mutating func emitReplacement() {
        if Sink.wantsText { text.append(contentsOf: Self.replacement) }
    }

    mutating func flushText() {
        guard Sink.wantsText, !text.isEmpty else { return }
        sink.text(text)
        text.removeAll(keepingCapacity: true)
    }

    /// Consumes text up to the next `<` (and `&` when asked), fast when text is not wanted; in the data
    /// state, no further than the start of the next range to skip.
    mutating func scanText(stopAtAmpersand: Bool, replaceNull: Bool, stopAtLessThan: Bool = true) {
        let count = input.count
        if !Sink.wantsText {
            guard stopAtLessThan, let base = input.baseAddress else {
                index = count
                return
            }
            let end = state == .data && skipStart > index ? min(count, skipStart) : count
            if let found = memchr(base + index, Int32(UInt8(ascii: "<")), end - index) {
                index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            } else {
                index = end
            }
            return
        }
        // Runs without `<`, `&` or NUL are found eight bytes a step and copied whole (callgrind,
        // `feedsite-bench parse` on ten of Benchmarks/fetch.py's feeds).
        let base = input.baseAddress!
        let lessThans = stopAtLessThan ? UInt64(UInt8(ascii: "<")) &* Self.everyByte : 0
        let ampersands = stopAtAmpersand ? UInt64(UInt8(ascii: "&")) &* Self.everyByte : 0
        while index < count {
            var end = index
            while end + 8 <= count {
                let word = UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self)
                // A byte that is NUL, or the stop bytes asked for (a zero pattern matches only NUL again).
                if Self.hasZeroByte(word) || Self.hasZeroByte(word ^ lessThans) || Self.hasZeroByte(word ^ ampersands) { break }
                end += 8
            }
            while end < count {
                let c = input[end]
                if c == 0 || (stopAtLessThan && c == UInt8(ascii: "<")) || (stopAtAmpersand && c == UInt8(ascii: "&")) { break }
                end += 1
            }
            if end > index {
                text.append(contentsOf: UnsafeBufferPointer(start: base + index, count: end - index))
                index = end
            }
            guard index < count else { return }
            let c = input[index]
            if (stopAtLessThan && c == UInt8(ascii: "<")) || (stopAtAmpersand && c == UInt8(ascii: "&")) { return }
            // A NUL.
            if replaceNull {
                text.append(contentsOf: Self.replacement)
            } else {
                text.append(c)
            }
            index += 1
        }
    }

    /// In the data state, at or past the start of the next range to skip: moves past the range when it
    /// starts here; drops the ranges whose start was passed in another state. Whether it moved.
    mutating func skipRange() -> Bool {
        while nextSkip < skips.count, skips[nextSkip].lowerBound < index { nextSkip += 1 }
        var moved = false
        if nextSkip < skips.count, skips[nextSkip].lowerBound == index {
            index = skips[nextSkip].upperBound
            nextSkip += 1
            moved = true
        }
        skipStart = nextSkip < skips.count ? skips[nextSkip].lowerBound : .max
        return moved
    }

    mutating func characterReferenceInText() {
        if let end = HTMLCharacterReference.decode(input, at: index, inAttribute: false, into: &text) {
            index = end
        } else {
            text.append(UInt8(ascii: "&"))
            index += 1
        }
    }

    // MARK: tags

    mutating func beginTag(end: Bool) {
        isEndTag = end
        tag.nameBytes.removeAll()
        tag.nameInSource = nil
        tag.bytes.removeAll()
        // One at a time: `removeAll(keepingCapacity:)` goes through the generic `replaceSubrange`, which cost more
        // than the few attributes of a tag (callgrind, `feedsite check` of Benchmarks/posts.py 1000's output: 35 M -> 20 M).
        while !tag.attributes.isEmpty { tag.attributes.removeLast() }
        if indexedAttributes > 0 {
            attributeNames = []
            indexedAttributes = 0
        }
        tag.selfClosing = false
    }

    func endTagStates(for state: HTMLTokenizerState) -> (HTMLTokenizerState, HTMLTokenizerState) {
        switch state {
        case .rcdataEndTagOpen: (.rcdataEndTagName, .rcdata)
        case .rawtextEndTagOpen: (.rawtextEndTagName, .rawtext)
        case .scriptDataEndTagOpen: (.scriptDataEndTagName, .scriptData)
        default: (.scriptDataEscapedEndTagName, .scriptDataEscaped)
        }
    }

    func textState(forEndTagName state: HTMLTokenizerState) -> HTMLTokenizerState {
        switch state {
        case .rcdataEndTagName: .rcdata
        case .rawtextEndTagName: .rawtext
        case .scriptDataEndTagName: .scriptData
        default: .scriptDataEscaped
        }
    }

    mutating func emitTag() {
        flushText()
        state = .data
        if isEndTag {
            if followsContentModel, foreignDepth > 0, ContentModel.of(tag.name) == .foreign {
                foreignDepth -= 1
            }
            sink.endTag(name: tag.name)
            return
        }
        sink.startTag(tag)
        guard followsContentModel else {
            rememberStartTag()
            return
        }
        switch ContentModel.of(tag.name) {
        case .scriptData: state = .scriptData
        case .rawtext: state = .rawtext
        case .rcdata: state = .rcdata
        case .plaintext: state = .plaintext
        case .foreign: if !tag.selfClosing { foreignDepth += 1 }
        case .normal: break
        }
        if foreignDepth > 0 {
            state = .data // inside SVG and MathML, script, style and title hold markup like any element
        }
        // The last start tag's name is only ever compared in the text states a start tag switches to.
        if state != .data { rememberStartTag() }
    }

    mutating func rememberStartTag() {
        lastStartTag.removeAll(keepingCapacity: true)
        lastStartTag.append(contentsOf: tag.name)
    }

    mutating func startAttribute() {
        let end = tag.bytes.count
        tag.attributes.append(HTMLTag.Attribute(name: end..<end, value: end..<end, valueOffset: index))
    }

    /// Appends the attribute name's bytes from `index` up to the next byte that ends the name, in
    /// lower case (a NUL becomes U+FFFD), and moves past them.
    mutating func appendNameRun() {
        let count = input.count
        if input[index] == 0 {
            index += 1
            for byte in Self.replacement { appendToName(byte) }
            return
        }
        // Find the run's end first, then copy it at once (lower-casing in place only when needed).
        var end = index
        var hasUpper = false
        while end < count {
            let byte = input[end]
            if Self.isAmong(byte, Self.attributeNameStops) { break }
            if byte &- UInt8(ascii: "A") < 26 { hasUpper = true }
            end += 1
        }
        let last = tag.attributes.count - 1
        if !hasUpper, tag.attributes[last].name.isEmpty, !tag.attributes[last].nameInSource, end < count, input[end] != 0 {
            // As a tag name: read where it stands when nothing will be added to it and it needs no lower-casing.
            tag.attributes[last].name = index..<end
            tag.attributes[last].nameInSource = true
        } else {
            Self.appendLowercased(input, index..<end, to: tag.bytes, hasUpper: hasUpper)
            tag.attributes[last].name = tag.attributes[last].name.lowerBound..<tag.bytes.count
        }
        index = end
        tag.attributes[last].value = tag.bytes.count..<tag.bytes.count
    }

    static var everyByte: UInt64 { 0x0101_0101_0101_0101 }

    /// Whether `byte` is one of the bytes below 64 whose bits `set` holds: one shift, not a chain of compares.
    @inline(__always)
    static func isAmong(_ byte: UInt8, _ set: UInt64) -> Bool {
        byte < 64 && (set >> UInt64(byte)) & 1 != 0
    }

    /// The bytes that end a tag name: NUL, the five spaces, `/` and `>`.
    static var tagNameStops: UInt64 {
        1 | 1 << 0x09 | 1 << 0x0A | 1 << 0x0C | 1 << 0x0D | 1 << 0x20 | 1 << UInt64(UInt8(ascii: "/")) | 1 << UInt64(UInt8(ascii: ">"))
    }

    /// The bytes that end a run of an attribute name: those that end a tag name, and `=`.
    static var attributeNameStops: UInt64 { tagNameStops | 1 << UInt64(UInt8(ascii: "=")) }

    /// The before attribute name state, and what most often follows it at once: `name="value"` after
    /// `name="value"` (attribute name, before attribute value, quoted value and after quoted value
    /// states), up to the `>` that emits the tag; anything else is left, in its state, to `run()`.
    // callgrind, `feedsite check` of Benchmarks/posts.py 1000's output: `run()` with its steps 148 M -> 136 M instructions.
    mutating func attributesRun() {
        let count = input.count
        while true {
            while index < count, Self.isSpace(input[index]) { index += 1 }
            guard index < count else {
                state = .afterAttributeName
                return
            }
            let c = input[index]
            if c == UInt8(ascii: ">") {
                index += 1
                emitTag()
                return
            }
            if c == UInt8(ascii: "/") {
                state = .afterAttributeName
                return
            }
            startAttribute()
            state = .attributeName
            if c == UInt8(ascii: "=") {
                index += 1
                appendToName(c)
                return
            }
            if c == 0 { return }
            appendNameRun()
            // After the quoted value: the after attribute value (quoted) state, or the value's own at the end of the input.
            guard startsQuotedValue(), state == .afterAttributeValueQuoted, index < count else { return }
            let next = input[index]
            if next == UInt8(ascii: ">") {
                index += 1
                emitTag()
                return
            }
            if next == UInt8(ascii: "/") {
                index += 1
                state = .selfClosingStartTag
                return
            }
            // A space is consumed (the next turn skips it); anything else is reconsumed as a new attribute's start.
            state = .beforeAttributeName
        }
    }

    /// Whether any of the eight bytes of `word` is zero.
    @inline(__always)
    static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- everyByte) & ~word & 0x8080_8080_8080_8080 != 0
    }

    /// Appends `input[range]` to `output`, with A-Z lower-cased when `hasUpper`.
    static func appendLowercased(_ input: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to output: TokenBytes, hasUpper: Bool) {
        let start = output.count
        output.append(input.baseAddress! + range.lowerBound, length: range.count)
        if hasUpper { output.lowercaseASCII(from: start) }
    }

    mutating func appendToName(_ byte: UInt8) {
        tag.bytes.append(byte)
        let last = tag.attributes.count - 1
        tag.attributes[last].name = tag.attributes[last].name.lowerBound..<tag.bytes.count
        tag.attributes[last].value = tag.bytes.count..<tag.bytes.count
    }

    mutating func finishAttributeName() {
        let last = tag.attributes.count - 1
        let name = tag.name(of: tag.attributes[last])
        if last < Self.namesSearchedInOrder {
            // By position, lengths first: no slice of the array, no memcmp for names of another length.
            var other = 0
            while other < last {
                let earlier = tag.attributes[other]
                if !earlier.isDuplicate, earlier.name.count == name.count, tag.name(of: earlier).sameBytes(as: name) {
                    tag.attributes[last].isDuplicate = true
                    break
                }
                other += 1
            }
        } else {
            while indexedAttributes < last {
                let other = tag.attributes[indexedAttributes]
                if !other.isDuplicate { attributeNames.insert(Array(tag.name(of: other))) }
                indexedAttributes += 1
            }
            tag.attributes[last].isDuplicate = !attributeNames.insert(Array(name)).inserted
            indexedAttributes = last + 1
        }
        tag.attributes[last].valueOffset = index
    }

    /// After an attribute's name, when `="` or `='` follows: finishes the name, begins the value and
    /// scans it (the attribute name, before attribute value and quoted value states in one step);
    /// false, with nothing consumed, for anything else.
    @inline(__always)
    mutating func startsQuotedValue() -> Bool {
        let count = input.count
        guard index + 1 < count, input[index] == UInt8(ascii: "=") else { return false }
        let quote = input[index + 1]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return false }
        index += 1
        finishAttributeName()
        index += 1
        beginValue()
        state = quote == UInt8(ascii: "\"") ? .attributeValueDoubleQuoted : .attributeValueSingleQuoted
        if index < count { scanQuotedValue(quote: quote) }
        return true
    }

    /// Up to this many attributes, a new name is compared with each earlier one: cheaper than hashing
    /// for the few attributes of a real tag.
    static var namesSearchedInOrder: Int { 16 }

    mutating func beginValue() {
        let last = tag.attributes.count - 1
        guard last >= 0 else { return }
        tag.attributes[last].value = tag.bytes.count..<tag.bytes.count
        tag.attributes[last].valueInSource = false
        tag.attributes[last].valueOffset = index
    }

    mutating func appendToValue(_ byte: UInt8) {
        tag.bytes.append(byte)
        let last = tag.attributes.count - 1
        tag.attributes[last].value = tag.attributes[last].value.lowerBound..<tag.bytes.count
    }

    mutating func characterReferenceInValue() {
        // `&amp;`, the separator of a URL's query written in HTML, at once: nothing longer can match it, as it ends
        // at `;` (callgrind, `feedsite check` of Benchmarks/posts.py 1000's output: references 19 M -> 12 M instructions).
        if index + 4 < input.count, input[index + 1] == UInt8(ascii: "a"), input[index + 2] == UInt8(ascii: "m"),
           input[index + 3] == UInt8(ascii: "p"), input[index + 4] == UInt8(ascii: ";") {
            appendToValue(UInt8(ascii: "&"))
            index += 5
            return
        }
        referenceBytes.removeAll(keepingCapacity: true)
        if let end = HTMLCharacterReference.decode(input, at: index, inAttribute: true, into: &referenceBytes) {
            tag.bytes.append(contentsOf: referenceBytes)
            index = end
            let last = tag.attributes.count - 1
            tag.attributes[last].value = tag.attributes[last].value.lowerBound..<tag.bytes.count
        } else {
            index += 1
            appendToValue(UInt8(ascii: "&"))
        }
    }

    /// Consumes a quoted value's characters up to the closing quote, decoding references; plain runs are copied at once.
    mutating func scanQuotedValue(quote: UInt8) {
        let count = input.count
        let last = tag.attributes.count - 1
        let base = input.baseAddress!
        let quotes = UInt64(quote) &* Self.everyByte
        let ampersands = UInt64(UInt8(ascii: "&")) &* Self.everyByte
        // Both quotes, `&` and NUL are below 64: one bit each.
        let stops: UInt64 = 1 | 1 << UInt64(quote) | 1 << UInt64(UInt8(ascii: "&"))
        while index < count {
            var end = index
            // Eight bytes a step while none of them is the quote, '&' or NUL; then byte by byte.
            while end + 8 <= count {
                let word = UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self)
                if Self.hasZeroByte(word) || Self.hasZeroByte(word ^ quotes) || Self.hasZeroByte(word ^ ampersands) { break }
                end += 8
            }
            while end < count, !Self.isAmong(input[end], stops) {
                end += 1
            }
            // Nothing added since the value began (the range is brought up to date only at its end).
            if end < count, input[end] == quote, tag.bytes.count == tag.attributes[last].value.lowerBound {
                // The whole value in one run, nothing decoded: read where it stands, not copied
                // (callgrind, `feedsite check` of Benchmarks/posts.py 1000's output: with the names, tokenizer 557 M -> 448 M).
                tag.attributes[last].value = index..<end
                tag.attributes[last].valueInSource = true
                index = end + 1
                state = .afterAttributeValueQuoted
                return
            }
            if end > index {
                tag.bytes.append(input.baseAddress! + index, length: end - index)
                index = end
            }
            guard index < count else { break }
            let c = input[index]
            if c == quote {
                index += 1
                tag.attributes[last].value = tag.attributes[last].value.lowerBound..<tag.bytes.count
                state = .afterAttributeValueQuoted
                return
            }
            if c == UInt8(ascii: "&") {
                characterReferenceInValue()
                continue
            }
            tag.bytes.append(contentsOf: Self.replacement)
            index += 1
        }
        tag.attributes[last].value = tag.attributes[last].value.lowerBound..<tag.bytes.count
    }

    // MARK: comments

    mutating func appendComment(_ byte: UInt8) {
        if Sink.wantsComments { commentData.append(byte) }
    }

    mutating func emitComment() {
        flushText()
        if Sink.wantsComments { sink.comment(commentData) }
        commentData.removeAll(keepingCapacity: true)
        state = .data
    }

    /// One step of the bogus comment, comment start dash, comment, comment end dash, comment end or
    /// comment end bang state, before the end of the input.
    mutating func commentStep(_ c: UInt8) {
        switch state {
        case .comment:
            scanComment()
        case .bogusComment:
            index += 1
            if c == UInt8(ascii: ">") {
                emitComment()
            } else if Sink.wantsComments {
                if c == 0 { commentData.append(contentsOf: Self.replacement) } else { commentData.append(c) }
            }
        case .commentStartDash, .commentEndDash:
            // They differ only in that `>` ends a comment right after its start.
            if c == UInt8(ascii: "-") {
                index += 1
                state = .commentEnd
            } else if c == UInt8(ascii: ">"), state == .commentStartDash {
                index += 1
                emitComment()
            } else {
                appendComment(UInt8(ascii: "-"))
                state = .comment
            }
        case .commentEnd:
            switch c {
            case UInt8(ascii: ">"):
                index += 1
                emitComment()
            case UInt8(ascii: "!"):
                index += 1
                state = .commentEndBang
            case UInt8(ascii: "-"):
                index += 1
                appendComment(c)
            default:
                appendComment(UInt8(ascii: "-"))
                appendComment(UInt8(ascii: "-"))
                state = .comment
            }
        default: // comment end bang
            if c == UInt8(ascii: ">") {
                index += 1
                emitComment()
                return
            }
            for byte in "--!".utf8 { appendComment(byte) }
            if c == UInt8(ascii: "-") {
                index += 1
                state = .commentEndDash
            } else {
                state = .comment
            }
        }
    }

    /// Consumes comment text up to the next `<` or `-`.
    mutating func scanComment() {
        let c = input[index]
        index += 1
        switch c {
        case UInt8(ascii: "<"):
            appendComment(c)
            state = .commentLessThan
        case UInt8(ascii: "-"):
            state = .commentEndDash
        case 0:
            if Sink.wantsComments { commentData.append(contentsOf: Self.replacement) }
        default:
            appendComment(c)
            let count = input.count
            while index < count {
                let next = input[index]
                if next == UInt8(ascii: "<") || next == UInt8(ascii: "-") || next == 0 { break }
                appendComment(next)
                index += 1
            }
        }
    }

    // MARK: mirrored states

    /// One step of the data, RCDATA, RAWTEXT or script data state; returns true when the input has ended.
    @inline(__always)
    mutating func textStep(_ c: UInt8, atEnd: Bool, lessThanState: HTMLTokenizerState, decodesReferences: Bool,
                           replacesNull: Bool) -> Bool {
        if atEnd { return true }
        if c == UInt8(ascii: "<") {
            index += 1
            state = lessThanState
        } else if decodesReferences, c == UInt8(ascii: "&"), Sink.wantsText {
            characterReferenceInText()
        } else {
            scanText(stopAtAmpersand: decodesReferences && Sink.wantsText, replaceNull: replacesNull)
        }
        return false
    }

    /// One step of a less-than sign state: `/` goes to `slashState` (an end tag open state, or the
    /// script data double escape end state); in script data `!` may start an escape and in escaped
    /// script data a letter a double escape; anything else is text again.
    @inline(__always)
    mutating func lessThanSignStep(_ c: UInt8, atEnd: Bool, textState: HTMLTokenizerState, slashState: HTMLTokenizerState,
                                   bangState: HTMLTokenizerState? = nil, letterState: HTMLTokenizerState? = nil,
                                   lessThanEmitted: Bool = false) {
        if c == UInt8(ascii: "/"), !atEnd {
            index += 1
            temp.removeAll(keepingCapacity: true)
            if lessThanEmitted { emitText(c) }
            state = slashState
        } else if let bangState, c == UInt8(ascii: "!"), !atEnd {
            index += 1
            emitText(UInt8(ascii: "<"))
            emitText(c)
            state = bangState
        } else if let letterState, !atEnd, c.isASCIIAlpha {
            temp.removeAll(keepingCapacity: true)
            emitText(UInt8(ascii: "<"))
            state = letterState
        } else {
            if !lessThanEmitted { emitText(UInt8(ascii: "<")) }
            state = textState
        }
    }

    /// One step of the script data escaped states or, with the double escaped states passed, of the
    /// double escaped ones (which emit a `<` as they leave for their less-than sign state).
    @inline(__always)
    mutating func escapedScriptStep(_ c: UInt8, escaped: HTMLTokenizerState, dash: HTMLTokenizerState,
                                    dashDash: HTMLTokenizerState, lessThan: HTMLTokenizerState, emitsLessThan: Bool) {
        index += 1
        switch c {
        case UInt8(ascii: "-"):
            emitText(c)
            state = state == escaped ? dash : dashDash
        case UInt8(ascii: "<"):
            if emitsLessThan { emitText(c) }
            state = lessThan
        case UInt8(ascii: ">") where state == dashDash:
            emitText(c)
            state = .scriptData
        case 0:
            emitReplacement()
            state = escaped
        default:
            emitText(c)
            state = escaped
        }
    }

    /// In the after attribute name and after attribute value (quoted) states: `/` goes to the
    /// self-closing start tag state and `>` emits the tag; returns false for any other byte.
    @inline(__always)
    mutating func endOfAttributes(_ c: UInt8) -> Bool {
        if c == UInt8(ascii: "/") {
            index += 1
            state = .selfClosingStartTag
            return true
        }
        if c == UInt8(ascii: ">") {
            index += 1
            emitTag()
            return true
        }
        return false
    }

    /// Consumes `byte` and goes to `next` when `c` is it; otherwise reconsumes `c` in `otherwise`.
    @inline(__always)
    mutating func consume(_ byte: UInt8, _ c: UInt8, atEnd: Bool, to next: HTMLTokenizerState,
                          orReconsumeIn otherwise: HTMLTokenizerState) {
        if c == byte, !atEnd {
            index += 1
            state = next
        } else {
            state = otherwise
        }
    }
}

extension HTMLTokenizer {
    func matches(_ word: StaticString, caseInsensitive: Bool) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= input.count else { return false }
        return word.withUTF8Buffer { expected in
            for offset in 0..<count {
                let actual = input[index + offset]
                if caseInsensitive ? (actual | 0x20) != expected[offset] : actual != expected[offset] { return false }
            }
            return true
        }
    }
}
