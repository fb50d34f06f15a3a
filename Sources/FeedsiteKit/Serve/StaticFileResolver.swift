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
        var path = Substring(target)
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        let query = target[path.endIndex...]
        guard path.hasPrefix("/") else { return .badRequest }
        if path.contains("\\") { return .badRequest }
        let lowered = path.lowercased()
        if lowered.contains("%2f") || lowered.contains("%5c") || lowered.contains("%00") { return .badRequest }
        let decoded = PercentEncoding.decode(path)
        if decoded.contains(0) || decoded.contains(UInt8(ascii: "\\")) { return .badRequest }
        if PercentEncoding.decode(String(decoding: decoded, as: UTF8.self)) != decoded, lowered.contains("%25") {
            return .badRequest // double-encoded: %252e%252e and the like
        }
        guard let text = String(validating: decoded, as: UTF8.self) else { return .badRequest }
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

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
