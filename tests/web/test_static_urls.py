"""Fingerprinted static URLs: every page links its stylesheets, scripts and card drawings with the
file's content hash, and those URLs are cached for a year; any other static URL is revalidated."""

from __future__ import annotations

import hashlib
import re

from tutor.paths import PACKAGE_DIR
from tutor.web.shared.static import IMMUTABLE

STATIC_RE = re.compile(r'(?:href|src)="(/static/[^"#]+)')


def test_every_static_link_of_a_page_carries_the_files_hash(client):
    html = client.get("/en/deck").get_data(as_text=True)
    links = set(STATIC_RE.findall(html))
    assert any(link.startswith("/static/css/app.css?") for link in links)
    assert any(link.startswith("/static/cards.svg?") for link in links), "the cards' sprite is fingerprinted too"
    for link in links:
        path, _, query = link.partition("?v=")
        expected = hashlib.sha256((PACKAGE_DIR / "static" / path.removeprefix("/static/")).read_bytes()).hexdigest()[
            :12
        ]
        assert query == expected, link


def test_a_fingerprinted_file_is_cached_for_a_year_and_others_are_revalidated(client):
    html = client.get("/en/deck").get_data(as_text=True)
    link = next(link for link in STATIC_RE.findall(html) if link.startswith("/static/css/app.css?"))
    fresh = client.get(link)
    assert fresh.status_code == 200 and fresh.headers["Cache-Control"] == IMMUTABLE
    plain = client.get("/static/css/app.css")
    assert plain.status_code == 200 and plain.headers["Cache-Control"] == "no-cache"
    stale = client.get("/static/css/app.css?v=000000000000")
    assert stale.headers["Cache-Control"] == "no-cache", "an old fingerprint must not be cached for a year"
    assert client.get("/static/no-such-file.css?v=1").status_code == 404
