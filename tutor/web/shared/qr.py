"""Share links and their QR codes: the site's public address, and ``data:`` SVG images computed once
per URL in a bounded cache.

A share link is built on ``PUBLIC_URL`` when it is configured (``tutor/config.py``): a link or a QR
code then never carries the ``Host`` a request came with. Without it (a local run) the request's
host is used; ``TRUSTED_HOSTS`` limits which hosts are answered at all (docs/security.md).

Encoding a QR code is the costliest part of a page that shows one (segno tries all eight masks and
scores each); a link's code never changes, so the images of the most recent URLs are kept, at most
``CACHED_URLS`` of them and ``CACHED_BYTES`` in all (the least recently used go first), so distinct
links (say, one per forged ``Host``) cannot grow a worker's memory without bound. A link longer
than ``MAX_QR_URL`` gets no QR code (the page shows the link alone).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

import segno
from flask import current_app, has_request_context, request, url_for

CACHED_URLS = 2048
"""How many links' images are kept at most."""
CACHED_BYTES = 8 * 1024 * 1024
"""How many bytes of images are kept at most (an image is a few kilobytes for a link of the site)."""
MAX_QR_URL = 512
"""Longest link that gets a QR code: a bigger code is too dense to scan from a projector."""


class BoundedCache:
    """A thread-safe LRU of strings, bounded by the number of entries and their total length."""

    def __init__(self, entries: int, size: int) -> None:
        self.entries = entries
        self.size = size
        self.used = 0
        self._items: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> str | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: str, value: str) -> None:
        cost = len(key) + len(value)
        if cost > self.size:
            return
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self.used -= len(key) + len(old)
            self._items[key] = value
            self.used += cost
            while len(self._items) > self.entries or self.used > self.size:
                dropped_key, dropped = self._items.popitem(last=False)
                self.used -= len(dropped_key) + len(dropped)

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.used = 0


_IMAGES = BoundedCache(CACHED_URLS, CACHED_BYTES)


def qr_data_uri(url: str) -> str | None:
    """The QR code of ``url`` as a ``data:`` SVG image (black on white, quiet zone included); None for
    a link longer than :data:`MAX_QR_URL`.

    >>> qr_data_uri("https://truco.example/en/envido?hand=7o,6o,3b").startswith("data:image/svg+xml")
    True
    >>> qr_data_uri("https://a.example/") is qr_data_uri("https://a.example/")
    True
    >>> qr_data_uri("https://a.example/" + "x" * MAX_QR_URL) is None
    True
    """
    if len(url) > MAX_QR_URL:
        return None
    found = _IMAGES.get(url)
    if found is None:
        found = segno.make(url, error="m").svg_data_uri(scale=4, border=4, dark="#000", light="#fff")
        _IMAGES.put(url, found)
    return found


def public_url_for(endpoint: str, **values: Any) -> str:
    """The full URL of ``endpoint`` for a share link: on ``PUBLIC_URL`` when configured, else on the
    request's own scheme and host (``url_for(..., _external=True)``)."""
    base = current_app.config.get("PUBLIC_URL")
    if not base:
        return url_for(endpoint, _external=True, **values)
    path = url_for(endpoint, **values)
    root = request.script_root if has_request_context() else ""
    if root and path.startswith(root + "/"):
        path = path[len(root) :]  # PUBLIC_URL includes the mount point the site is reached at
    return str(base).rstrip("/") + path
