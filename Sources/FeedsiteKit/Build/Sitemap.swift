/// `sitemap.xml` for a site with a `base_url`: the index, every account page and every river page.
enum Sitemap {
    /// Where the sitemap goes, relative to the output folder.
    static let path = "sitemap.xml"

    static func xml(baseURL: String, pages: [PlannedPage]) -> [UInt8] {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        // Each page by its folder's address, as its canonical link names it; the 404 page is no page to find.
        for page in pages where page.kind != .notFound {
            text += "  <url><loc>\(XMLWriter.escapedText(baseURL + "/" + page.path.dropLast("index.html".count)))</loc></url>\n"
        }
        text += "</urlset>\n"
        return Array(text.utf8)
    }
}
