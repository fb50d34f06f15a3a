import FeedsiteKit
import Foundation

/// Renders the workload in ../shared/bench/mustache as its README describes and reports ns per render and MB/s.
struct MustacheBenchmark {
    let folder: String
    var warmup = 1_000
    var iterations = 100_000

    func run() throws -> String {
        let template = try Template(source: try FileInput.read(folder + "/template.html", purpose: "the benchmark template"),
                                    name: folder + "/template.html")
        let footer = try Template(source: try FileInput.read(folder + "/partials/footer.html", purpose: "the footer partial"),
                                  name: folder + "/partials/footer.html")
        let renderer = TemplateRenderer(partials: TemplateLibrary(["footer": footer]), missingPartials: .error)
        guard let base = try YAMLReader(file: folder + "/data.yml")
            .read(try FileInput.read(folder + "/data.yml", purpose: "the benchmark data"))?.templateValue else {
            throw InputError("\(folder)/data.yml holds no data")
        }
        let expected = try FileInput.read(folder + "/expected.html", purpose: "the expected output")
        let first = try renderer.render(template, data: base)
        guard first == expected else {
            throw InputError("the render of data.yml differs from expected.html (\(first.count) bytes against \(expected.count))")
        }

        var output: [UInt8] = []
        output.reserveCapacity(expected.count * 2)
        for index in 0..<warmup {
            output.removeAll(keepingCapacity: true)
            try renderer.render(template, data: Self.data(base, iteration: index), into: &output)
        }
        let clock = ContinuousClock()
        var elapsed = Duration.zero
        var bytes = 0
        for index in 0..<iterations {
            let data = Self.data(base, iteration: index)
            output.removeAll(keepingCapacity: true)
            let start = clock.now
            try renderer.render(template, data: data, into: &output)
            elapsed += clock.now - start
            bytes += output.count
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let nanosecondsPerRender = seconds * 1e9 / Double(iterations)
        let megabytesPerSecond = Double(bytes) / seconds / 1e6
        return String(format: "mustache workload: %d renders (after %d warm-up), %.0f ns per render, %.1f MB/s of output, %d bytes per render",
                      iterations, warmup, nanosecondsPerRender, megabytesPerSecond, bytes / iterations)
    }

    /// Iteration `index`: `" #index"` appended to every string directly under `page`, `site.nav` rotated left by `index mod 50`.
    static func data(_ base: TemplateValue, iteration index: Int) -> TemplateValue {
        guard case .map(var root) = base else { return base }
        if case .map(var page)? = root["page"] {
            for (key, value) in page {
                if case .string(let text) = value { page[key] = .string(text + " #\(index)") }
            }
            root["page"] = .map(page)
        }
        if case .map(var site)? = root["site"], case .list(let nav)? = site["nav"], !nav.isEmpty {
            let shift = index % 50 % nav.count
            site["nav"] = .list(Array(nav[shift...] + nav[..<shift]))
            root["site"] = .map(site)
        }
        return .map(root)
    }
}
