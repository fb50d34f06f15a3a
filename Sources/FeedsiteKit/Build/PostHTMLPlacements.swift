/// Which unescaped values a template put on a page are posts' HTML as the sanitizer wrote it
/// (`Post.html`, sanitized or verified when its snapshot was read), so that the checker need not
/// read them again (`LinkChecker.inspect(_:sanitized:)`).
enum PostHTMLPlacements {
    /// The ranges of the placements whose text is the HTML of one of `posts` itself: the same string
    /// storage, not merely equal bytes found by comparing, so the test costs nothing per byte.
    static func ranges(_ placements: [TemplatePlacement], posts: [Post]) -> [Range<Int>] {
        guard !placements.isEmpty, !posts.isEmpty else { return [] }
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(min(placements.count, posts.count))
        // A template shows the posts in their order: each placement is first compared with the post after the one found
        // last, and all of them are sorted for a search by halves only when that fails (callgrind, clean build of
        // Benchmarks/posts.py 1000: 17.2 M instructions with a set of identities, 11.6 M sorted, about 4.5 M in order).
        var next = 0
        var sorted: [Identity]?
        for placement in placements {
            guard let identity = Identity(placement.text) else { continue }
            if next < posts.count, Identity(posts[next].html) == identity {
                next += 1
            } else {
                if sorted == nil { sorted = posts.compactMap { Identity($0.html) }.sorted() }
                guard let sorted, Self.search(sorted, for: identity) else { continue }
            }
            assert(placement.range.count == identity.count)
            ranges.append(placement.range)
        }
        return ranges
    }
}

private extension PostHTMLPlacements {
    /// A string's UTF-8 storage: where it starts and how long it is. Two strings alive at once with the
    /// same identity share one buffer and so hold the same bytes (a string's storage is never changed
    /// while another string refers to it).
    struct Identity: Comparable {
        let start: UnsafeRawPointer
        let count: Int

        /// Nil for a string of up to 15 bytes, which is kept inside the `String` value itself: the
        /// pointer would be to a copy that no other string shares.
        init?(_ text: String) {
            let count = text.utf8.count
            guard count > 15, let start = text.utf8.withContiguousStorageIfAvailable({ $0.baseAddress.map(UnsafeRawPointer.init) }) ?? nil else {
                return nil
            }
            self.start = start
            self.count = count
        }

        static func < (lhs: Identity, rhs: Identity) -> Bool {
            (lhs.start, lhs.count) < (rhs.start, rhs.count)
        }
    }

    /// Whether the sorted `identities` hold `identity`.
    static func search(_ identities: [Identity], for identity: Identity) -> Bool {
        var low = 0, high = identities.count
        while low < high {
            let middle = (low + high) / 2
            if identities[middle] < identity { low = middle + 1 } else { high = middle }
        }
        return low < identities.count && identities[low] == identity
    }
}
