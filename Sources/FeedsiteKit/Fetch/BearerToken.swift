/// A secret sent as `Authorization: Bearer …` (X's API). It never describes itself: printed, dumped,
/// reflected or interpolated it is `***`, so no message, log or crash text can show it.
package struct BearerToken: Sendable, Equatable {
    /// The secret itself; read only to build the header.
    private let secret: String

    /// The token in `text`, or nil when it is empty or has a character a header cannot carry
    /// (anything but printable ASCII): it goes into a request header as it is.
    package init?(_ text: String) {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        secret = text
    }
}

extension BearerToken: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `***`.
    package var description: String { "***" }
    /// `***`.
    package var debugDescription: String { "***" }
    /// No children: `dump` shows `***` alone.
    package var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

extension BearerToken {
    /// The `Authorization` header line, for libcurl's header list alone.
    var header: String { "Authorization: Bearer " + secret }

    /// `text` with every occurrence of the token as `***`: for anything a server said, which is shown.
    func redacting(_ text: String) -> String {
        text.contains(secret) ? text.replacing(secret, with: "***") : text
    }
}
