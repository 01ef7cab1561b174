"""A visitor who only reads creates nothing in the store: no learner row, no run, for any page.

This module is not marked ``store``: the web tests' guard (tests/web/conftest.py) fails any test here
whose app writes a row, so every GET below is checked for writes of any table, not only ``learner``.
Before, every cookie-less GET of ``/<lang>/play/daily`` inserted a learner (2,000 GETs, 2,000 rows).
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from sqlalchemy import func, select

from tutor.store import Learner, db

LIMIT = 120
"""Pages the crawl reads at most."""
ALWAYS = ["/en/play/daily", "/en/daily", "/en/device", "/en/quiz/exam?seed=3", "/es/play/daily", "/en/progress"]
_HREF = re.compile(r'href="(/[a-z]{2}/[^"#]*)"')


def crawl(client, start: list[str]) -> list[tuple[str, int]]:
    """Follow the site's own links breadth first from ``start``; each page's path and status."""
    seen: dict[str, int] = {}
    queue = list(start)
    while queue and len(seen) < LIMIT:
        path = queue.pop(0).replace("&amp;", "&")
        if path in seen or urlsplit(path).path.endswith((".pdf", ".svg", ".png")):
            continue
        response = client.get(path, follow_redirects=True)
        seen[path] = response.status_code
        queue.extend(_HREF.findall(response.get_data(as_text=True)))
    return list(seen.items())


def learners(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Learner)) or 0


def test_a_visitor_without_cookies_creates_nothing_on_any_page(app):
    """A crawler, a link preview: a new identity on every request, and no row for any of them."""
    pages = crawl(app.test_client(use_cookies=False), ["/en/", *ALWAYS])
    assert len(pages) > 40
    assert all(status < 500 for _path, status in pages), [p for p in pages if p[1] >= 500]
    assert learners(app) == 0


def test_reading_the_daily_pages_twice_with_cookies_creates_nothing(app, client):
    """A returning visitor who reads the daily deal, the daily set, the device and progress pages."""
    for _round in range(2):
        for path in ALWAYS:
            assert client.get(path, follow_redirects=True).status_code == 200, path
    assert learners(app) == 0
