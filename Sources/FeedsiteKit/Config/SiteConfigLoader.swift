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
    package static func decode(_ bytes: [UInt8], file: String, siteFolder: String) throws(DiagnosticError) -> SiteConfig {
        var root = try YAMLReader(file: file).read(bytes)
        var decoder = SiteConfigDecoder(file: file, source: bytes)
        let config = decoder.decode(root, siteFolder: siteFolder) { SiteFolders.resolve($0, in: siteFolder) }
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
