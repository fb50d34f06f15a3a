import Foundation
import Testing
@testable import FeedsiteKit

/// Runs the official Mustache specification from ../shared/mustache-spec (skipped by name when absent).
@Suite(.enabled(if: SharedData.exists(SharedData.mustacheSpec), "../shared/mustache-spec is not present"))
struct MustacheSpecTests {
    static let files = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections",
                        "~inheritance", "~dynamic-names"]

    @Test("every test of the specification file passes", arguments: files)
    func specFile(_ file: String) throws {
        let path = "\(SharedData.mustacheSpec)/\(file).json"
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let spec = try #require(try YAMLReader(file: path).read([UInt8](bytes))?.templateValue)
        guard case .list(let tests)? = spec["tests"] else {
            Issue.record("\(file): no tests list")
            return
        }
        #expect(!tests.isEmpty)
        for test in tests {
            guard case .string(let name)? = test["name"], case .string(let source)? = test["template"],
                  case .string(let expected)? = test["expected"] else {
                Issue.record("\(file): malformed test")
                continue
            }
            var partials: [String: Template] = [:]
            if case .map(let sources)? = test["partials"] {
                for (partialName, partialSource) in sources {
                    partials[partialName] = try Template(partialSource.renderedText, name: partialName)
                }
            }
            do {
                let template = try Template(source, name: name)
                let output = try TemplateRenderer(partials: TemplateLibrary(partials)).render(template, data: test["data"] ?? .null)
                let rendered = String(decoding: output, as: UTF8.self)
                #expect(rendered == expected, "\(file) — \(name)")
            } catch {
                Issue.record("\(file) — \(name): \(error)")
            }
        }
    }
}
