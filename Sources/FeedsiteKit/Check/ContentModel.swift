/// How a start tag changes what the tokenizer reads next, as a browser's tree builder decides.
enum ContentModel: Equatable {
    case normal, scriptData, rawtext, rcdata, plaintext
    /// `svg` and `math`: foreign content, where CDATA sections exist.
    case foreign

    /// The content model a start tag named `name` (lower case) opens.
    static func of(_ name: UnsafeBufferPointer<UInt8>) -> ContentModel {
        // Every special name starts with one of these letters: most tags are decided by their first byte.
        guard let first = name.first, first == UInt8(ascii: "s") || first == UInt8(ascii: "x") || first == UInt8(ascii: "m")
                || first == UInt8(ascii: "t") || first == UInt8(ascii: "i") || first == UInt8(ascii: "n") || first == UInt8(ascii: "p") else {
            return .normal
        }
        switch name.count {
        case 3:
            if name.elementsEqual("svg".utf8) { return .foreign }
            if name.elementsEqual("xmp".utf8) { return .rawtext }
        case 4: if name.elementsEqual("math".utf8) { return .foreign }
        case 5:
            if name.elementsEqual("style".utf8) { return .rawtext }
            if name.elementsEqual("title".utf8) { return .rcdata }
        case 6:
            if name.elementsEqual("script".utf8) { return .scriptData }
            if name.elementsEqual("iframe".utf8) { return .rawtext }
        case 7: if name.elementsEqual("noembed".utf8) { return .rawtext }
        case 8:
            if name.elementsEqual("noframes".utf8) || name.elementsEqual("noscript".utf8) { return .rawtext }
            if name.elementsEqual("textarea".utf8) { return .rcdata }
        case 9: if name.elementsEqual("plaintext".utf8) { return .plaintext }
        default: break
        }
        return .normal
    }
}
