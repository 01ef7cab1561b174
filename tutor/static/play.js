/* The table: keys 1 to 3 play the learner's cards (the buttons carry data-key), and after an htmx
   swap the focus goes to the hint or stays on the table, so a keyboard user never loses their place.
   No inline script (CSP). */
(function () {
  "use strict";

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    if (!/^[1-3]$/.test(event.key)) {
      return;
    }
    var focused = event.target;
    if (focused && focused.closest && focused.closest("input, select, textarea, [contenteditable]")) {
      return;
    }
    var button = document.querySelector('#table .card-button[data-key="' + event.key + '"]');
    if (button && !button.disabled) {
      event.preventDefault();
      button.click();
    }
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail && event.detail.target;
    if (!target || target.id !== "table") {
      return;
    }
    var table = document.getElementById("table");
    var hint = document.getElementById("hint");
    var first = table && table.querySelector(".card-button, .calls button, .btn-next");
    var focus = hint || first || table;
    if (focus) {
      if (focus === table) { table.setAttribute("tabindex", "-1"); }
      focus.focus({ preventScroll: focus !== hint });
    }
  });
})();
