/// Templates are UTF-8 text: this finds the first place where a template's bytes are not, so that a
/// file saved as UTF-16 or Latin-1 is an error naming its line and column instead of bytes copied
/// into every page.
enum TemplateEncoding {
    /// The diagnostic for the first encoding problem of `text`, or nil when it is UTF-8 without NUL bytes.
    static func problem(in text: SourceText) -> Diagnostic? {
        let bytes = text.bytes
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            return Diagnostic(at: text.location(of: 0), "this template is UTF-16 text; templates must be UTF-8",
                              hint: "save the file as UTF-8 (most editors offer it under 'Save with encoding')")
        }
        guard let offset = firstInvalidOffset(bytes) else { return nil }
        if bytes[offset] == 0 {
            return Diagnostic(at: text.location(of: offset), "NUL byte in a template; templates are UTF-8 text without NUL bytes",
                              hint: "if the file is UTF-16, save it as UTF-8")
        }
        let byte = "0x" + String(bytes[offset], radix: 16, uppercase: true)
        return Diagnostic(at: text.location(of: offset), "the template is not valid UTF-8: byte \(byte) cannot stand here",
                          hint: "save the file as UTF-8 (this looks like Latin-1 or Windows-1252 text, where 'é' is one byte)")
    }

    /// The offset of the first NUL byte or invalid UTF-8 sequence.
    static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        var offset = 0
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                if scalar.count == 1, scalar.first == 0 { return offset }
                offset += scalar.count
            case .error:
                return offset
            case .emptyInput:
                return nil
            }
        }
    }
}
