/* Back and Forward with htmx: the page shown is always the one in the address bar.

   No page snapshots are kept (historyCacheSize 0 in base.html), so on Back or Forward htmx fetches
   the address from the server and swaps it in. It never cancels an earlier such fetch: after two
   quick presses of Back, or a link followed while a page is still coming back, a slow page arrived
   last and stayed under the address of another (issue 11: the step shown was not the step in the
   address bar). Here only the newest fetch may land: a new one, or any other htmx request, aborts
   the one on its way. Loaded on every page from base.html's <head>. No inline script (CSP). */
(function () {
  "use strict";

  var pending = null;

  function abortPending() {
    if (pending) {
      var xhr = pending;
      pending = null;
      xhr.abort();
    }
  }

  document.addEventListener("htmx:historyCacheMiss", function (event) {
    abortPending();
    var xhr = event.detail.xhr;
    pending = xhr;
    xhr.addEventListener("loadend", function () {
      if (pending === xhr) {
        pending = null;
      }
    });
  });

  document.addEventListener("htmx:beforeRequest", function () {
    abortPending();
  });
})();
