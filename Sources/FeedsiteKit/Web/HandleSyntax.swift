/// The rules for X/Twitter handles, shared by the config loader and the checker.
package enum HandleSyntax {
    /// The most characters a handle may have.
    package static let maximumLength = 15

    /// Why a handle is invalid.
    package enum Problem: Sendable, Equatable {
        case empty
        case tooLong(Int)
        case leadingAt
        /// A character outside A-Z a-z 0-9 _, with its 0-based offset in characters.
        case invalidCharacter(Character, offset: Int)
    }

    /// Whether `byte` may appear in a handle.
    package static func isHandleByte(_ byte: UInt8) -> Bool {
        byte.isASCIIAlphanumeric || byte == UInt8(ascii: "_")
    }

    /// The first problem with `handle`, or nil when it is valid.
    package static func problem(in handle: String) -> Problem? {
        if handle.isEmpty { return .empty }
        if handle.hasPrefix("@") { return .leadingAt }
        // Valid handles are ASCII: check their bytes; walk characters only to describe a bad one.
        if handle.utf8.allSatisfy(isHandleByte) {
            let count = handle.utf8.count
            return count > maximumLength ? .tooLong(count) : nil
        }
        for (offset, character) in handle.enumerated() {
            guard character.isASCII, let byte = character.asciiValue, isHandleByte(byte) else {
                return .invalidCharacter(character, offset: offset)
            }
        }
        if handle.count > maximumLength { return .tooLong(handle.count) }
        return nil
    }
}

extension HandleSyntax.Problem {
    /// A plain-words description of the problem with `handle`.
    package func message(for handle: String) -> String {
        switch self {
        case .empty: "a handle must not be empty"
        case .tooLong(let count): "handle '\(handle)' has \(count) characters; X handles have at most \(HandleSyntax.maximumLength)"
        case .leadingAt: "handle '\(handle)' starts with '@'"
        case .invalidCharacter(let character, _):
            "handle '\(handle)' contains \(character == " " ? "a space" : "'\(character)'"); handles use only letters A-Z, digits and '_'"
        }
    }

    /// A likely fix.
    package func hint(for handle: String) -> String? {
        switch self {
        case .leadingAt: "write the handle without '@': \(handle.dropFirst())"
        case .tooLong: "check the handle on the account's profile page"
        case .invalidCharacter: "the handle is the part after '@' in the profile URL"
        case .empty: nil
        }
    }
}
