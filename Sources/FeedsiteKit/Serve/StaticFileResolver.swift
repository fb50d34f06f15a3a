#if canImport(Glibc)
import Glibc
#endif

/// Maps request targets to files of the served folder, refusing anything that could leave it.
package struct StaticFileResolver: Sendable {
    /// Where a target leads.
    package enum Resolution: Sendable, Equatable {
        case file(String)
        case redirect(String)
        case notFound
        case badRequest
    }

    /// The served folder, with links resolved.
    package let root: String

    /// A resolver for `folder`; while the folder does not exist, every target is not found.
    package init(folder: String) {
        root = Self.realPath(folder) ?? folder
    }

    /// Resolves a request target such as `/outputdd/` or `/assets/site.css?v=1`.
    package func resolve(_ target: String) -> Resolution {
        guard let (path, query, text) = Self.decode(target) else { return .badRequest }
        let segments = text.split(separator: "/", omittingEmptySubsequences: true)
        if segments.contains(where: { $0 == ".." || $0 == "." }) { return .badRequest }
        if segments.contains(where: { $0.hasPrefix(".feedsite") }) { return .notFound }
        let candidate = ([root] + segments.map(String.init)).joined(separator: "/")
        guard let real = Self.realPath(candidate), real == root || real.hasPrefix(root + "/") else { return .notFound }
        var status = stat()
        guard stat(real, &status) == 0 else { return .notFound }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            return text.hasSuffix("/") ? .notFound : .file(real)
        case S_IFDIR:
            // One leading slash only: `//host` in a Location would send the browser to another host.
            guard text.hasSuffix("/") else { return .redirect("/" + path.drop { $0 == "/" } + "/" + query) }
            let index = real + "/index.html"
            guard let realIndex = Self.realPath(index), realIndex.hasPrefix(root + "/"), stat(realIndex, &status) == 0,
                  status.st_mode & S_IFMT == S_IFREG else { return .notFound }
            return .file(realIndex)
        default:
            return .notFound
        }
    }

    /// The path, relative to the folder, of the page a target names: `index.html` for `/`,
    /// `nasa/index.html` for `/nasa/` or `/nasa/index.html`; nil for a target that names no HTML page,
    /// or one that `resolve` refuses.
    package static func pagePath(_ target: String) -> String? {
        guard let (_, _, text) = decode(target) else { return nil }
        let segments = text.split(separator: "/", omittingEmptySubsequences: true)
        guard !segments.contains(where: { $0 == ".." || $0 == "." || $0.hasPrefix(".feedsite") }) else { return nil }
        if text.hasSuffix("/") { return (segments.map(String.init) + ["index.html"]).joined(separator: "/") }
        return segments.last?.hasSuffix(".html") == true ? segments.joined(separator: "/") : nil
    }

    /// For a target that names a folder without its trailing slash (`/contact`): the path of the page
    /// that would be there (`contact/index.html`) and where `resolve` redirects it (`/contact/`); nil otherwise.
    package static func folderPage(_ target: String) -> (page: String, location: String)? {
        guard let (path, query, text) = decode(target), !text.hasSuffix("/") else { return nil }
        let segments = text.split(separator: "/", omittingEmptySubsequences: true)
        guard !segments.isEmpty, !segments.contains(where: { $0 == ".." || $0 == "." || $0.hasPrefix(".feedsite") }) else { return nil }
        return ((segments.map(String.init) + ["index.html"]).joined(separator: "/"), "/" + path.drop { $0 == "/" } + "/" + query)
    }

    /// The path of `target` (without its query or fragment), the query, and the path percent-decoded;
    /// nil for a target that could leave the folder or is not UTF-8.
    static func decode(_ target: String) -> (path: Substring, query: Substring, text: String)? {
        var path = Substring(target)
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        let query = target[path.endIndex...]
        guard path.hasPrefix("/") else { return nil }
        if path.contains("\\") { return nil }
        let lowered = path.lowercased()
        if lowered.contains("%2f") || lowered.contains("%5c") || lowered.contains("%00") { return nil }
        let decoded = PercentEncoding.decode(path)
        if decoded.contains(0) || decoded.contains(UInt8(ascii: "\\")) { return nil }
        if PercentEncoding.decode(String(decoding: decoded, as: UTF8.self)) != decoded, lowered.contains("%25") {
            return nil // double-encoded: %252e%252e and the like
        }
        guard let text = String(validating: decoded, as: UTF8.self) else { return nil }
        return (path, query, text)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
