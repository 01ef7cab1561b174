/* The table: keys 1 to 3 play the learner's cards (the buttons carry data-key), and after an htmx
   swap the focus goes to the hint or to the table's heading, so a keyboard user never loses their place
   and never lands on an answer button by surprise. The lobby of a table with people does not reload
   itself under a visitor who is typing or sending a form.
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
  /* The lobby of a table with people polls and reloads itself when someone joins. While this visitor
     is typing a nickname or choosing a seat, or once they have sent one of the page's forms (plain
     forms: the answer is a new page), the poll neither asks nor reloads: a reload would drop what
     was typed or swallow the click. It asks again at the next tick. */
  var sending = false;

  function isLobbyPoll(elt) {
    return !!(elt && elt.matches && elt.matches(".people-page[hx-get]"));
  }

  function lobbyBusy(lobby) {
    var join = lobby.querySelector(".people-join");
    var nick = join && join.querySelector("input[name=nick]");
    var active = document.activeElement;
    var choosing = !!(join && active && join.contains(active));
    return sending || choosing || !!(nick && nick.value.trim() !== "");
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form && form.closest && form.closest(".people-page[hx-get]")) {
      sending = true;
    }
  });

  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    if (isLobbyPoll(elt) && lobbyBusy(elt)) {
      event.preventDefault();
    }
  });

  document.addEventListener("htmx:beforeOnLoad", function (event) {
    var elt = event.detail && event.detail.elt;
    if (isLobbyPoll(elt) && lobbyBusy(elt)) {
      event.preventDefault();
    }
  });

  /* Señas: at most data-max besides the flor's (the bots' MAX_SENAS; the server refuses more): once
     that many are ticked, the other boxes are disabled until one is unticked. */
  document.addEventListener("change", function (event) {
    var box = event.target;
    if (!box || box.name !== "sena") {
      return;
    }
    var boxes = Array.prototype.slice.call(document.querySelectorAll('#table input[name="sena"]'));
    var cards = boxes.filter(function (b) { return b.value !== "flor"; });
    var panel = box.closest(".sena-choices");
    var most = parseInt(panel ? panel.getAttribute("data-max") : "", 10);
    if (isNaN(most)) {
      return; /* no limit given: the server's check alone */
    }
    var full = cards.filter(function (b) { return b.checked; }).length >= most;
    cards.forEach(function (b) {
      if (!b.checked) {
        b.disabled = full;
      }
    });
  });
})();
