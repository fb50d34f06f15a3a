/// Carrying media copies from one snapshot's posts to the next.
extension [Post] {
    /// These posts, each media item given the copy that `previous` has for the same URL: the copies
    /// a fetch made earlier stay with the posts until the next downloads say otherwise, and a feed
    /// that brings the same posts again is unchanged.
    package func keepingCopies(from previous: [Post]?) -> [Post] {
        guard let previous else { return self }
        var copies: [String: MediaCopy] = [:]
        for post in previous {
            for item in post.media { if let copy = item.copy { copies[item.url] = copy } }
        }
        guard !copies.isEmpty else { return self }
        return map { post in
            var post = post
            for index in post.media.indices where post.media[index].copy == nil {
                post.media[index].copy = copies[post.media[index].url]
            }
            return post
        }
    }
}
