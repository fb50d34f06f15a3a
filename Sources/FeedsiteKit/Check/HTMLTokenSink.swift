/// Receives what the HTML tokenizer finds. Text and comments are only collected when asked for.
protocol HTMLTokenSink {
    /// Whether character data (text) is wanted; the link checker does not need it.
    static var wantsText: Bool { get }
    /// Whether comment contents are wanted.
    static var wantsComments: Bool { get }
    mutating func startTag(_ tag: HTMLTag)
    mutating func endTag(name: [UInt8])
    mutating func text(_ bytes: [UInt8])
    mutating func comment(_ bytes: [UInt8])
    mutating func doctype(name: [UInt8]?, publicID: [UInt8]?, systemID: [UInt8]?, forceQuirks: Bool)
}

/// A start tag as the tokenizer emits it: name and attributes, with the source offsets of attribute values.
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

    /// The tag name, lower-cased.
    var name: [UInt8] = []
    /// Attribute names and values, decoded, packed one after another.
    var bytes: [UInt8] = []
    var attributes: [Attribute] = []
    var selfClosing = false

    func name(of attribute: Attribute) -> ArraySlice<UInt8> { bytes[attribute.name] }
    func value(of attribute: Attribute) -> ArraySlice<UInt8> { bytes[attribute.value] }
}
