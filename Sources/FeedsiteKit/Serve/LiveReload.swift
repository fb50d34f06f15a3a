/// The live-reload script: it exists only in served HTML, never in output/.
package enum LiveReload {
    /// The event stream's path.
    package static let eventsPath = "/__feedsite/events"

    /// Whether a request target asks for the event stream: its path exactly, with or without a query.
    package static func isEventStream(_ target: String) -> Bool {
        target == eventsPath || target.hasPrefix(eventsPath + "?")
    }

    /// The live-reload script's path: a file of its own, since the pages' Content Security Policy allows no inline script.
    package static let scriptPath = "/__feedsite/events.js"

    /// What a page needs beyond its own policy to run the script: the event stream (`connect-src`).
    package static let policyAddition = "; connect-src 'self'"

    /// The script: reloads on `reload`, shows a failed build's diagnostics on `build-error` (styled
    /// through the CSSOM, which the policy allows, not a `style` attribute, which it does not).
    package static let script = Array("""
    (function(){if(!window.EventSource)return;var s=new EventSource("\(eventsPath)");\
    s.addEventListener("reload",function(){location.reload()});\
    s.addEventListener("build-error",function(e){var d=document.getElementById("feedsite-build-error");\
    if(!d){d=document.createElement("pre");d.id="feedsite-build-error";d.setAttribute("role","alert");document.body.appendChild(d)}\
    d.style.cssText="position:fixed;inset:0;margin:0;padding:2rem;background:rgba(30,0,0,.94);color:#fff;font:14px/1.5 monospace;white-space:pre-wrap;overflow:auto;z-index:2147483647";\
    d.textContent="feedsite: the last change does not build; still serving the last good build.\\n\\n"+e.data})})()

    """.utf8)

    static let tag = "<script src=\"\(scriptPath)\"></script>"

    /// `html` with the script's tag inserted before its last `</body>` (or at the end), and the
    /// policy of its Content Security Policy meta tag (as the layout writes it) extended by `policyAddition`.
    package static func inject(into html: [UInt8]) -> [UInt8] {
        let tagged = insertTag(into: html)
        let meta = Array("http-equiv=\"Content-Security-Policy\" content=\"".utf8)
        guard let start = tagged.firstRange(of: meta)?.upperBound, let end = tagged[start...].firstIndex(of: UInt8(ascii: "\"")) else { return tagged }
        return Array(tagged[..<end]) + Array(policyAddition.replacingOccurrences(of: "'", with: "&#39;").utf8) + Array(tagged[end...])
    }

    static func insertTag(into html: [UInt8]) -> [UInt8] {
        let marker = Array("</body>".utf8)
        var index = html.count - marker.count
        while index >= 0 {
            var matches = true
            for offset in 0..<marker.count where html[index + offset] | 0x20 != marker[offset] | 0x20 {
                matches = false
                break
            }
            if matches { return Array(html[..<index]) + Array(tag.utf8) + Array(html[index...]) }
            index -= 1
        }
        return html + Array(tag.utf8)
    }

    /// One server-sent event, with every line of `data` as its own `data:` field.
    package static func event(_ name: String, data: String) -> [UInt8] {
        let lines = data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }.joined()
        return Array("event: \(name)\n\(lines)\n".utf8)
    }
}
