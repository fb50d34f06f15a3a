/// The site options that shape the river, typed.
extension SiteConfig {
    /// How many posts a page of the river and the river's feed hold (`river_page_size:`, default 50).
    var riverPageSize: Int { Int(options["river_page_size"]?.numberValue ?? 50) }
    /// The most posts the river shows in all (`river_posts:`, default 1000).
    var riverPostLimit: Int { Int(options["river_posts"]?.numberValue ?? 1000) }
}
