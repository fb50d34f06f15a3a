/// The checker's rules, with stable codes and default severities.
package enum CheckRule: String, Sendable, CaseIterable, Comparable {
    case rawNewline = "raw-newline"
    case rawSpace = "raw-space"
    case rawNonASCII = "raw-non-ascii"
    case rawUnsafeChar = "raw-unsafe-char"
    case rawHash = "raw-hash"
    case invalidPercentTriplet = "invalid-percent-triplet"
    case lowercaseHex = "lowercase-hex"
    case encodedUnreserved = "encoded-unreserved"
    case doubleEscapedAmpersand = "double-escaped-ampersand"
    case rawAmpersand = "raw-ampersand"
    case unknownParameter = "unknown-parameter"
    case repeatedParameter = "repeated-parameter"
    case ambiguousPlus = "ambiguous-plus"
    case invalidUTF8 = "invalid-utf8"
    case doubleEncoded = "double-encoded"
    case doubleEncodedText = "double-encoded-text"
    case emptyParameter = "empty-parameter"
    case invalidHandle = "invalid-handle"
    case hashtagLeadingHash = "hashtag-leading-hash"
    case nonNumericID = "non-numeric-id"
    case invalidURLParameter = "invalid-url-param"
    case tooLong = "too-long"
    case unknownAction = "unknown-action"
    case rawReservedChar = "raw-reserved-char"
    case brokenLink = "broken-link"

    /// How serious a finding of this rule is.
    package var severity: Diagnostic.Severity {
        switch self {
        case .lowercaseHex, .encodedUnreserved, .unknownParameter, .repeatedParameter, .ambiguousPlus, .emptyParameter,
             .tooLong, .unknownAction, .rawReservedChar, .doubleEncodedText:
            .warning
        default:
            .error
        }
    }

    /// Whether a suggested URL can fix it without guessing what was meant.
    var isMechanicallyFixable: Bool {
        switch self {
        case .rawNewline, .rawSpace, .rawNonASCII, .rawUnsafeChar, .rawHash, .invalidPercentTriplet, .lowercaseHex,
             .encodedUnreserved, .doubleEscapedAmpersand, .rawAmpersand, .hashtagLeadingHash, .rawReservedChar:
            true
        default:
            false
        }
    }

    /// Whether the intended value cannot be known, so no corrected URL is suggested.
    var makesIntentAmbiguous: Bool {
        switch self {
        case .ambiguousPlus, .invalidUTF8, .doubleEncoded, .doubleEncodedText, .nonNumericID, .invalidURLParameter, .invalidHandle, .unknownAction:
            true
        default:
            false
        }
    }

    package static func < (lhs: CheckRule, rhs: CheckRule) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
