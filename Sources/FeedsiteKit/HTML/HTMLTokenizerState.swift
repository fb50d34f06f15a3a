/// The states of the HTML standard's tokenizer (the ones a test may start in are named in the suite).
enum HTMLTokenizerState {
    case data, rcdata, rawtext, scriptData, plaintext
    case tagOpen, endTagOpen, tagName
    case rcdataLessThan, rcdataEndTagOpen, rcdataEndTagName
    case rawtextLessThan, rawtextEndTagOpen, rawtextEndTagName
    case scriptDataLessThan, scriptDataEndTagOpen, scriptDataEndTagName
    case scriptDataEscapeStart, scriptDataEscapeStartDash, scriptDataEscaped, scriptDataEscapedDash
    case scriptDataEscapedDashDash, scriptDataEscapedLessThan, scriptDataEscapedEndTagOpen, scriptDataEscapedEndTagName
    case scriptDataDoubleEscapeStart, scriptDataDoubleEscaped, scriptDataDoubleEscapedDash
    case scriptDataDoubleEscapedDashDash, scriptDataDoubleEscapedLessThan, scriptDataDoubleEscapeEnd
    case beforeAttributeName, attributeName, afterAttributeName, beforeAttributeValue
    case attributeValueDoubleQuoted, attributeValueSingleQuoted, attributeValueUnquoted, afterAttributeValueQuoted
    case selfClosingStartTag, bogusComment, markupDeclarationOpen
    case commentStart, commentStartDash, comment, commentLessThan, commentLessThanBang, commentLessThanBangDash
    case commentLessThanBangDashDash, commentEndDash, commentEnd, commentEndBang
    case doctype, beforeDoctypeName, doctypeName, afterDoctypeName, afterDoctypePublicKeyword, beforeDoctypePublicID
    case doctypePublicIDDoubleQuoted, doctypePublicIDSingleQuoted, afterDoctypePublicID, betweenDoctypePublicAndSystemIDs
    case afterDoctypeSystemKeyword, beforeDoctypeSystemID, doctypeSystemIDDoubleQuoted, doctypeSystemIDSingleQuoted
    case afterDoctypeSystemID, bogusDoctype
    case cdataSection, cdataSectionBracket, cdataSectionEnd
}
