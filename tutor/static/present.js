/* Projector mode: the arrow keys (and Page Up / Page Down, which presentation remotes send) follow
   the page's previous and next links, and R shows the answer ([data-present-reveal]). Loaded on every lesson page; it acts only where the page has a
   [data-present] element, and never while the focus is in a form field. No inline script (CSP). */
(function () {
  "use strict";

  var KEYS = {
    ArrowRight: "[data-present-next]",
    PageDown: "[data-present-next]",
    ArrowLeft: "[data-present-prev]",
    PageUp: "[data-present-prev]"
  };

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
      return;
    }
    var reveal = event.key === "r" || event.key === "R";
    var selector = KEYS[event.key];
    if ((!selector && !reveal) || !document.querySelector("[data-present]")) {
      return;
    }
    var focused = event.target;
    if (focused && focused.closest && focused.closest("input, select, textarea, [contenteditable]")) {
      return;
    }
    if (reveal) {
      // R shows (or hides again) the answer of the step's question, as its "Show the answer" does.
      var details = document.querySelector("[data-present-reveal]");
      if (details) {
        event.preventDefault();
        details.open = !details.open;
      }
      return;
    }
    var link = document.querySelector(selector);
    if (link) {
      event.preventDefault();
      link.click();
    }
  });
})();
