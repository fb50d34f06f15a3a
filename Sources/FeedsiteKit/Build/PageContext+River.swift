extension PageContext {
    /// The context of river page `number` (from 1): `river` holds its posts and the links to its neighbours.
    func riverPage(_ number: Int) -> TemplateValue {
        let root = River.root(ofPage: number)
        let river = RiverContext.value(page: number, of: river, accounts: config.accounts, posts: { account in
            PostsContext(english: english, media: account.mediaPolicy, copies: copies, mediaPrefix: root + "media/",
                         anchorPrefix: account.slug + "-")
        })
        // The list only when the template reads it (perf, Benchmarks/posts.py 10000, one snapshot changed: making it
        // for each of the 20 river pages was 19% of the build's samples).
        return pageValue(account: .null, accounts: .list(riverPagesListAccounts ? accountsList(prefix: root) : []), root: root,
                         page: page(.river(number), path: River.path(ofPage: number), canonicalPath: River.folder(ofPage: number), feed: riverFeed(root: root)),
                         river: river)
    }
}
