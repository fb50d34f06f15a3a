/// A section helper: a section whose name the data does not hold but which transforms the text its
/// content renders to, so that templates stay logic-less (`{{#truncate_80}}{{title}}{{/truncate_80}}`).
///
/// Helpers act like Mustache lambdas at the bottom of the context stack: a key of the same name in the
/// data wins. The content is rendered as text, without HTML escaping (triple and double mustaches alike);
/// the helper's result is then escaped for where it goes: `truncate_N` and `date` HTML-escape it,
/// `url_encode` percent-encodes it and `json` writes a JSON string safe inside `<script>`.
enum TemplateHelper: Sendable, Equatable {
    /// `truncate_N`: at most N characters (grapheme clusters), the last one `…` when text was cut.
    case truncate(Int)
    /// `date`: an ISO 8601 date written for readers in the site's language (`1 December 2026`).
    case date
    /// `url_encode`: percent-encoded for a URL's query value (all but `A-Z a-z 0-9 - . _ ~`).
    case urlEncode
    /// `json`: a JSON string literal for a script block (`<`, `>`, `&`, U+2028 and U+2029 escaped).
    case json

    /// The largest N of `truncate_N`.
    static let maximumLength = 1_000_000

    /// The helper `name` calls, or nil when it names none.
    init?(_ name: TemplateName) {
        guard name.components.count == 1 else { return nil }
        let text = name.components[0]
        switch text {
        case "date": self = .date
        case "url_encode": self = .urlEncode
        case "json": self = .json
        default:
            guard text.hasPrefix("truncate_") else { return nil }
            let digits = text.dropFirst("truncate_".count)
            guard !digits.isEmpty, digits.count <= 7, digits.utf8.allSatisfy(\.isASCIIDigit), digits.first != "0",
                  let length = Int(digits), length <= Self.maximumLength else { return nil }
            self = .truncate(length)
        }
    }
}

extension TemplateHelper {
    /// Appends what the helper makes of `text` (the content rendered without escaping) to `output`;
    /// `language` is the BCP 47 tag dates are written in. `escaped` false leaves the results of `truncate_N`
    /// and `date` unescaped, for a helper nested in another one (which escapes the text it is given once).
    /// Throws `LocalizedDate.Problem` when `date` is given text that is not a date.
    func apply(to text: String, language: String, escaped: Bool = true, output: inout [UInt8]) throws(LocalizedDate.Problem) {
        let append = { (result: String, output: inout [UInt8]) in
            if escaped { HTMLEscaper.append(result, to: &output) } else { output += Array(result.utf8) }
        }
        switch self {
        case .truncate(let length):
            append(Self.truncated(text, to: length), &output)
        case .date:
            let trimmed = text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
            guard !trimmed.isEmpty else { return }
            append(try LocalizedDate(iso8601: String(trimmed)).text(language: language), &output)
        case .urlEncode:
            Self.appendPercentEncoded(text, to: &output)
        case .json:
            Self.appendScriptJSON(text, to: &output)
        }
    }

    /// `value` as JSON for a script block: a list as an array, a map as an object with its keys sorted
    /// (a record's in its own order), every string written as `appendScriptJSON(_:to:)` writes text, a
    /// number as written, and what JSON has no number for (`.inf`, `.nan`) as `null`.
    static func appendScriptJSON(_ value: TemplateValue, to output: inout [UInt8]) {
        func members(_ pairs: [(String, TemplateValue)]) {
            output.append(UInt8(ascii: "{"))
            for (index, (key, member)) in pairs.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                appendScriptJSON(key, to: &output)
                output.append(UInt8(ascii: ":"))
                appendScriptJSON(member, to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
        switch value {
        case .null: output += Array("null".utf8)
        case .bool, .int: output += Array(value.renderedText.utf8)
        case .double(let number): output += Array((number.isFinite ? value.renderedText : "null").utf8)
        case .string(let text): appendScriptJSON(text, to: &output)
        case .list(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                appendScriptJSON(item, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .map(let entries): members(entries.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        case .record(let record): members(Array(zip(record.schema.keys, record.values)))
        }
    }

    /// `text` cut to at most `length` characters; when cut, the last one is `…` and white space before it is dropped.
    static func truncated(_ text: String, to length: Int) -> String {
        var end = text.startIndex
        var count = 0
        while end < text.endIndex, count < length {
            text.formIndex(after: &end)
            count += 1
        }
        guard end < text.endIndex else { return text }
        var kept = text[..<text.index(before: end)]
        while let last = kept.last, last.isWhitespace { kept.removeLast() }
        return kept + "…"
    }
}

private extension TemplateHelper {
    static func appendPercentEncoded(_ text: String, to output: inout [UInt8]) {
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            if byte.isASCIIAlpha || byte.isASCIIDigit || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~") {
                output.append(byte)
            } else {
                output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
    }

    /// A JSON string that no HTML parser ends early: `</script`, `<!--` and `]]>` cannot appear in it,
    /// since every `<`, `>` and `&` is a `\u` escape (which JSON and JavaScript read back as the same text).
    static func appendScriptJSON(_ text: String, to output: inout [UInt8]) {
        for byte in JSONString.quoted(text).utf8 {
            switch byte {
            case UInt8(ascii: "<"): output += Array("\\u003c".utf8)
            case UInt8(ascii: ">"): output += Array("\\u003e".utf8)
            case UInt8(ascii: "&"): output += Array("\\u0026".utf8)
            default: output.append(byte)
            }
        }
    }
}
