import Foundation
import Testing

/// Names written right to left, or holding bidirectional controls, next to the handle.
extension BrowserTests {
    /// For every `.handle` on the page, whether its characters are laid out left to right.
    static let handlesLeftToRight = """
    Array.prototype.slice.call(document.querySelectorAll(".handle")).map(function (element) {
      var text = element.firstChild, range = document.createRange(), lefts = [];
      for (var i = 0; i < text.length; i++) {
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        lefts.push(range.getBoundingClientRect().left);
      }
      return lefts.length > 1 && lefts.every(function (left, i) { return i === 0 || left > lefts[i - 1]; });
    })
    """

    @Test("a name holding a right-to-left override leaves the handle beside it reading left to right, on the index and the account page")
    func overrideInName() throws {
        let site = try builtSite("""
            title: Bidi test
            defaults:
              load: click
            accounts:
              - handle: outputdd
                name: "\\u202EOUTPUT.DD"
                description: "\\u202Eposts"
            """)
        let browser = try ChromiumSession()
        try browser.open("file://\(site.path)/output/outputdd/index.html", widgets: .hang)
        #expect(try browser.wait(until: Self.consentVisible, seconds: 5))
        let account = try browser.evaluate(Self.handlesLeftToRight) as? [Bool]
        #expect(account == [true, true], "the heading and the consent panel")
        try screenshot(browser, "bidi")
        try browser.open("file://\(site.path)/output/index.html", widgets: .hang)
        let index = try browser.evaluate(Self.handlesLeftToRight) as? [Bool]
        #expect(index == [true])
    }
}
