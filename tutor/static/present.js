/* Projector mode: the arrow keys (and Page Up / Page Down, which presentation remotes send) follow
   the page's previous and next links, and R shows the answer ([data-present-reveal]: a <details> to
   open, or a link to follow). Loaded on every page; it acts only where the page has a
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
      // R shows (or hides again) the answer, as the page's "Show the answer" does: a lesson step's
      // <details> opens or closes; a quiz question's link (to the page with the answer, or back
      // without it) is followed.
      var target = document.querySelector("[data-present-reveal]");
      if (target) {
        event.preventDefault();
        if (target.tagName === "DETAILS") {
          target.open = !target.open;
        } else {
          target.click();
        }
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
