/// Receives what the HTML tokenizer finds. Text and comments are only collected when asked for.
protocol HTMLTokenSink {
    /// Whether character data (text) is wanted; the link checker does not need it.
    static var wantsText: Bool { get }
    /// Whether comment contents are wanted.
    static var wantsComments: Bool { get }
    /// `tag` and the bytes it shows are valid only during the call.
    mutating func startTag(_ tag: HTMLTag)
    /// `name` is valid only during the call.
    mutating func endTag(name: UnsafeBufferPointer<UInt8>)
    mutating func text(_ bytes: [UInt8])
    mutating func comment(_ bytes: [UInt8])
    mutating func doctype(name: [UInt8]?, publicID: [UInt8]?, systemID: [UInt8]?, forceQuirks: Bool)
}

/// A start tag as the tokenizer emits it: name and attributes, with the source offsets of attribute values.
/// Its bytes are the tokenizer's buffers, reused for the next tag: read them during `startTag` only.
struct HTMLTag {
    /// One attribute: ranges into `bytes` (into `source` when `nameInSource`, `valueInSource`), and
    /// where its value starts in the source.
    struct Attribute {
        var name: Range<Int>
        var value: Range<Int>
        /// Whether the name is read where it stands in the source: a name without upper case or NUL.
        var nameInSource = false
        /// Whether the value is read where it stands in the source: a quoted value with nothing to decode.
        var valueInSource = false
        /// Byte offset in the source of the value's first character (after an opening quote).
        var valueOffset: Int
        /// Whether this repeats an earlier attribute's name (the HTML standard drops it).
        var isDuplicate = false
    }

    /// The tag name's bytes, lower-cased, unless `nameInSource`.
    let nameBytes = TokenBytes(capacity: 32)
    /// Where the tag name stands in `source`, when it is read there: a name without upper case or NUL.
    var nameInSource: Range<Int>?
    /// Attribute names and values, decoded, packed one after another.
    let bytes = TokenBytes()
    var attributes: [Attribute] = []
    var selfClosing = false
    /// The input the tag was read from.
    var source = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

    /// The tag name, lower-cased.
    var name: UnsafeBufferPointer<UInt8> {
        if let nameInSource { UnsafeBufferPointer(rebasing: source[nameInSource]) } else { nameBytes.all }
    }

    func name(of attribute: Attribute) -> UnsafeBufferPointer<UInt8> {
        attribute.nameInSource ? UnsafeBufferPointer(rebasing: source[attribute.name]) : bytes.slice(attribute.name)
    }

    func value(of attribute: Attribute) -> UnsafeBufferPointer<UInt8> {
        attribute.valueInSource ? UnsafeBufferPointer(rebasing: source[attribute.value]) : bytes.slice(attribute.value)
    }
}
