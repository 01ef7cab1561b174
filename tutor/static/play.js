/* The table: keys 1 to 3 play the learner's cards (the buttons carry data-key), and after an htmx
   swap the focus goes to the hint or to the table's heading, so a keyboard user never loses their place
   and never lands on an answer button by surprise.
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
    // Focus the hint when one was asked for, else the table's heading: never a button, so that a
    // keyboard user who presses Enter does not answer a call they have not read yet.
    var focus = document.getElementById("hint") || document.getElementById("table-title");
    if (focus) {
      focus.focus({ preventScroll: !document.getElementById("hint") });
    }
  });
})();
