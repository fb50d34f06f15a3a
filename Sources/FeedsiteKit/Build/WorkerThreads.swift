/// The render loop's threads until `SiteBuilder.render` uses `ParallelLoop` itself; then remove this file.
enum WorkerThreads {
    /// Calls `body(index)` for each `index` in `0..<count`, on up to `count` of `ParallelLoop`'s threads.
    static func run(count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        ParallelLoop.run(count: count) { chunks in
            for range in chunks {
                for index in range { body(index) }
            }
        }
    }
}
