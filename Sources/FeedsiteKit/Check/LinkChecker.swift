import Dispatch
import Foundation
import Synchronization

/// Checks HTML pages: every intent URL against the rules, every relative link against the files present.
package struct LinkChecker: Sendable {
    /// A page to check: its path relative to the site folder and its bytes.
    package struct Page: Sendable {
        package var path: String
        package var bytes: [UInt8]

        /// Creates a page.
        package init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }
    }

    /// Also flag characters that canonical encoding would not leave raw.
    package var strict: Bool

    /// Creates a checker.
    package init(strict: Bool = false) {
        self.strict = strict
    }
}

extension LinkChecker {
    /// Checks every `.html` and `.htm` file under `folder`, on all cores.
    package func check(folder: String) throws(InputError) -> CheckReport {
        let files = try FolderListing.files(under: folder)
        let pages = files.filter { $0.hasSuffix(".html") || $0.hasSuffix(".htm") }
        let existing = Set(files)
        let root = folder.hasSuffix("/") ? folder : folder + "/"
        return try checkInParallel(count: pages.count, existingFiles: existing) { index throws(InputError) in
            Page(path: pages[index], bytes: try FileBytes.read(root + pages[index]))
        }
    }

    /// Checks pages held in memory; `existingFiles` (relative paths) is what relative links may point at.
    package func check(pages: [Page], existingFiles: Set<String>) -> CheckReport {
        (try? checkInParallel(count: pages.count, existingFiles: existingFiles) { index in pages[index] })
            ?? CheckReport(findings: [], filesChecked: 0, intentURLs: 0, links: 0)
    }

    /// The findings of one page, with how many intent URLs and links it holds.
    func check(_ page: Page, existingFiles: Set<String>) -> (findings: [CheckFinding], intentURLs: Int, links: Int) {
        let candidates = page.bytes.withUnsafeBufferPointer { buffer in
            var tokenizer = HTMLTokenizer(input: buffer, sink: LinkCheckSink())
            return tokenizer.run().candidates
        }
        guard !candidates.isEmpty else { return ([], 0, 0) }
        let inspector = IntentURLInspector(strict: strict)
        var findings: [CheckFinding] = []
        var intentURLs = 0
        var links = 0
        var positions = PositionFinder(bytes: page.bytes, file: page.path)
        for candidate in candidates {
            if candidate.isLink {
                links += 1
                let target = RelativeLink.target(of: candidate.value, from: page.path)
                if let target, existingFiles.contains(target) || existingFiles.contains(target + "/index.html")
                    || existingFiles.contains(target + ".html") {
                    continue
                }
                let message = target.map { "'\(candidate.value)' points to \($0), which does not exist" }
                    ?? "'\(candidate.value)' points outside the checked folder"
                findings.append(CheckFinding(location: positions.location(of: candidate.offset), rule: .brokenLink,
                                             message: message, url: candidate.value))
                continue
            }
            guard let result = inspector.inspect(candidate.value) else { continue }
            intentURLs += 1
            let location = positions.location(of: candidate.offset)
            for problem in result.problems {
                findings.append(CheckFinding(location: location, rule: problem.rule, message: problem.message,
                                             url: candidate.value, suggestion: result.suggestion))
            }
        }
        return (findings, intentURLs, links)
    }
}

private extension LinkChecker {
    func checkInParallel(count: Int, existingFiles: Set<String>,
                         page: @Sendable (Int) throws(InputError) -> Page) throws(InputError) -> CheckReport {
        let workers = min(max(1, ProcessInfo.processInfo.activeProcessorCount), max(1, count))
        let next = Atomic<Int>(0)
        let results = Mutex<(findings: [CheckFinding], intentURLs: Int, links: Int, error: InputError?)>(([], 0, 0, nil))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var findings: [CheckFinding] = []
            var intentURLs = 0
            var links = 0
            var failure: InputError?
            while failure == nil {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < count else { break }
                do throws(InputError) {
                    let result = check(try page(index), existingFiles: existingFiles)
                    findings += result.findings
                    intentURLs += result.intentURLs
                    links += result.links
                } catch {
                    failure = error
                }
            }
            results.withLock {
                $0.findings += findings
                $0.intentURLs += intentURLs
                $0.links += links
                if $0.error == nil { $0.error = failure }
            }
        }
        let collected = results.withLock { $0 }
        if let error = collected.error { throw error }
        return CheckReport(findings: collected.findings.sorted(), filesChecked: count, intentURLs: collected.intentURLs,
                           links: collected.links)
    }
}
