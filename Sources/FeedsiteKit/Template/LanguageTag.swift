/// The parts of a BCP 47 language tag (RFC 5646) that say how to write for its readers: the language
/// (`en`), an optional script (`Latn`) and an optional region (`US`, or a UN M.49 code such as `419`),
/// each compared ignoring case. `en-Latn-US`, `EN-us` and `en-US-posix` all have language `en` and
/// region `us`; extended language subtags (`zh-yue`), variants and extensions are skipped.
struct LanguageTag: Sendable, Equatable {
    /// The primary language subtag, lower case (`en`); empty for an empty tag.
    let language: String
    /// The script subtag, lower case (`latn`), or nil.
    let script: String?
    /// The region subtag, lower case (`us`, `419`), or nil.
    let region: String?
}

extension LanguageTag {
    /// Reads `tag`; what is no subtag where a script or region could stand is left out.
    init(_ tag: String) {
        var subtags = tag.lowercased().split(separator: "-", omittingEmptySubsequences: false)[...]
        let language = subtags.popFirst().map(String.init) ?? ""
        // Up to three extended language subtags of three letters follow a language of two or three.
        var extensions = 0
        while extensions < 3, language.count <= 3, let next = subtags.first, next.count == 3, next.allSatisfy(\.isLetter) {
            subtags.removeFirst()
            extensions += 1
        }
        var script: String?
        if let next = subtags.first, next.count == 4, next.allSatisfy({ $0.isASCII && $0.isLetter }) {
            script = String(next)
            subtags.removeFirst()
        }
        var region: String?
        if let next = subtags.first,
           (next.count == 2 && next.allSatisfy { $0.isASCII && $0.isLetter }) || (next.count == 3 && next.allSatisfy { $0.isASCII && $0.isNumber }) {
            region = String(next)
        }
        self.init(language: language, script: script, region: region)
    }
}
