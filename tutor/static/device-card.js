/* A login card's link (/<lang>/device#K7M2QX9D) carries the code in the URL fragment, which the
   browser never sends to the server. On the device page this moves it into the code field, takes it
   out of the address bar (and so out of the history) and puts the focus on the button: the pupil
   presses "Continue with this code", a POST with the CSRF token like a typed code. Nothing is sent
   without that press. Loaded on every page (hx-boost swaps only the body), so it also runs after a
   boosted navigation. */
(function () {
  "use strict";

  var CODE = /^#([A-Za-z0-9]{4}-?[A-Za-z0-9]{4})$/;

  function fill() {
    var found = CODE.exec(window.location.hash);
    var field = document.querySelector("input[data-device-code-field]");
    if (!found || !field) {
      return;
    }
    field.value = found[1].toUpperCase();
    history.replaceState(history.state, "", window.location.pathname + window.location.search);
    var button = field.form && field.form.querySelector("button[type='submit']");
    if (button) {
      button.focus();
    }
  }

  document.addEventListener("DOMContentLoaded", fill);
  document.addEventListener("htmx:load", fill);
}());
