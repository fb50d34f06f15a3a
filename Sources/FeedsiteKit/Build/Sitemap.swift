/// `sitemap.xml` for a site with a `base_url`: the index and every account page.
enum Sitemap {
    static func xml(baseURL: String, accounts: [Account]) -> [UInt8] {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        text += "  <url><loc>\(HTMLEscaper.escape(baseURL + "/"))</loc></url>\n"
        for account in accounts {
            text += "  <url><loc>\(HTMLEscaper.escape(baseURL + "/" + account.slug + "/"))</loc></url>\n"
        }
        text += "</urlset>\n"
        return Array(text.utf8)
    }
}
