/* The anotador's service worker: the page (and the shared-score pages under it) from the network
   when there is one, else from the cache the page filled; the static files from the cache first
   (their URLs carry their fingerprint, so a cached one is never out of date). */
"use strict";

var CACHE = "anotador-v1";

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

function keep(request, response) {
  if (response && response.ok && response.type === "basic") {
    var copy = response.clone();
    caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
  }
  return response;
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") {
    return;
  }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request).then(function (response) {
        return keep(request, response);
      }).catch(function () {
        return caches.match(request, { ignoreSearch: true }).then(function (found) {
          return found || Response.error();
        });
      })
    );
    return;
  }
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(
      caches.match(request).then(function (found) {
        return found || fetch(request).then(function (response) { return keep(request, response); });
      })
    );
  }
});
