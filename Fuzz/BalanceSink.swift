// Checks that sanitized HTML is balanced: a fuzz-only token sink keeping the stack of open elements.

struct BalanceSink: HTMLTokenSink {
    static let wantsText = false
    static let wantsComments = false
    /// Elements the sanitizer writes without an end tag.
    static let void: Set<String> = ["br", "hr"]
    var open: [String] = []
    var problem: String?

    mutating func startTag(_ tag: HTMLTag) {
        let name = String(decoding: tag.name, as: UTF8.self)
        if !Self.void.contains(name) { open.append(name) }
    }

    mutating func endTag(name: UnsafeBufferPointer<UInt8>) {
        let name = String(decoding: name, as: UTF8.self)
        guard open.last == name else {
            if problem == nil { problem = "</\(name)> closes \(open.last.map { "<\($0)>" } ?? "nothing")" }
            return
        }
        open.removeLast()
    }

    mutating func text(_ bytes: [UInt8]) {}
    mutating func comment(_ bytes: [UInt8]) { if problem == nil { problem = "a comment" } }
    mutating func doctype(name: [UInt8]?, publicID: [UInt8]?, systemID: [UInt8]?, forceQuirks: Bool) {
        if problem == nil { problem = "a doctype" }
    }
}
