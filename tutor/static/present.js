/* Projector mode: the arrow keys (and Page Up / Page Down, which presentation remotes send) follow
   the page's previous and next links. Loaded on every lesson page; it acts only where the page has a
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
    var selector = KEYS[event.key];
    if (!selector || !document.querySelector("[data-present]")) {
      return;
    }
    var focused = event.target;
    if (focused && focused.closest && focused.closest("input, select, textarea, [contenteditable]")) {
      return;
    }
    var link = document.querySelector(selector);
    if (link) {
      event.preventDefault();
      link.click();
    }
  });
})();
