import Foundation
import Testing

/// The pages as a reader with JavaScript turned off sees them: the profile link, nothing that waits
/// for a script.
extension BrowserTests {
    /// What a reader without JavaScript sees of the account page (computed rendering, not markup).
    struct ScriptlessView: Decodable, Equatable {
        /// The href of the link inside `<noscript>`, when the browser rendered one.
        var link: String?
        /// Whether that link has a box and is the topmost element at its centre (nothing covers it).
        var linkUncovered: Bool
        var overlay: Bool
        var spinner: Bool
        var consent: Bool
        var fallback: Bool
        /// The text of every rendered button.
        var buttons: [String]
        var busy: String?
    }

    static let scriptlessScript = """
    (function () {
      \(visibleFunction)
      var region = document.querySelector("[data-feedsite-timeline]");
      var link = document.querySelector(".noscript a");
      var uncovered = false;
      if (link) {
        link.scrollIntoView({ block: "center" });
        var box = link.getBoundingClientRect();
        var top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        uncovered = box.width > 0 && box.height > 0 && !!top && link.contains(top);
      }
      return JSON.stringify({ link: link ? link.href : null, linkUncovered: uncovered,
        overlay: visible(region.querySelector(".timeline-overlay")), spinner: visible(document.querySelector(".spinner")),
        consent: visible(region.querySelector(".timeline-consent")), fallback: visible(region.querySelector(".timeline-fallback")),
        buttons: Array.prototype.slice.call(document.querySelectorAll("button")).filter(visible).map(function (b) { return b.textContent.trim(); }),
        busy: region.getAttribute("aria-busy") });
    })()
    """

    @Test("with JavaScript off the noscript link to the profile shows uncovered, with no spinner, consent panel or button",
          arguments: ["auto", "click"])
    func scriptsOff(load: String) throws {
        let site = try load == "click" ? buildConsentSite() : buildSite()
        let browser = try ChromiumSession()
        try browser.setScriptsEnabled(false)
        try browser.open("file://\(site.path)/output/outputdd/index.html", widgets: .fake)
        #expect(try browser.evaluate("!!document.querySelector('[data-feedsite-timeline]')") as? Bool == true)
        let json = try #require(try browser.evaluate(Self.scriptlessScript) as? String)
        let view = try JSONDecoder().decode(ScriptlessView.self, from: Data(json.utf8))
        #expect(view == ScriptlessView(link: "https://twitter.com/outputdd", linkUncovered: true, overlay: false, spinner: false,
                                       consent: false, fallback: false, buttons: [], busy: "false"))
        #expect(browser.requestedURLs.filter { !$0.hasPrefix("file:") }.isEmpty)
        try screenshot(browser, "noscript-\(load)")
    }
}
