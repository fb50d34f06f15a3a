import FeedsiteKit
import Foundation

/// Reads FILES into memory, then runs one of feedsite's readers over them on one core, again and
/// again for at least `seconds`, and reports MB/s of input: `parse` reads each file as a feed
/// (`FeedReader`, as `feedsite fetch` does), `sanitize` cleans each file as HTML (`HTMLSanitizer`,
/// as fetch and the build do for post content).
struct ThroughputBenchmark {
    enum Workload: String {
        case parse, sanitize
    }

    let workload: Workload
    let files: [String]
    var seconds = 2.0

    func run() throws -> String {
        let inputs = try files.map { try FileInput.read($0, purpose: "a benchmark input", limit: 64 << 20) }
        let texts = inputs.map { String(decoding: $0, as: UTF8.self) }
        let bytes = inputs.reduce(0) { $0 + $1.count }
        guard bytes > 0 else { throw InputError("no input: give the files to \(workload.rawValue)") }
        let sanitizer = HTMLSanitizer()
        var posts = 0
        // One pass to warm up and to check that every input is what the workload reads.
        for (index, input) in inputs.enumerated() {
            switch workload {
            case .parse:
                do {
                    posts += try FeedReader.read(input, source: files[index]).posts.count
                } catch {
                    throw InputError("\(files[index]) is not a feed feedsite reads: \(error.message)")
                }
            case .sanitize: _ = sanitizer.sanitize(texts[index])
            }
        }
        let clock = ContinuousClock()
        let start = clock.now
        var rounds = 0
        var sink = 0
        repeat {
            for index in inputs.indices {
                switch workload {
                case .parse: sink &+= (try? FeedReader.read(inputs[index], source: files[index]).posts.count) ?? 0
                case .sanitize: sink &+= sanitizer.sanitize(texts[index]).utf8.count
                }
            }
            rounds += 1
        } while clock.now - start < .seconds(seconds)
        let elapsed = clock.now - start
        let time = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let megabytes = Double(bytes * rounds) / 1e6
        let what = workload == .parse ? "\(posts) posts" : "\(sink / rounds) bytes out per round"
        return String(format: "%@: %d files, %.1f MB, %d rounds in %.2f s on one core: %.1f MB/s (%@)",
                      workload.rawValue, inputs.count, Double(bytes) / 1e6, rounds, time, megabytes / time, what)
    }
}
