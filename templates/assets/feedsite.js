/* feedsite: loads X's widget for each timeline (at once, or after the reader asks with load: click),
   hides the loading overlay once the widget has rendered, and shows the fallback when widgets.js
   cannot load or nothing renders in time. The markup starts with the overlay, the consent panel and
   the fallback hidden, so that a reader without JavaScript sees the <noscript> link to the profile
   and nothing that waits for this script: it reveals the part that fits each timeline. */
(function () {
  "use strict";
  var regions = Array.prototype.slice.call(document.querySelectorAll("[data-feedsite-timeline]"));
  if (!regions.length) return;
  // Set here rather than inline in the page, whose Content Security Policy allows no inline script or style.
  regions.forEach(function (region) {
    var anchor = region.querySelector("a.twitter-timeline");
    if (anchor && anchor.getAttribute("data-theme") === "auto") {
      anchor.setAttribute("data-theme", matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light");
    }
    var height = parseInt(region.getAttribute("data-min-height"), 10);
    if (height > 0) region.style.minHeight = height + "px";
  });
  var WIDGETS = "https://platform.twitter.com/widgets.js";
  var CONSENT = "feedsite.consent.x";
  var script = null;
  var bound = false;

  function part(region, selector) { return region.querySelector(selector); }

  function stored() {
    try { return window.localStorage.getItem(CONSENT) === "yes"; } catch (e) { return false; }
  }

  function remember(yes) {
    try {
      if (yes) window.localStorage.setItem(CONSENT, "yes"); else window.localStorage.removeItem(CONSENT);
    } catch (e) { /* storage may be disabled: then nothing is remembered */ }
  }

  function show(region, state) {
    region.setAttribute("data-state", state);
    region.setAttribute("aria-busy", state === "loading" ? "true" : "false");
    part(region, ".timeline-overlay").hidden = state !== "loading";
    part(region, ".timeline-fallback").hidden = state !== "failed";
    var consent = part(region, ".timeline-consent");
    if (consent) consent.hidden = state !== "consent";
    if (state !== "loading") clearTimeout(region.feedsiteTimer);
  }

  function wait(region) {
    show(region, "loading");
    var ms = parseInt(region.getAttribute("data-timeout-ms"), 10) || 10000;
    clearTimeout(region.feedsiteTimer);
    region.feedsiteTimer = setTimeout(function () {
      if (region.getAttribute("data-state") === "loading") show(region, "failed");
    }, ms);
  }

  function failAll() {
    regions.forEach(function (region) {
      if (region.getAttribute("data-state") === "loading") show(region, "failed");
    });
  }

  function bind() {
    var twttr = window.twttr;
    if (!twttr || typeof twttr.ready !== "function") { failAll(); return; }
    twttr.ready(function (api) {
      if (bound) return;
      bound = true;
      api.events.bind("rendered", function (event) {
        var node = event && event.target;
        var region = node && node.closest ? node.closest("[data-feedsite-timeline]") : null;
        if (region) show(region, "loaded");
      });
    });
  }

  function load() {
    if (script) script.parentNode.removeChild(script);
    script = document.createElement("script");
    script.async = true;
    script.src = WIDGETS;
    script.charset = "utf-8";
    script.onload = bind;
    script.onerror = failAll;
    document.head.appendChild(script);
  }

  function forgetLink(region) {
    var next = region.nextElementSibling;
    return next && next.classList.contains("consent-forget") ? next : null;
  }

  function start(region) {
    wait(region);
    var forget = forgetLink(region);
    if (forget && stored()) forget.hidden = false;
    if (!script) load();
    else if (window.twttr && window.twttr.widgets) window.twttr.widgets.load(region);
  }

  regions.forEach(function (region) {
    var retry = part(region, "[data-feedsite-retry]");
    if (retry) retry.addEventListener("click", function () {
      wait(region);
      var twttr = window.twttr;
      if (twttr && twttr.widgets && typeof twttr.widgets.load === "function") twttr.widgets.load(region);
      else load();
    });
    var remembers = region.hasAttribute("data-remember-consent");
    var forget = forgetLink(region);
    if (forget) forget.querySelector("[data-feedsite-forget]").addEventListener("click", function (event) {
      event.preventDefault();
      remember(false);
      forget.hidden = true;
    });
    if (region.getAttribute("data-load") === "click" && !(remembers && stored())) {
      show(region, "consent");
      part(region, "[data-feedsite-consent]").addEventListener("click", function () {
        if (remembers) remember(true);
        start(region);
      });
      return;
    }
    start(region);
  });
})();
