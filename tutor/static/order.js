/* Ordering checks: tap (click, or Enter/Space on the keyboard) the cards from the strongest to the
   weakest instead of choosing a place in one dropdown per card.

   The page works without this script: each card has a <select name="place-…">. Here every card
   becomes a button; tapping it gives it the next place (or, after "Same place", the place of the card
   tapped last), tapping it again takes it back, and the hidden selects keep the places, so the form
   sends exactly what it sends without JavaScript. Loaded on every page (a boosted link does not load
   scripts from a new page's <head>); it acts only on [data-order] blocks, also after htmx swaps.
   No inline script or style (CSP). */
(function () {
  "use strict";

  function labels(block) {
    var places = [];
    try {
      places = JSON.parse(block.getAttribute("data-places") || "[]");
    } catch (e) {
      places = [];
    }
    return {
      place: function (n) { return places[n - 1] || String(n); },
      unplaced: block.getAttribute("data-unplaced") || "",
      takenBack: block.getAttribute("data-taken-back") || ""
    };
  }

  function enhance(block) {
    if (block.hasAttribute("data-order-ready")) {
      return;
    }
    block.setAttribute("data-order-ready", "");
    var text = labels(block);
    var fieldset = block.closest("fieldset");
    var locked = !!(fieldset && fieldset.disabled);
    var items = [];
    var tie = block.querySelector(".order-tie");
    var clear = block.querySelector(".order-clear");
    var status = block.querySelector(".order-status");
    var focusFirst = false;

    block.querySelectorAll(".order-card").forEach(function (li) {
      var select = li.querySelector("select");
      var card = li.querySelector("svg.card");
      if (!select || !card) {
        return;
      }
      var button = document.createElement("button");
      button.type = "button";
      button.className = "order-pick";
      var badge = document.createElement("span");
      badge.className = "order-place";
      badge.setAttribute("aria-hidden", "true");
      li.insertBefore(button, card);
      button.appendChild(card);
      button.appendChild(badge);
      button.disabled = locked;
      if (select.hasAttribute("autofocus")) {
        focusFirst = true;
      }
      var item = { li: li, select: select, button: button, badge: badge, name: card.getAttribute("aria-label") || "" };
      button.addEventListener("click", function () { tap(item); });
      items.push(item);
    });
    if (!items.length) {
      return;
    }

    function place(item) {
      var n = parseInt(item.select.value, 10);
      return isNaN(n) ? 0 : n;
    }

    function highest() {
      return items.reduce(function (top, item) { return Math.max(top, place(item)); }, 0);
    }

    function show() {
      items.forEach(function (item) {
        var n = place(item);
        item.badge.textContent = n ? String(n) : "";
        item.li.classList.toggle("is-placed", n > 0);
        item.button.setAttribute("aria-label", item.name + ", " + (n ? text.place(n) : text.unplaced));
      });
      if (tie) {
        tie.disabled = locked || highest() === 0;
        if (tie.disabled) {
          tie.setAttribute("aria-pressed", "false");
        }
      }
      if (clear) {
        clear.disabled = locked || highest() === 0;
      }
    }

    function say(message) {
      if (status) {
        status.textContent = message;
      }
    }

    function tap(item) {
      var n = place(item);
      if (n) {  // take it back; the places after it move up if it was alone in its place
        var alone = items.every(function (other) { return other === item || place(other) !== n; });
        item.select.value = "";
        if (alone) {
          items.forEach(function (other) {
            if (place(other) > n) {
              other.select.value = String(place(other) - 1);
            }
          });
        }
        say(item.name + ", " + text.takenBack);
      } else {
        var same = tie && tie.getAttribute("aria-pressed") === "true" && highest() > 0;
        n = same ? highest() : highest() + 1;
        item.select.value = String(n);
        if (tie) {
          tie.setAttribute("aria-pressed", "false");
        }
        say(item.name + ", " + text.place(n));
      }
      item.select.removeAttribute("aria-invalid");
      show();
    }

    if (tie) {
      tie.addEventListener("click", function () {
        tie.setAttribute("aria-pressed", tie.getAttribute("aria-pressed") === "true" ? "false" : "true");
      });
    }
    if (clear) {
      clear.addEventListener("click", function () {
        items.forEach(function (item) { item.select.value = ""; });
        say("");
        show();
        items[0].button.focus();
      });
    }

    block.classList.add("order-tap");
    if (!locked) {  // after the answer the buttons only show the learner's order
      block.querySelectorAll(".order-help-tap, .order-tools").forEach(function (el) { el.hidden = false; });
    }
    show();
    if (focusFirst && !locked) {
      items[0].button.focus();
    }
  }

  function enhanceAll(root) {
    var scope = root && root.querySelectorAll ? root : document;
    if (scope.matches && scope.matches("[data-order]")) {
      enhance(scope);
    }
    scope.querySelectorAll("[data-order]").forEach(enhance);
  }

  document.addEventListener("DOMContentLoaded", function () { enhanceAll(document); });
  document.addEventListener("htmx:load", function (event) { enhanceAll(event.target); });
})();
