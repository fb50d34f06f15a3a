import Foundation
import Synchronization

/// What decoding one site.yml leaves for decoding its next version (serve decodes each save): its
/// sections as parsed (`YAMLIncrementalReader`), and its accounts as decoded, with the bytes of the
/// `accounts` and `defaults` sections they came from. When both are the same again, so are the
/// accounts, only moved with their lines: they are not decoded again.
package final class SiteConfigCache: Sendable {
    let reader: YAMLIncrementalReader
    private let decoded = Mutex<DecodedAccounts?>(nil)

    /// The accounts of a version, and what they were decoded from.
    struct DecodedAccounts: Sendable {
        let accounts: ArraySlice<UInt8>
        let defaults: ArraySlice<UInt8>?
        /// The line where the list of accounts started.
        let line: Int
        let list: [Account]
    }

    /// A cache for the versions of the site.yml that diagnostics name `file`.
    package init(file: String) {
        reader = YAMLIncrementalReader(file: file)
    }
}

extension SiteConfigCache {
    /// The accounts decoded last, when they were decoded from the same bytes as `sections` hold for
    /// `accounts` and `defaults` (a read's sections).
    func accounts(for sections: [String: ArraySlice<UInt8>]) -> DecodedAccounts? {
        guard let accounts = sections["accounts"], let decoded = decoded.withLock({ $0 }),
              Self.same(decoded.accounts, accounts), Self.same(decoded.defaults, sections["defaults"]) else { return nil }
        return decoded
    }

    /// Keeps `config`'s accounts, decoded from the text whose sections are `sections`.
    func keep(_ config: SiteConfig, sections: [String: ArraySlice<UInt8>]) {
        let kept = sections["accounts"].flatMap { accounts in
            config.locations["accounts"].map { DecodedAccounts(accounts: accounts, defaults: sections["defaults"], line: $0.line, list: config.accounts) }
        }
        decoded.withLock { $0 = kept }
    }
}

private extension SiteConfigCache {
    /// Whether `first` and `second` are both absent, or the same bytes.
    static func same(_ first: ArraySlice<UInt8>?, _ second: ArraySlice<UInt8>?) -> Bool {
        guard let first, let second else { return first == nil && second == nil }
        guard first.count == second.count else { return false }
        return first.withUnsafeBufferPointer { one in
            second.withUnsafeBufferPointer { other in one.isEmpty || memcmp(one.baseAddress!, other.baseAddress!, one.count) == 0 }
        }
    }
}
