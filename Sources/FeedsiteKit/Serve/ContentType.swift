/// The Content-Type for a served file, by extension, with a charset for text.
package enum ContentType {
    static let types: [String: String] = [
        "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8", "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8", "json": "application/json; charset=utf-8",
        "xml": "application/xml; charset=utf-8", "svg": "image/svg+xml; charset=utf-8", "txt": "text/plain; charset=utf-8",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "ico": "image/x-icon", "woff2": "font/woff2", "woff": "font/woff", "webmanifest": "application/manifest+json; charset=utf-8",
        "pdf": "application/pdf", "mp4": "video/mp4", "wasm": "application/wasm", "avif": "image/avif",
        "md": "text/markdown; charset=utf-8",
    ]

    /// The type for `path`; unknown extensions are `application/octet-stream`.
    package static func of(_ path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return "application/octet-stream" }
        return types[path[path.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }
}
