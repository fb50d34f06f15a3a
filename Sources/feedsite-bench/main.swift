import FeedsiteKit
import Foundation

// feedsite-bench: prints benchmark figures; never used by tests.
let arguments = Array(CommandLine.arguments.dropFirst())
let usage = """
    usage: feedsite-bench mustache [WORKLOAD_FOLDER] [--iterations N]
           feedsite-bench parse FILE...      MB/s of feeds read by FeedReader, on one core
           feedsite-bench sanitize FILE...   MB/s of HTML cleaned by HTMLSanitizer, on one core
           feedsite-bench dump FILE...       everything FeedReader and PostHTML make of each file, to compare builds
           feedsite-bench fastpath FILE...   how many of the files FeedReader reads without libxml2 (XMLByteReader)
    """
guard let command = arguments.first, ["mustache", "parse", "sanitize", "dump", "fastpath"].contains(command) else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(arguments.first == "--help" || arguments.first == "-h" ? 0 : 2)
}
do {
    if command == "dump" {
        print(try FeedDump(files: Array(arguments.dropFirst())).run(), terminator: "")
        exit(0)
    }
    if command == "fastpath" {
        let files = Array(arguments.dropFirst())
        let fast = try files.filter { FeedReader.readsWithoutLibXML2(try FileInput.read($0, purpose: "a feed", limit: 64 << 20), source: $0) }
        print("fastpath: \(fast.count) of \(files.count) files read without libxml2")
        exit(0)
    }
    if let workload = ThroughputBenchmark.Workload(rawValue: command) {
        print(try ThroughputBenchmark(workload: workload, files: Array(arguments.dropFirst())).run())
        exit(0)
    }
    var benchmark = MustacheBenchmark(folder: "../shared/bench/mustache")
    var index = 1
    while index < arguments.count {
        if arguments[index] == "--iterations", index + 1 < arguments.count, let count = Int(arguments[index + 1]), count > 0 {
            benchmark.iterations = count
            index += 2
        } else {
            benchmark = MustacheBenchmark(folder: arguments[index], warmup: benchmark.warmup, iterations: benchmark.iterations)
            index += 1
        }
    }
    print(try benchmark.run())
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(2)
}
