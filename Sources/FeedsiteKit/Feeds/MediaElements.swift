/// Media RSS (`media:content`, `media:thumbnail`, also inside `media:group`), which RSS and Atom feeds
/// alike use for images and videos, with their text alternative (`media:description`, else `media:title`).
enum MediaElements {
    /// The media of `element` (an item or entry), links resolved against `base`.
    static func media(in element: XMLElement, base: String?) -> [PostMedia] {
        var result: [PostMedia] = []
        for case .element(let child) in element.children where child.namespace == FeedNamespace.media {
            switch child.name {
            case "group": result += media(in: child, base: base)
            case "content", "thumbnail":
                guard let url = child.attribute("url"), !url.trimmingSpaces.isEmpty else { continue }
                let alt = child.value("description", FeedNamespace.media) ?? child.value("title", FeedNamespace.media)
                result.append(PostMedia(url: FeedLink.resolve(url, against: base), type: child.attribute("type"),
                                        alt: alt.map(PostText.collapsed)))
            default: continue
            }
        }
        return result
    }
}
