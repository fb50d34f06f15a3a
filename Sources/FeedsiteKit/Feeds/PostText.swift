/// Plain text from post HTML or feed text: tags removed, character references decoded, whitespace
/// collapsed to single spaces. Not a sanitizer (its output is text, never HTML): what is inside
/// `script`, `style` and comments is dropped, and a `<` that does not start a tag stays text.
enum PostText {
    /// The text of `html`.
    static func plain(fromHTML html: String) -> String {
        // Read from the bytes; a tag's name read from its scalars (callgrind, `feedsite-bench parse` on
        // ten of Benchmarks/fetch.py's feeds: 1.55 M -> 0.20 M instructions a post, of 2.18 M in all).
        // Runs of text without `<` or `&` are found, their white space collapsed and copied whole in one pass
        // (`CollapsedText`: callgrind, `feedsite-bench parse` on ten of Benchmarks/parse.py's feeds, PostText.plain
        // 39.8 K -> 33.3 K instructions a post); only a `<` or `&` is looked at closely.
        let source = html
        var html = html
        return html.withUTF8 { bytes in
            var text = CollapsedText(source: source, sourceBytes: bytes)
            let count = bytes.count
            var index = 0
            var skipUntil: String?
            while index < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "<") {
                    if index + 3 < count, bytes[index + 1] == UInt8(ascii: "!"), bytes[index + 2] == UInt8(ascii: "-"),
                       bytes[index + 3] == UInt8(ascii: "-") {
                        index = commentEnd(bytes, from: index + 4) ?? count
                        continue
                    }
                    if index + 1 < count, let end = tagEnd(bytes, from: index) {
                        let name = tagName(UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]))
                        index = end + 1
                        if let closing = skipUntil {
                            if name == closing { skipUntil = nil }
                            continue
                        }
                        if name == "script" || name == "style" { skipUntil = "/" + name }
                        if blockNames.contains(String(name.drop { $0 == "/" })) { text.append(" ") }
                        continue
                    }
                } else if byte == UInt8(ascii: "&"), skipUntil == nil, let (decoded, next) = reference(bytes, at: index) {
                    text.append(decoded)
                    index = next
                    continue
                }
                // Ordinary text up to the next `<` or `&` (bytes of a multi-byte character are never either).
                if skipUntil == nil {
                    index = text.appendTextRun(from: index)
                    continue
                }
                var end = index + 1
                while end < count, bytes[end] != UInt8(ascii: "<"), bytes[end] != UInt8(ascii: "&") { end += 1 }
                index = end
            }
            return text.take()
        }
    }

    /// `text` with every run of whitespace turned into one space, and none at either end.
    static func collapsed(_ text: String) -> String {
        let source = text
        var text = text
        return text.withUTF8 { bytes in
            var result = CollapsedText(source: source, sourceBytes: bytes)
            result.appendRun(0..<bytes.count)
            return result.take()
        }
    }
}

private extension PostText {
    /// The name a tag's text starts with: its letters, digits and `/`, lower-cased. Read from the
    /// bytes while they are ASCII; as Characters (grapheme clusters, Unicode letters) otherwise.
    static func tagName(_ tag: UnsafeBufferPointer<UInt8>) -> String {
        var name = ""
        for byte in tag {
            guard byte < 0x80 else {
                // A combining mark joins the letter before it into one Character: read it as Characters.
                return String(decoding: tag, as: UTF8.self).prefix { $0.isLetter || $0.isNumber || $0 == "/" }.lowercased()
            }
            let isName = byte.isASCIIAlpha || byte.isASCIIDigit || byte == UInt8(ascii: "/")
            guard isName else { break }
            name.unicodeScalars.append(Unicode.Scalar(byte.isASCIIUpper ? byte | 0x20 : byte))
        }
        return name
    }

    /// Elements whose start or end separates words.
    static let blockNames: Set<String> = ["p", "br", "div", "li", "ul", "ol", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6",
                                          "pre", "tr", "td", "th", "table", "hr", "section", "article", "figure", "figcaption"]

    /// The scalar whose UTF-8 starts at `index` of the valid UTF-8 `bytes`, and its length in bytes.
    static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (Unicode.Scalar(UInt8(lead)), 1) }
        let value: UInt32
        let length: Int
        if lead < 0xE0 {
            value = (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
            length = 2
        } else if lead < 0xF0 {
            value = (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
            length = 3
        } else {
            value = (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
                | UInt32(bytes[index + 3] & 0x3F)
            length = 4
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// Whether the scalar at `index` is a letter in Unicode's sense (the Alphabetic property).
    static func isAlphabetic(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = bytes[index]
        return byte < 0x80 ? byte.isASCIIAlpha : scalar(bytes, at: index).0.properties.isAlphabetic
    }

    /// The index of the `>` that ends the tag starting at `start`, or nil when `<` does not start a tag.
    /// (A byte of a multi-byte character is never `>`, a quote, `=` or a space.)
    static func tagEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let next = bytes[start + 1]
        guard next == UInt8(ascii: "/") || next == UInt8(ascii: "!") || next == UInt8(ascii: "?") || isAlphabetic(bytes, at: start + 1) else {
            return nil
        }
        var quote: UInt8?
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                if index > start + 1, bytes[index - 1] == UInt8(ascii: "=") || bytes[index - 1] == UInt8(ascii: " ") { quote = byte }
            } else if byte == UInt8(ascii: ">") {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The index just past the `-->` that closes a comment, from `start`.
    static func commentEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == UInt8(ascii: "-"), bytes[index + 2] == UInt8(ascii: ">") { return index + 3 }
            index += 1
        }
        return nil
    }

    /// The character reference at `start` (`&amp;`, `&#39;`, `&#x1F600;`) and the index after it. Its
    /// name may hold at most 32 characters (scalars, not bytes).
    static func reference(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (String, Int)? {
        var index = start + 1
        var length = 0
        var name = ""
        while index < bytes.count, length < 32, bytes[index] != UInt8(ascii: ";") {
            let (scalar, width) = scalar(bytes, at: index)
            let byte = bytes[index]
            let isNamePart = byte < 0x80 ? byte.isASCIIAlpha || byte.isASCIIDigit || byte == UInt8(ascii: "#") : scalar.properties.isAlphabetic
            guard isNamePart else { return nil }
            name.unicodeScalars.append(scalar)
            index += width
            length += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ";"), !name.isEmpty else { return nil }
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
