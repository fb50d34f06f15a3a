#if canImport(Glibc)
import Glibc
#endif

/// A hash of everything a build is made from: the feedsite binary, site.yml, every file of the
/// templates folder, every data file, every snapshot and every media copy. When it and every output file are unchanged, the build has nothing to do.
enum BuildFingerprint {
    /// The fingerprint of a loaded site, reading site.yml again.
    static func compute(_ config: SiteConfig) -> UInt64? {
        guard let configBytes = try? FileInput.read(config.configPath, purpose: "the site configuration", limit: .max) else { return nil }
        return compute(configPath: config.configPath, configBytes: configBytes, folders: config.folders)
    }

    /// The fingerprint of the site whose site.yml at `configPath` holds `configBytes`; nil when a file cannot be read.
    static func compute(configPath: String, configBytes: [UInt8], folders: SiteFolders) -> UInt64? {
        inputs(configPath: configPath, configBytes: configBytes, folders: folders)?.fingerprint
    }

    /// The inputs of the site whose site.yml at `configPath` holds `configBytes`: the hash of all but
    /// the snapshots, and the snapshots' stamps; nil when a file cannot be read.
    static func inputs(configPath: String, configBytes: [UInt8], folders: SiteFolders) -> BuildInputs? {
        let templatesFolder = folders.templates
        var hash = Hasher64()
        hash.add(Array(Generator.version.utf8))
        // The running binary: a new feedsite may render differently even under the same version.
        guard let binary = BuildManifest.Stamp.of("/proc/self/exe") else { return nil }
        hash.add(Array("\(binary.size) \(binary.seconds) \(binary.nanoseconds) \(binary.inode)".utf8))
        // The site, by its site.yml's real path: `site.yml`, `./site.yml` and an absolute path name one site.
        let realConfigPath = realpath(configPath, nil).map { resolved in
            defer { free(resolved) }
            return String(cString: resolved)
        } ?? configPath
        hash.add(Array(realConfigPath.utf8))
        hash.add(configBytes)
        guard let files = try? FolderListing.files(under: templatesFolder) else { return nil }
        for file in files where !file.hasPrefix("assets/") {
            guard let bytes = try? FileInput.read(templatesFolder + "/" + file, purpose: "a template", limit: .max) else { return nil }
            hash.add(Array(file.utf8))
            hash.add(bytes)
        }
        guard addAssets(to: &hash, folders: folders), addData(to: &hash, folders: folders),
              addStatics(to: &hash, folders: folders), addMedia(to: &hash, folders: folders) else { return nil }
        // Snapshots are inputs too: a fetch that changed one makes the next build run. They are many and
        // large, so each counts by its stamp (size, time, inode), as output files do: fetch replaces a
        // snapshot by renaming a new file over it, and an edit by hand changes its time.
        let names = SnapshotStore(folder: folders.snapshots).files
        guard let stamps = names.isEmpty ? [] : StampBatch.stamps(of: names, in: folders.snapshots) else { return nil }
        var snapshots: [(name: String, stamp: BuildManifest.Stamp)] = []
        snapshots.reserveCapacity(names.count)
        for (name, stamp) in zip(names, stamps) {
            guard let stamp else { return nil }
            snapshots.append((name, stamp))
        }
        return BuildInputs(base: hash.value, snapshots: snapshots)
    }

    /// The hash of the files the build copies as they are (assets, static files, media copies): what
    /// pages rendered on demand do not show (`PreviewPages`); nil when a file cannot be read.
    static func copiedFiles(folders: SiteFolders) -> UInt64? {
        var hash = Hasher64()
        guard addAssets(to: &hash, folders: folders), addStatics(to: &hash, folders: folders),
              addMedia(to: &hash, folders: folders) else { return nil }
        return hash.value
    }
}

private extension BuildFingerprint {
    /// Adds the assets as the build copies them: listed from `assets` itself, so a link to a folder counts.
    static func addAssets(to hash: inout Hasher64, folders: SiteFolders) -> Bool {
        let assets = folders.templates + "/assets"
        if access(assets, F_OK) == 0 {
            guard let files = try? FolderListing.files(under: assets) else { return false }
            for file in files where SiteBuilder.isPublishedAsset(file) {
                guard let bytes = try? FileInput.read(assets + "/" + file, purpose: "an asset", limit: .max) else { return false }
                hash.add(Array(("assets/" + file).utf8))
                hash.add(bytes)
            }
        }
        return true
    }

    /// Adds the data files, read whole as templates are (they are small: site.yml's size limit).
    static func addData(to hash: inout Hasher64, folders: SiteFolders) -> Bool {
        let data = folders.site + "/" + DataFiles.folderName
        if access(data, F_OK) == 0 {
            guard let files = try? FolderListing.files(under: data) else { return false }
            for file in files {
                guard let bytes = try? FileInput.read(data + "/" + file, purpose: "a data file", limit: .max) else { return false }
                hash.add(Array(("data/" + file).utf8))
                hash.add(bytes)
            }
        }
        return true
    }

    /// Adds the static files, by their stamps as snapshots are (images may be large); the names are the output's.
    static func addStatics(to hash: inout Hasher64, folders: SiteFolders) -> Bool {
        let statics = StaticFolder(siteFolder: folders.site, displayPath: { $0 })
        if statics.exists {
            guard let files = try? FolderListing.files(under: statics.path) else { return false }
            for file in files {
                guard let stamp = BuildManifest.Stamp.of(statics.path + "/" + file) else { return false }
                hash.add(Array("static/\(file) \(stamp.size) \(stamp.seconds).\(stamp.nanoseconds) \(stamp.inode)".utf8))
            }
        }
        return true
    }

    /// Adds the media copies (`media: copy`), by their stamps: a copy replaced by hand is published by the next build.
    static func addMedia(to hash: inout Hasher64, folders: SiteFolders) -> Bool {
        let media = SnapshotStore(folder: folders.snapshots).mediaFolder
        if let entries = try? FolderListing.entries(of: media) {
            for entry in entries where !entry.isFolder && MediaCopy.isFileName(entry.name) {
                guard let stamp = BuildManifest.Stamp.of(media + "/" + entry.name) else { return false }
                hash.add(Array("media/\(entry.name) \(stamp.size) \(stamp.seconds).\(stamp.nanoseconds) \(stamp.inode)".utf8))
            }
        }
        return true
    }
}
