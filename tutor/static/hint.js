/* Lesson checks: remember that the learner opened the hint before answering.

   The hint is a <details class="hint-box"> beside the answer form; opening it sets the form's hidden
   field "hinted" to 1, so the answer is recorded as given after a hint (the review schedule then
   rates a right answer "Hard" instead of "Good"). Without JavaScript the hint still opens, and the
   answer counts as given without it. Loaded on every page (a boosted link does not load scripts from
   a new page's <head>); "toggle" does not bubble, so it is caught on the way down, which also covers
   checks swapped in by htmx. No inline script (CSP). */
(function () {
  "use strict";

  document.addEventListener("toggle", function (event) {
    var box = event.target;
    if (!box.matches || !box.matches("details.hint-box") || !box.open) {
      return;
    }
    var check = box.closest(".check");
    var field = check && check.querySelector("form.answer-form input[name='hinted']");
    if (field) {
      field.value = "1";
    }
  }, true);
}());
