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
        case .bogusDoctype:
            advance()
            if c == UInt8(ascii: ">") { emitDoctype() }
        // After DOCTYPE public keyword, before DOCTYPE public identifier, after DOCTYPE system keyword,
        // before DOCTYPE system identifier, after DOCTYPE public identifier, between DOCTYPE public and
        // system identifiers and after DOCTYPE system identifier states.
        default:
            identifierGapStep(c, space: space)
        }
        return false
    }

    /// One step of a state before, between or after the DOCTYPE's identifiers: whitespace is skipped,
    /// `>` emits the DOCTYPE (quirky where an identifier is still missing), a quote opens the next
    /// identifier and anything else makes a bogus DOCTYPE.
    mutating func identifierGapStep(_ c: UInt8, space: Bool) {
        let opensPublicID = state == .afterDoctypePublicKeyword || state == .beforeDoctypePublicID
        let missesID = opensPublicID || state == .afterDoctypeSystemKeyword || state == .beforeDoctypeSystemID
        if space {
            advance()
            switch state {
            case .afterDoctypePublicKeyword: state = .beforeDoctypePublicID
            case .afterDoctypeSystemKeyword: state = .beforeDoctypeSystemID
            case .afterDoctypePublicID: state = .betweenDoctypePublicAndSystemIDs
            default: break
            }
        } else if c == UInt8(ascii: ">") {
            advance()
            if missesID { doctypeForceQuirks = true }
            emitDoctype()
        } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'"), state != .afterDoctypeSystemID {
            advance()
            let doubleQuoted = c == UInt8(ascii: "\"")
            if opensPublicID {
                doctypePublicID = []
                state = doubleQuoted ? .doctypePublicIDDoubleQuoted : .doctypePublicIDSingleQuoted
            } else {
                doctypeSystemID = []
                state = doubleQuoted ? .doctypeSystemIDDoubleQuoted : .doctypeSystemIDSingleQuoted
            }
        } else {
            // After the system identifier, stray characters do not force quirks mode.
            if state != .afterDoctypeSystemID { doctypeForceQuirks = true }
            state = .bogusDoctype
        }
    }
}
