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
            if name.sameBytes(as: "svg") { return .foreign }
            if name.sameBytes(as: "xmp") { return .rawtext }
        case 4: if name.sameBytes(as: "math") { return .foreign }
        case 5:
            if name.sameBytes(as: "style") { return .rawtext }
            if name.sameBytes(as: "title") { return .rcdata }
        case 6:
            if name.sameBytes(as: "script") { return .scriptData }
            if name.sameBytes(as: "iframe") { return .rawtext }
        case 7: if name.sameBytes(as: "noembed") { return .rawtext }
        case 8:
            if name.sameBytes(as: "noframes") || name.sameBytes(as: "noscript") { return .rawtext }
            if name.sameBytes(as: "textarea") { return .rcdata }
        case 9: if name.sameBytes(as: "plaintext") { return .plaintext }
        default: break
        }
        return .normal
    }
}
