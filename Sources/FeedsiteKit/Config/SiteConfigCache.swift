import Foundation
import Synchronization

/// What decoding one site.yml leaves for decoding its next version (serve decodes each save): its
/// sections as parsed (`YAMLIncrementalReader`), and its accounts as decoded, with the bytes of the
/// `accounts` and `defaults` sections they came from. When both are the same again, so are the
/// accounts, only moved with their lines: they are not decoded again. When only some items of
/// `accounts` changed (and `defaults` did not), only those are decoded again.
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
        /// The bytes of each item of the list, and the line where its node started (one per account); nil
        /// when the list was not read in items.
        let items: [ArraySlice<UInt8>]?
        let itemLines: [Int]
    }

    /// An account decoded before from the same item's bytes, and the line where its item started then.
    struct KeptAccount {
        let account: Account
        let line: Int
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

    /// For each of `items` (the bytes of the items of `accounts` in a read), the account decoded last
    /// from the same bytes, when `defaults` is the same too; nil when none can be kept. Items are matched
    /// from the start and from the end, as far as their bytes agree: an edit, an account added or removed.
    func accounts(forItems items: [ArraySlice<UInt8>], defaults: ArraySlice<UInt8>?) -> [KeptAccount?]? {
        guard let decoded = decoded.withLock({ $0 }), let before = decoded.items, before.count == decoded.list.count,
              decoded.itemLines.count == before.count, Self.same(decoded.defaults, defaults) else { return nil }
        var kept = [KeptAccount?](repeating: nil, count: items.count)
        var prefix = 0
        while prefix < min(items.count, before.count), Self.same(items[prefix], before[prefix]) {
            kept[prefix] = KeptAccount(account: decoded.list[prefix], line: decoded.itemLines[prefix])
            prefix += 1
        }
        var suffix = 0
        while suffix < min(items.count, before.count) - prefix, Self.same(items[items.count - 1 - suffix], before[before.count - 1 - suffix]) {
            let old = before.count - 1 - suffix
            kept[items.count - 1 - suffix] = KeptAccount(account: decoded.list[old], line: decoded.itemLines[old])
            suffix += 1
        }
        return prefix + suffix == 0 ? nil : kept
    }

    /// Keeps `config`'s accounts, decoded from the text whose sections are `sections` and whose
    /// `accounts` items are `items` (their nodes starting at `itemLines`).
    func keep(_ config: SiteConfig, sections: [String: ArraySlice<UInt8>], items: [ArraySlice<UInt8>]?, itemLines: [Int]) {
        let kept = sections["accounts"].flatMap { accounts in
            config.locations["accounts"].map {
                DecodedAccounts(accounts: accounts, defaults: sections["defaults"], line: $0.line, list: config.accounts,
                                items: items?.count == config.accounts.count && itemLines.count == config.accounts.count ? items : nil,
                                itemLines: itemLines)
            }
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
