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
    /// One attribute: ranges into `bytes`, and where its value starts in the source.
    struct Attribute {
        var name: Range<Int>
        var value: Range<Int>
        /// Byte offset in the source of the value's first character (after an opening quote).
        var valueOffset: Int
        /// Whether this repeats an earlier attribute's name (the HTML standard drops it).
        var isDuplicate = false
    }

    /// The tag name's bytes, lower-cased.
    let nameBytes = TokenBytes(capacity: 32)
    /// Attribute names and values, decoded, packed one after another.
    let bytes = TokenBytes()
    var attributes: [Attribute] = []
    var selfClosing = false

    /// The tag name, lower-cased.
    var name: UnsafeBufferPointer<UInt8> { nameBytes.all }
    func name(of attribute: Attribute) -> UnsafeBufferPointer<UInt8> { bytes.slice(attribute.name) }
    func value(of attribute: Attribute) -> UnsafeBufferPointer<UInt8> { bytes.slice(attribute.value) }
}
