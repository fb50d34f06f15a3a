import Foundation

/// Reads and validates `site.yml`.
package enum SiteConfigLoader {
    /// The largest site.yml feedsite reads (about a million accounts' worth).
    package static let maximumBytes = 32 << 20

    /// Loads the config file at `path` (as the user wrote it; messages name it that way).
    package static func load(path: String) throws -> SiteConfig {
        let bytes = try FileInput.read(path, purpose: "the site configuration",
                                       missingHint: "run 'feedsite init' to create a site here, or pass --config PATH",
                                       limit: maximumBytes)
        return try decode(bytes, file: path, siteFolder: SiteFolders.siteFolder(of: path))
    }

    /// Validates config text; `file` names it in diagnostics, `siteFolder` anchors relative folders.
    /// With `cache` (of the same file), what did not change since the version decoded before is reused.
    package static func decode(_ bytes: [UInt8], file: String, siteFolder: String, cache: SiteConfigCache? = nil) throws(DiagnosticError) -> SiteConfig {
        let cache = cache?.reader.file == file ? cache : nil
        // Read in sections, a save that changes the title leaves 10,000 accounts' section and accounts as they were
        // (perf, Benchmarks/live_reload.py 10000, a site.yml change: CPU until the reload event 250 -> 86 ms, with the
        // watched folders taken from this decode; wall 1028 -> 340 ms on a loaded machine).
        var root: YAMLNode?
        var sections: [String: ArraySlice<UInt8>] = [:]
        var items: [ArraySlice<UInt8>]?
        if let cache {
            let read = try cache.reader.read(bytes)
            (root, sections, items) = (read.root, read.sections, read.lists["accounts"])
        } else {
            root = try YAMLReader(file: file).read(bytes)
        }
        var decoder = SiteConfigDecoder(file: file, source: bytes)
        decoder.decoded = cache?.accounts(for: sections)
        // An edit of one account decodes that account alone, the others kept (perf task-clock, Benchmarks/live_reload.py 10000,
        // 6 account edits, start-up decodes included: decoding accounts on all threads 349 -> 235 ms of CPU).
        if decoder.decoded == nil, let items { decoder.keptAccounts = cache?.accounts(forItems: items, defaults: sections["defaults"]) }
        let config = decoder.decode(root, siteFolder: siteFolder) { SiteFolders.resolve($0, in: siteFolder) }
        if let config { cache?.keep(config, sections: sections, items: items, itemLines: decoder.accountItemLines) }
        // Freeing the tree of a large file takes milliseconds that the build need not wait for (callgrind --separate-threads,
        // Benchmarks/generate_site.py 10000, clean build: main thread 293M -> 278M instructions).
        if bytes.count >= YAMLReader.pipelineThreshold { TreeDisposal(&root).start() }
        guard let config else { throw DiagnosticError(decoder.fields.diagnostics) }
        return config
    }
}

/// Takes a YAML tree out of its variable and releases it on a thread of its own.
private final class TreeDisposal: @unchecked Sendable {
    // Only the disposal thread touches the tree once the caller's variable is emptied.
    private var tree: YAMLNode?

    init(_ tree: inout YAMLNode?) {
        self.tree = tree
        tree = nil
    }

    func start() {
        Thread.detachNewThread { self.tree = nil }
    }
}
