// libFuzzer entry point for feedsite's parsers. Built by Fuzz/run.sh into one binary together with
// FeedsiteKit's sources and the other files of Fuzz/; FEEDSITE_FUZZ picks the target (see Fuzz/README.md).
// A target returns normally on any input it rejects; it traps (a finding) when an invariant fails.
import Foundation

private let target = ProcessInfo.processInfo.environment["FEEDSITE_FUZZ"] ?? "yaml"
private let fuzzRoot: String = {
    let path = NSTemporaryDirectory() + "feedsite-fuzz-root"
    try? FileManager.default.createDirectory(atPath: path + "/sub", withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: path + "/index.html", contents: Data("<p>home</p>".utf8))
    return path
}()
private let resolver = StaticFileResolver(folder: fuzzRoot)
private let data: TemplateValue = .map([
    "site": .map(["title": .string("T & <b>"), "params": .map(["n": .int(3), "x": .double(1.5)])]),
    "account": .map(["handle": .string("a"), "name": .string("\"q\""), "dnt": .bool(true)]),
    "accounts": .list([.map(["name": .string("one"), "url": .string("one/")]), .map(["name": .string("two")])]),
    "name": .string("self"), "empty": .list([]), "nothing": .null,
])

@_cdecl("LLVMFuzzerTestOneInput")
public func feedsiteFuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    switch target {
    case "yaml":
        _ = try? SiteConfigLoader.decode(bytes, file: "site.yml", siteFolder: "/site")
    case "mustache":
        guard let template = try? Template(source: bytes, name: "fuzz.html") else { return 0 }
        // The template is also its own partial "self", so cycles are exercised too.
        let renderer = TemplateRenderer(partials: TemplateLibrary(["self": template]), missingPartials: .renderNothing)
        _ = try? renderer.render(template, data: data)
    case "html":
        _ = LinkChecker(strict: true).check(pages: [LinkChecker.Page(path: "a/index.html", bytes: bytes)], existingFiles: ["a/index.html"])
    case "http":
        if case .request(let request, _) = HTTPRequestParser.parse(bytes) { _ = resolver.resolve(request.target) }
    case "xmlfeed", "jsonfeed":
        FuzzInvariants.feed(bytes)
    case "sanitizer":
        FuzzInvariants.sanitizer(bytes)
    case "snapshot":
        FuzzInvariants.snapshot(bytes)
    case "fetch":
        FuzzInvariants.response(bytes)
    default:
        fatalError("FEEDSITE_FUZZ must be yaml, mustache, html, http, xmlfeed, jsonfeed, sanitizer, snapshot or fetch")
    }
    return 0
}
