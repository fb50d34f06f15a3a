import Foundation
import Testing

/// The layers of docs/ARCHITECTURE.md, checked on the sources: a file may only use types declared in
/// its own folder or in a folder its folder may use.
@Suite struct ArchitectureTests {
    /// Each folder of Sources/FeedsiteKit with the folders it may use (besides itself), bottom up.
    static let layers: [(folder: String, mayUse: Set<String>)] = {
        let base: Set<String> = ["Support", "Diagnostics"]
        let belowCheck = base.union(["Template", "Web", "HTML", "Config", "Feeds"])
        return [
            ("Support", []),
            ("Diagnostics", ["Support"]),
            ("Template", base),
            ("Web", base),
            ("HTML", base.union(["Template", "Web"])), // the HTML5 tokenizer and the sanitizer built on it
            ("Config", base.union(["Template", "Web"])),
            ("Feeds", base.union(["Template", "Web", "HTML"])), // knows nothing about site.yml
            ("Check", base.union(["Template", "Web", "HTML"])), // knows nothing about site.yml
            ("Fetch", belowCheck), // the network: the only libcurl user
            ("Build", belowCheck.union(["Check"])), // not Fetch: builds never touch the network
            ("Serve", belowCheck.union(["Check", "Build"])),
            ("Scaffold", belowCheck.union(["Check", "Build", "Serve"])),
        ]
    }()

    static let library = RepositoryPaths.root + "/Sources/FeedsiteKit"

    @Test("every folder of the library is a layer of the architecture, and every file lives in one")
    func foldersAreLayers() throws {
        let entries = try FileManager.default.contentsOfDirectory(atPath: Self.library).sorted()
        let known = Set(Self.layers.map(\.folder))
        for entry in entries {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: Self.library + "/" + entry, isDirectory: &isFolder)
            #expect(isFolder.boolValue, "Sources/FeedsiteKit/\(entry) is not in a folder: move it into the layer it belongs to")
            #expect(!isFolder.boolValue || known.contains(entry),
                    "Sources/FeedsiteKit/\(entry)/ is not a layer: add it to ArchitectureTests.layers and docs/ARCHITECTURE.md")
        }
    }

    @Test("docs/ARCHITECTURE.md names every layer")
    func documentNamesLayers() throws {
        let text = try String(contentsOfFile: RepositoryPaths.root + "/docs/ARCHITECTURE.md", encoding: .utf8)
        for (folder, _) in Self.layers {
            #expect(text.contains("  \(folder)/"), "docs/ARCHITECTURE.md does not show \(folder)/ in its diagram")
        }
    }

    @Test("no file uses a type declared in a folder above its own")
    func dependenciesPointDown() throws {
        let sources = try SwiftSources(folder: Self.library)
        #expect(sources.files.count > 50, "expected the library's sources under \(Self.library)")
        let violations = Self.violations(in: sources)
        #expect(violations.isEmpty, "\(violations.count) uses against docs/ARCHITECTURE.md:\n\(violations.joined(separator: "\n"))")
    }

    @Test("a use of a type from a higher folder is found, with the file and the type")
    func findsViolations() {
        let sources = SwiftSources(files: [
            SwiftSources.File(folder: "Build", path: "Build/Pipeline.swift", text: "struct Pipeline {}\n"),
            SwiftSources.File(folder: "Template", path: "Template/Engine.swift", text: """
                /// Not a use: Pipeline in a comment.
                struct Engine {
                    let note = "nor Pipeline in a string"
                    let pipeline: Pipeline
                    func f() -> String { "\\(Pipeline.self)" }
                }
                """),
            SwiftSources.File(folder: "Web", path: "Web/Link.swift", text: "enum Link { case a(Engine) }\n"),
            SwiftSources.File(folder: "Config", path: "Config/Site.swift", text: "struct Site { var engine: Engine }\n"),
        ])
        #expect(Self.violations(in: sources) == [
            "Template/Engine.swift uses Pipeline, declared in Build/",
            "Web/Link.swift uses Engine, declared in Template/",
        ])
    }

    @Test("Build may not use Fetch: a build never touches the network")
    func buildStaysOffline() {
        #expect(Self.layers.first { $0.folder == "Build" }?.mayUse.contains("Fetch") == false)
        let sources = SwiftSources(files: [
            SwiftSources.File(folder: "Fetch", path: "Fetch/Transfers.swift", text: "struct Transfers {}\n"),
            SwiftSources.File(folder: "Build", path: "Build/Loader.swift", text: "struct Loader { let transfers: Transfers }\n"),
        ])
        #expect(Self.violations(in: sources) == ["Build/Loader.swift uses Transfers, declared in Fetch/"])
    }

    @Test("comments and string literals are not code, but string interpolations are",
          arguments: [
              ("a // B\nc", "a     \nc"),
              ("a /* B */ c", "a         c"),
              ("\"B\\\"C\" d", "       d"),
              ("\"x\\(B.y)\" d", "    B.y   d"),
              ("\"\"\"\nB \"q\"\n\"\"\" d", "   \n     \n    d"),
          ])
    func codeOnly(source: String, code: String) {
        #expect(SwiftSources.code(of: source) == code)
    }
}

extension ArchitectureTests {
    /// "path uses Type, declared in Folder/" for every use a layer does not allow, sorted.
    static func violations(in sources: SwiftSources) -> [String] {
        let mayUse = Dictionary(uniqueKeysWithValues: layers.map { ($0.folder, $0.mayUse) })
        let declared = sources.declaredTypes()
        var found: [String] = []
        for file in sources.files {
            for name in SwiftSources.typeNames(in: file.text).sorted() {
                guard let owner = declared[name], owner != file.folder else { continue }
                if mayUse[file.folder]?.contains(owner) != true {
                    found.append("\(file.path) uses \(name), declared in \(owner)/")
                }
            }
        }
        return found.sorted()
    }
}
