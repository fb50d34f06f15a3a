/// Plain text from post HTML or feed text: tags removed, character references decoded, whitespace
/// collapsed to single spaces. Not a sanitizer (its output is text, never HTML): what is inside
/// `script`, `style` and comments is dropped, and a `<` that does not start a tag stays text.
enum PostText {
    /// The text of `html`.
    static func plain(fromHTML html: String) -> String {
        // Bytes, then one String; a tag's name read from its scalars (callgrind, `feedsite-bench parse` on
        // ten of Benchmarks/fetch.py's feeds: 1.55 M -> 0.20 M instructions a post, of 2.18 M in all).
        var text: [UInt8] = []
        text.reserveCapacity(html.utf8.count)
        let scalars = Array(html.unicodeScalars)
        var index = 0
        var skipUntil: String?
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "<", index + 3 < scalars.count, scalars[index + 1] == "!", scalars[index + 2] == "-", scalars[index + 3] == "-" {
                index = commentEnd(scalars, from: index + 4) ?? scalars.count
                continue
            }
            if scalar == "<", index + 1 < scalars.count, let end = tagEnd(scalars, from: index) {
                let name = tagName(scalars[(index + 1)..<end])
                index = end + 1
                if let closing = skipUntil {
                    if name == closing { skipUntil = nil }
                    continue
                }
                if name == "script" || name == "style" { skipUntil = "/" + name }
                if blockNames.contains(String(name.drop { $0 == "/" })) { text.append(UInt8(ascii: " ")) }
                continue
            }
            index += 1
            if skipUntil != nil { continue }
            if scalar == "&", let (decoded, next) = reference(scalars, at: index - 1) {
                text.append(contentsOf: decoded.utf8)
                index = next
                continue
            }
            if scalar.isASCII { text.append(UInt8(scalar.value)) } else { HTMLCharacterReference.appendUTF8(scalar.value, to: &text) }
        }
        return text.withUnsafeBufferPointer(collapsed)
    }

    /// `text` with every run of whitespace turned into one space, and none at either end.
    static func collapsed(_ text: String) -> String {
        var text = text
        return text.withUTF8(collapsed)
    }
}

private extension PostText {
    /// The UTF-8 `bytes` with every run of whitespace (space, tab, line feed, carriage return, form
    /// feed: all ASCII, so a byte at a time) turned into one space, and none at either end.
    static func collapsed(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var pendingSpace = false
        for byte in bytes {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.append(0x20)
                pendingSpace = false
            }
            result.append(byte)
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The name a tag's text starts with: its letters, digits and `/`, lower-cased. Read from the
    /// scalars while they are ASCII; as Characters (grapheme clusters, Unicode letters) otherwise.
    static func tagName(_ tag: ArraySlice<Unicode.Scalar>) -> String {
        var name = ""
        for scalar in tag {
            guard scalar.isASCII else {
                // A combining mark joins the letter before it into one Character: read it as Characters.
                return String(String.UnicodeScalarView(tag)).prefix { $0.isLetter || $0.isNumber || $0 == "/" }.lowercased()
            }
            let value = scalar.value
            let isName = (value >= 0x61 && value <= 0x7A) || (value >= 0x41 && value <= 0x5A) || (value >= 0x30 && value <= 0x39) || value == 0x2F
            guard isName else { break }
            name.unicodeScalars.append(Unicode.Scalar(UInt8(value) | (value >= 0x41 && value <= 0x5A ? 0x20 : 0)))
        }
        return name
    }

    /// Elements whose start or end separates words.
    static let blockNames: Set<String> = ["p", "br", "div", "li", "ul", "ol", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6",
                                          "pre", "tr", "td", "th", "table", "hr", "section", "article", "figure", "figcaption"]

    /// The index of the `>` that ends the tag starting at `start`, or nil when `<` does not start a tag.
    static func tagEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        let next = scalars[start + 1]
        guard next.properties.isAlphabetic || next == "/" || next == "!" || next == "?" else { return nil }
        var quote: Unicode.Scalar?
        var index = start + 1
        while index < scalars.count {
            let scalar = scalars[index]
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                if index > start + 1, scalars[index - 1] == "=" || scalars[index - 1] == " " { quote = scalar }
            } else if scalar == ">" {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The index just past the `-->` that closes a comment, from `start`.
    static func commentEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        while index + 2 < scalars.count {
            if scalars[index] == "-", scalars[index + 1] == "-", scalars[index + 2] == ">" { return index + 3 }
            index += 1
        }
        return nil
    }

    /// The character reference at `start` (`&amp;`, `&#39;`, `&#x1F600;`) and the index after it.
    static func reference(_ scalars: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        var index = start + 1
        var name = ""
        while index < scalars.count, index - start <= 32, scalars[index] != ";" {
            let scalar = scalars[index]
            guard scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "#" else { return nil }
            name.unicodeScalars.append(scalar)
            index += 1
        }
        guard index < scalars.count, scalars[index] == ";", !name.isEmpty else { return nil }
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            guard let value else { return nil }
            let scalar = value == 0 ? "\u{FFFD}" : Unicode.Scalar(value) ?? "\u{FFFD}"
            return (String(Character(scalar)), index + 1)
        }
        return HTMLCharacterReference.character(named: name).map { ($0, index + 1) }
    }
}
