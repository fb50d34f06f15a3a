/// The DOCTYPE states: rare in practice, but they decide where the next tag starts.
extension HTMLTokenizer {
    /// Handles one step of a DOCTYPE state; returns true when the input has ended.
    mutating func doctypeStep(_ c: UInt8, atEnd: Bool) -> Bool {
        let space = !atEnd && (c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D || c == 0x20)
        let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
        if atEnd {
            if state == .doctype || state == .beforeDoctypeName { resetDoctype() }
            if state != .bogusDoctype { doctypeForceQuirks = true }
            emitDoctype()
            return true
        }
        switch state {
        case .doctype:
            resetDoctype()
            if space { advance() }
            state = .beforeDoctypeName
        case .beforeDoctypeName:
            if space {
                advance()
            } else if c == UInt8(ascii: ">") {
                advance()
                doctypeForceQuirks = true
                emitDoctype()
            } else {
                advance()
                doctypeNameBytes = c == 0 ? replacement : [c.asciiLowercased]
                state = .doctypeName
            }
        case .doctypeName:
            advance()
            if space {
                state = .afterDoctypeName
            } else if c == UInt8(ascii: ">") {
                emitDoctype()
            } else if c == 0 {
                doctypeNameBytes?.append(contentsOf: replacement)
            } else {
                doctypeNameBytes?.append(c.asciiLowercased)
            }
        case .afterDoctypeName:
            if space {
                advance()
            } else if c == UInt8(ascii: ">") {
                advance()
                emitDoctype()
            } else if lookingAt("public") {
                advance(6)
                state = .afterDoctypePublicKeyword
            } else if lookingAt("system") {
                advance(6)
                state = .afterDoctypeSystemKeyword
            } else {
                doctypeForceQuirks = true
                state = .bogusDoctype
            }
        case .afterDoctypePublicKeyword, .beforeDoctypePublicID, .afterDoctypeSystemKeyword, .beforeDoctypeSystemID:
            let isPublic = state == .afterDoctypePublicKeyword || state == .beforeDoctypePublicID
            let afterKeyword = state == .afterDoctypePublicKeyword || state == .afterDoctypeSystemKeyword
            if space {
                advance()
                if afterKeyword { state = isPublic ? .beforeDoctypePublicID : .beforeDoctypeSystemID }
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                advance()
                if isPublic {
                    doctypePublicID = []
                    state = c == UInt8(ascii: "\"") ? .doctypePublicIDDoubleQuoted : .doctypePublicIDSingleQuoted
                } else {
                    doctypeSystemID = []
                    state = c == UInt8(ascii: "\"") ? .doctypeSystemIDDoubleQuoted : .doctypeSystemIDSingleQuoted
                }
            } else if c == UInt8(ascii: ">") {
                advance()
                doctypeForceQuirks = true
                emitDoctype()
            } else {
                doctypeForceQuirks = true
                state = .bogusDoctype
            }
        case .doctypePublicIDDoubleQuoted, .doctypePublicIDSingleQuoted, .doctypeSystemIDDoubleQuoted, .doctypeSystemIDSingleQuoted:
            advance()
            let isPublic = state == .doctypePublicIDDoubleQuoted || state == .doctypePublicIDSingleQuoted
            let quote: UInt8 = state == .doctypePublicIDDoubleQuoted || state == .doctypeSystemIDDoubleQuoted
                ? UInt8(ascii: "\"") : UInt8(ascii: "'")
            if c == quote {
                state = isPublic ? .afterDoctypePublicID : .afterDoctypeSystemID
            } else if c == UInt8(ascii: ">") {
                doctypeForceQuirks = true
                emitDoctype()
            } else {
                let bytes = c == 0 ? replacement : [c]
                if isPublic { doctypePublicID?.append(contentsOf: bytes) } else { doctypeSystemID?.append(contentsOf: bytes) }
            }
        case .afterDoctypePublicID, .betweenDoctypePublicAndSystemIDs:
            if space {
                advance()
                state = .betweenDoctypePublicAndSystemIDs
            } else if c == UInt8(ascii: ">") {
                advance()
                emitDoctype()
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                advance()
                doctypeSystemID = []
                state = c == UInt8(ascii: "\"") ? .doctypeSystemIDDoubleQuoted : .doctypeSystemIDSingleQuoted
            } else {
                doctypeForceQuirks = true
                state = .bogusDoctype
            }
        case .afterDoctypeSystemID:
            if space {
                advance()
            } else if c == UInt8(ascii: ">") {
                advance()
                emitDoctype()
            } else {
                state = .bogusDoctype
            }
        default: // bogus DOCTYPE
            advance()
            if c == UInt8(ascii: ">") { emitDoctype() }
        }
        return false
    }
}
