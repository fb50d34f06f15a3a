/// Placeholders in the text options of `defaults`: `{handle}`, `{name}`, `{network}` and
/// `{network_name}` are replaced by each account's own value (`description: "Posts by {name}"`),
/// percent-encoded in a URL (`compose.url`, `image`) as far as the part of the URL it stands in needs
/// (`URLComponent`: `?h={handle}` gives `?h=alice@fosstodon.org`, `{name}` gives `Jack%20D`). The options that take them say so in the option
/// table (`ConfigOption.placeholders`); a placeholder in any other option of `defaults` is an error.
/// `{{` stands for a literal `{` and `}}` for `}` (a lone `}` is kept as it is). Only `defaults` is
/// read this way: an account's own values are taken literally, braces and all, since they are written
/// for that one account. `feed:` keeps its own `{handle}`, replaced when `feedsite fetch` reads it.
enum DefaultPlaceholders {
    /// The placeholders, in the order the README and the hints list them.
    static let names = ["handle", "name", "network", "network_name"]
    /// The options that take placeholders, as messages name them (`compose.text`), in the tables' order.
    static let options: [String] = OptionTable.account.options.flatMap { option -> [String] in
        if option.placeholders { return [option.key] }
        guard case .options(let table) = option.type else { return [] }
        return table.options.filter(\.placeholders).map { "\(option.key).\($0.key)" }
    }

    /// What is wrong with a placeholder in a text: the character offset of its `{`, what went wrong, and a fix.
    typealias Problem = (offset: Int, message: String, hint: String)

    /// The values the placeholders stand for, for one account.
    struct Values: Sendable {
        let handle: String
        let name: String
        let network: Network

        /// The value of a known placeholder, percent-encoded for `component` when given (in a URL).
        func value(of placeholder: Substring, in component: URLComponent? = nil) -> String {
            let value = switch placeholder {
            case "handle": handle
            case "name": name
            case "network": network.rawValue
            default: network.displayName
            }
            return component.map { PercentEncoding.encode(value, in: $0) } ?? value
        }
    }
}

extension DefaultPlaceholders {
    /// Whether `text` has anything to replace or unescape.
    static func hasBraces(_ text: String) -> Bool {
        text.utf8.contains { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }
    }

    /// The problems in `text`, in order: each unknown placeholder, and the first `{` never closed (no
    /// `}` follows it, so every later `{` is unclosed too and one error says it). Empty when there is none.
    static func problems(in text: String) -> [Problem] {
        var problems: [Problem] = []
        var unclosed = false
        _ = scan(text) { name, offset, _ in
            if let name {
                if !names.contains(String(name)) { problems.append(unknown(name, at: offset)) }
            } else if !unclosed {
                unclosed = true
                problems.append((offset, "'{' opens a placeholder that is never closed with '}'",
                                 "write {{ for a literal '{'; the placeholders are \(listed)"))
            }
            return ""
        }
        return problems
    }

    /// Each known placeholder in `text` with the character offset of its `{`, in order.
    static func placeholders(in text: String) -> [(name: Substring, offset: Int)] {
        var found: [(name: Substring, offset: Int)] = []
        _ = scan(text) { name, offset, _ in
            if let name, names.contains(String(name)) { found.append((name, offset)) }
            return ""
        }
        return found
    }

    /// The options that take placeholders, as hints list them: "description, image, … and compose.url".
    static var optionsListed: String {
        options.dropLast().joined(separator: ", ") + " and " + (options.last ?? "")
    }

    /// `text` with each placeholder replaced by its value and `{{`, `}}` by `{`, `}`. `text` has no
    /// problem. When `encoded` (a URL), each value is percent-encoded for the part of the URL it stands
    /// in, judged by the text before it (values never add a `/`, `?` or `#` that would change it).
    static func replacing(in text: String, with values: Values, encoded: Bool = false) -> String {
        scan(text) { name, _, before in
            name.map { values.value(of: $0, in: encoded ? URLComponent(after: before) : nil) } ?? "{"
        }
    }
}

private extension DefaultPlaceholders {
    static var listed: String { names.map { "{\($0)}" }.joined(separator: ", ") }

    static func unknown(_ name: Substring, at offset: Int) -> Problem {
        let suggestion = Suggestion.didYouMean(String(name), in: names).map { $0 + " " } ?? ""
        return (offset, "unknown placeholder '{\(name)}'", "\(suggestion)the placeholders are \(listed); write {{ for a literal '{'")
    }

    /// Walks `text`, handing each placeholder's name (nil for a `{` never closed), the character offset
    /// of its `{` and the result so far to `replace`, and returns the text with each replaced and the
    /// escapes undone.
    static func scan(_ text: String, replace: (Substring?, Int, String) -> String) -> String {
        var result = ""
        var index = text.startIndex
        var offset = 0
        // Once no '}' follows, none follows any later '{' either: looking again would make the walk quadratic.
        var closes = true
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "{" || character == "}", next < text.endIndex, text[next] == character {
                result.append(character)
                index = text.index(after: next)
                offset += 2
            } else if character == "{" {
                guard closes, let close = text[next...].firstIndex(of: "}") else {
                    closes = false
                    let replaced = replace(nil, offset, result)
                    result += replaced
                    index = next
                    offset += 1
                    continue
                }
                let name = text[next..<close]
                let replaced = replace(name, offset, result)
                result += replaced
                offset += text.distance(from: index, to: close) + 1
                index = text.index(after: close)
            } else {
                result.append(character)
                index = next
                offset += 1
            }
        }
        return result
    }
}
