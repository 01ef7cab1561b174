/* A button with data-print prints the page (the login cards). No inline script (CSP); loaded on
   every page, since a boosted link does not run a new page's scripts. */
(function () {
  "use strict";

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-print]");
    if (button) {
      window.print();
    }
  });
}());
