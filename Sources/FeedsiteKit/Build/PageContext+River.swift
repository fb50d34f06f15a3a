extension PageContext {
    /// The context of river page `number` (from 1): `river` holds its posts and the links to its neighbours.
    func riverPage(_ number: Int) -> TemplateValue {
        let root = River.root(ofPage: number)
        let river = RiverContext.value(page: number, of: river, accounts: config.accounts, posts: PostsContext(limit: river.pageSize, english: english))
        return pageValue(account: .null, accounts: .list(accountsList(prefix: root)), root: root,
                         page: page(path: River.path(ofPage: number), canonicalPath: River.folder(ofPage: number), feed: riverFeed(root: root)),
                         river: river)
    }
}
