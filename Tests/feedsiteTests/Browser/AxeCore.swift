import Foundation

/// axe-core's `axe.min.js`, which `scripts/axe-core` installs outside the repository (from the pinned
/// wheel of axe-playwright-python) and locates; read once per test process.
enum AxeCore {
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// The WCAG 2.0 and 2.1 level A and AA rules: the only ones the accessibility tests run.
    static let tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

    /// The script's source, or why it is unavailable. Never a skip: without axe-core the tests fail.
    static let source: Result<String, Unavailable> = {
        let script = RepositoryPaths.root + "/scripts/axe-core"
        let result: ProcessRunner.Result
        do {
            result = try ProcessRunner.run([], executable: script, in: RepositoryPaths.root)
        } catch {
            return .failure(Unavailable(description: "cannot run \(script): \(error)"))
        }
        let path = result.out.trimmingCharacters(in: .whitespacesAndNewlines)
        guard result.status == 0, let source = try? String(contentsOfFile: path, encoding: .utf8) else {
            return .failure(Unavailable(description: """
                axe-core is unavailable: scripts/axe-core exited with \(result.status)\(path.isEmpty ? "" : " and printed \(path)"). \
                It needs python3 with venv (Debian: python3-venv, which scripts/install-deps --test installs) and access \
                to PyPI. Its output:
                \(result.err)
                """))
        }
        return .success(source)
    }()

    /// An expression that runs axe on the page (after `source` is injected) and resolves to the JSON of
    /// its violations: each with `id`, `help` and, per element, `target` and `summary`.
    static let runExpression = """
    axe.run(document, { runOnly: { type: "tag", values: \(tags) }, resultTypes: ["violations"], iframes: false })
      .then(function (results) {
        return JSON.stringify(results.violations.map(function (v) {
          return { id: v.id, help: v.help, nodes: v.nodes.map(function (n) {
            return { target: n.target.join(" "), summary: n.failureSummary || "" }; }) };
        }));
      })
    """

    /// One rule that failed, with the elements that fail it.
    struct Violation: Decodable, CustomStringConvertible {
        /// A failing element: its CSS selector and what is wrong with it.
        struct Node: Decodable {
            var target, summary: String
        }

        var id, help: String
        var nodes: [Node]

        var description: String {
            "\(id) (\(help)):\n" + nodes.map { "    \($0.target): \($0.summary.replacingOccurrences(of: "\n", with: " "))" }
                .joined(separator: "\n")
        }
    }
}
