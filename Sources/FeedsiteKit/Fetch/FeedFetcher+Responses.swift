import Foundation

/// The feeds fetched over HTTP: libcurl's transfers run on a thread of their own, each response
/// is read into its snapshot, and the snapshot staged, on one thread per core, and the caller gets
/// the results on its own thread as they come. So reading overlaps downloading on both cores, and
/// the caller's commits (waiting for the disk) hold up neither.
extension FeedFetcher {
    /// What became of a result's snapshot.
    enum Staging: Sendable {
        /// None to stage (the file stays as it is), or one that waits for its images.
        case none
        /// Written to its temporary file, for `SnapshotStore.commit`.
        case staged
        /// Not written: why.
        case failed(InputError)
        /// Not written: the fetch was stopped.
        case stopped
    }

    /// One response read: the request's index, what the feed came to and what became of its snapshot.
    struct ReadResponse: Sendable {
        let index: Int
        let result: FeedUpdate.Result
        let staging: Staging
    }

    /// Fetches `requests` (those of `feeds`, index for index), reads each response and stages its
    /// snapshot in `store`, and hands the results to `received` on this thread, in the order they
    /// are read, all that are ready at once; returns once every request's result was handed over.
    func read(_ requests: [FetchRequest], of feeds: [FeedUpdate], into store: SnapshotStore, received: ([ReadResponse]) -> Void) {
        guard !requests.isEmpty else { return }
        let responses = WorkQueue<(index: Int, response: FetchResponse)>()
        let results = WorkQueue<ReadResponse>()
        let readers = ParallelLoop.threads(count: requests.count)
        let threads = DispatchGroup()
        let (limits, stop) = (limits, stop)
        let backlog = ResponseBacklog(limit: limits.responsesWaiting)
        Self.start(threads) {
            CurlTransfers(limits: limits).run(requests, backlog: backlog) { index, response in responses.put((index, response)) }
            responses.close(consumers: readers)
        }
        for _ in 0..<readers {
            Self.start(threads) {
                while let job = responses.take() {
                    backlog.taken()
                    let index = job.index
                    let result = feeds[index].from(job.response)
                    let staging = Self.awaitsMedia(feeds[index], result) == nil
                        ? result.snapshot.map { Self.stage($0, of: feeds[index], in: store, unless: stop) } ?? .none : .none
                    results.put(ReadResponse(index: index, result: result, staging: staging))
                }
            }
        }
        var left = requests.count
        while left > 0, let first = results.take() {
            var ready = [first]
            while let more = results.take(waiting: false) { ready.append(more) }
            left -= ready.count
            received(ready)
        }
        threads.wait()
    }

    /// Writes `snapshot` to the temporary file of `feed`'s account, unless the fetch was stopped.
    static func stage(_ snapshot: Snapshot, of feed: FeedUpdate, in store: SnapshotStore, unless stop: FetchStop) -> Staging {
        do throws(InputError) {
            let write = { () throws(InputError) in try store.stage(snapshot, slug: feed.account.slug) }
            return try stop.unlessStopped(write) == nil ? .stopped : .staged
        } catch {
            return .failed(error)
        }
    }
}

private extension FeedFetcher {
    /// Runs `body` on a new thread with the stack the readers need (feeds nest, and their readers
    /// recurse), in `group` until it returns.
    static func start(_ group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
        group.enter()
        let thread = Thread {
            body()
            group.leave()
        }
        thread.stackSize = ParallelLoop.stackSize
        thread.start()
    }
}
