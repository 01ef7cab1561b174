"""QR codes of share links, as ``data:`` SVG images, computed once per URL.

Encoding a QR code is the costliest part of a page that shows one (segno tries all eight masks
and scores each); a link's code never changes, so the images of the most recent URLs are kept.
"""

from __future__ import annotations

from functools import lru_cache

import segno

CACHED_URLS = 4096
"""How many links' images are kept (a few hundred bytes to a few kilobytes each)."""


@lru_cache(maxsize=CACHED_URLS)
def qr_data_uri(url: str) -> str:
    """The QR code of ``url`` as a ``data:`` SVG image (black on white, quiet zone included).

    >>> qr_data_uri("https://truco.example/en/envido?hand=7o,6o,3b").startswith("data:image/svg+xml")
    True
    >>> qr_data_uri("https://a.example/") is qr_data_uri("https://a.example/")
    True
    """
    return segno.make(url, error="m").svg_data_uri(scale=4, border=4, dark="#000", light="#fff")
