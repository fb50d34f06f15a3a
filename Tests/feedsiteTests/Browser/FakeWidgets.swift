/// A stand-in for X's widgets.js with the same surface: `twttr.ready`, `twttr.events.bind`,
/// `twttr.widgets.load`; it replaces each timeline anchor with an iframe after a short delay and
/// then fires `rendered` (with the iframe as target) and `loaded`. The iframe comes from X's embed
/// host, as the real one does (the page's Content Security Policy must allow it).
enum FakeWidgets {
    /// Where the fake timeline frames come from; `ChromiumSession` answers with `frame(_:)`.
    static let frameURL = "https://syndication.twitter.com/srv/timeline-profile/screen-name/"

    /// The fake timeline frame of the URL `frameURL` + handle.
    static func frame(_ url: String) -> String {
        "<!DOCTYPE html><p style='font:16px sans-serif;padding:1rem'>Fake timeline of @\(url.dropFirst(frameURL.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" })</p>"
    }

    static let source = """
    (function () {
      var handlers = { rendered: [], loaded: [] };
      var api = {
        events: { bind: function (name, fn) { (handlers[name] = handlers[name] || []).push(fn); } },
        widgets: { load: function (root) { render(root || document); } },
        ready: function (fn) { setTimeout(function () { fn(api); }, 0); }
      };
      function render(root) {
        setTimeout(function () {
          var anchors = Array.prototype.slice.call(root.querySelectorAll("a.twitter-timeline"));
          var frames = anchors.map(function (anchor) {
            var frame = document.createElement("iframe");
            frame.className = "twitter-timeline twitter-timeline-rendered";
            frame.setAttribute("data-theme", anchor.getAttribute("data-theme") || "");
            frame.style.height = (anchor.getAttribute("data-height") || "600") + "px";
            frame.style.width = "100%";
            frame.style.border = "0";
            frame.src = "\(frameURL)" + anchor.getAttribute("href").split("/").pop();
            anchor.parentNode.replaceChild(frame, anchor);
            return frame;
          });
          frames.forEach(function (frame) { handlers.rendered.forEach(function (fn) { fn({ target: frame, type: "rendered" }); }); });
          handlers.loaded.forEach(function (fn) { fn({ widgets: frames, type: "loaded" }); });
        }, 700);
      }
      window.twttr = api;
      render(document);
    })();
    """
}
