@testable import FeedsiteKit

/// Collects what a browser's tokenizer sees: the tag structure, attribute values and text.
struct StructureSink: HTMLTokenSink {
    static var wantsText: Bool { true }
    static var wantsComments: Bool { true }
    var structure: [String] = []
    var attributes: [String: [String]] = [:]
    var text = ""

    mutating func startTag(_ tag: HTMLTag) {
        let name = String(decoding: tag.name, as: UTF8.self)
        var names: [String] = []
        for attribute in tag.attributes {
            let attributeName = String(decoding: tag.name(of: attribute), as: UTF8.self)
            names.append(attributeName + (attribute.isDuplicate ? "(duplicate)" : ""))
            attributes["\(name).\(attributeName)", default: []].append(String(decoding: tag.value(of: attribute), as: UTF8.self))
        }
        structure.append("<\(name) \(names.sorted().joined(separator: " "))>")
    }

    mutating func endTag(name: UnsafeBufferPointer<UInt8>) { structure.append("</\(String(decoding: name, as: UTF8.self))>") }
    mutating func text(_ bytes: [UInt8]) { text += String(decoding: bytes, as: UTF8.self) }
    mutating func comment(_ bytes: [UInt8]) { structure.append("<!--\(String(decoding: bytes, as: UTF8.self))-->") }
    mutating func doctype(name: [UInt8]?, publicID: [UInt8]?, systemID: [UInt8]?, forceQuirks: Bool) { structure.append("<!doctype>") }

    static func scan(_ html: String) -> StructureSink {
        Array(html.utf8).withUnsafeBufferPointer { buffer in
            var tokenizer = HTMLTokenizer(input: buffer, sink: StructureSink())
            return tokenizer.run()
        }
    }
}
