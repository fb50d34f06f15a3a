extension SiteConfigDecoder {
    /// The folders of the site whose site.yml at `configPath` holds `bytes`, with `templates:`, `output:` and
    /// `snapshots:` read by the same rule the build reads them by (so `clean`, `serve` and `build --watch`
    /// reject what the build rejects, with the same errors); other keys are not decoded.
    static func folders(configPath: String, bytes: [UInt8]) throws(DiagnosticError) -> SiteFolders {
        let root = try YAMLReader(file: configPath).read(bytes)
        var decoder = SiteConfigDecoder(file: configPath, source: bytes)
        var found = SiteFolders.defaults(configPath: configPath)
        if let root, case .mapping(let entries) = root.content {
            for entry in entries where ["templates", "output", "snapshots"].contains(entry.key) {
                guard let path = decoder.folder(entry.value, key: entry.key) else { continue }
                let resolved = SiteFolders.resolve(path, in: found.site)
                switch entry.key {
                case "templates": found.templates = resolved
                case "output": found.output = resolved
                default: found.snapshots = resolved
                }
            }
        }
        try decoder.fields.diagnostics.throwIfErrors()
        return found
    }
}

extension SiteFolders {
    /// The folders of the site whose site.yml is at `configPath`, read strictly: a `templates:`, `output:` or
    /// `snapshots:` the build would refuse (or YAML it cannot parse) throws the build's diagnostics.
    package static func read(configPath: String) throws -> SiteFolders {
        let bytes = try FileInput.read(configPath, purpose: "the site configuration",
                                       missingHint: "run the command in the site's folder, or pass --config PATH",
                                       limit: SiteConfigLoader.maximumBytes)
        return try SiteConfigDecoder.folders(configPath: configPath, bytes: bytes)
    }
}
