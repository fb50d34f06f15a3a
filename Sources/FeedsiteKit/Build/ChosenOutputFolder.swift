#if canImport(Glibc)
import Glibc
#endif

/// An output folder chosen on the command line (`--output DIR`) instead of site.yml's `output:`.
///
/// Besides what every output folder must pass (`OutputFolderGuard`: not `/`, the home folder, the site
/// folder or a folder above it), it must be new, empty, or one that feedsite built before and holds
/// nothing else: a folder named by mistake on the command line must never be built over.
package struct ChosenOutputFolder: Sendable, Equatable {
    /// The folder, absolute and standardized.
    package let path: String

    /// `path` as given (relative to the working folder).
    package init(_ path: String) {
        self.path = SiteFolders.resolve(path, in: OutputFolderGuard.canonical("."))
    }
}

extension ChosenOutputFolder {
    /// Throws when the folder may not be built into as the output of `folders`: what `OutputFolderGuard`
    /// refuses, and (unless `overwritesForeignFiles`) a folder with files feedsite did not write.
    func refuse(in folders: SiteFolders, configPath: String, overwritesForeignFiles: Bool,
                displayPath: (String) -> String) throws(InputError) {
        let shown = displayPath(path)
        do {
            try OutputFolderGuard.check(folders, configPath: configPath)
        } catch {
            throw InputError("--output \(shown): " + error.message, hint: "give --output a folder of its own, such as output")
        }
        if !overwritesForeignFiles { try refuseForeignContent(display: shown) }
    }

    /// Throws when the folder holds anything feedsite did not write (by its manifest): files of
    /// its own other than the manifest and its temporary files, or any file when there is no manifest.
    /// A symbolic link to a folder is judged by that folder, which the build would write into.
    func refuseForeignContent(display: String) throws(InputError) {
        var status = stat()
        // stat, not lstat: `--output link` writes into the link's folder, so that folder must pass the same check.
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return }
        var linkStatus = stat()
        let isLink = lstat(path, &linkStatus) == 0 && linkStatus.st_mode & S_IFMT == S_IFLNK
        let target = isLink ? " (a link to \(OutputFolderGuard.canonical(path)))" : ""
        let writer = OutputWriter(folder: path)
        let hasManifest = access(path + "/" + OutputWriter.manifestName, F_OK) == 0
        let recorded = hasManifest ? writer.readManifest().paths : []
        var others: [String] = []
        // Links to folders, FIFOs and the like are someone else's as much as files are.
        let present = ((try? FolderListing.files(under: path, others: &others)) ?? []) + others
        let foreign = present.filter { file in
            !recorded.contains(file) && file != OutputWriter.manifestName && !file.split(separator: "/").last!.hasPrefix(OutputWriter.temporaryPrefix)
        }
        let folders = (try? FolderListing.entries(of: path).filter(\.isFolder).count) ?? 0
        guard !foreign.isEmpty || (!hasManifest && folders > 0) else { return }
        let shown = foreign.prefix(5).joined(separator: ", ") + (foreign.count > 5 ? " and \(foreign.count - 5) more" : "")
        throw InputError("refusing to build into \(display)\(target): it holds "
                         + (foreign.isEmpty ? "folders" : "\(foreign.count) file\(foreign.count == 1 ? "" : "s") (\(shown))")
                         + " that feedsite did not write",
                         hint: "--output takes a new or empty folder, or one feedsite built before that holds nothing else; "
                             + "choose another folder, or empty this one")
    }
}

extension SiteConfig {
    /// The config with its output folder replaced by `folder`.
    func withOutputFolder(_ folder: ChosenOutputFolder) -> SiteConfig {
        var values = options.values
        values[OptionTable.site.slot("output")] = .string(folder.path)
        var config = self
        config.options = TemplateRecord(options.schema, values)
        return config
    }
}
