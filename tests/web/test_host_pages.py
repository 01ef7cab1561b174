"""No Host header gives a 500 on any page type, share links are built on ``PUBLIC_URL``, ``TRUSTED_HOSTS``
refuses foreign hosts, and the QR codes' cache is bounded.

Before, a 2.3 KB Host made of valid labels reached the share links of the quiz, daily and envido
pages, and a QR code cannot hold that much: a 500. Every distinct long host also cost an encoding
and about 0.1 MiB of an unbounded cache. The test client cannot send such headers (it parses the
URL itself), so these requests go to the WSGI app directly.
"""

from __future__ import annotations

import pytest
from werkzeug.test import EnvironBuilder, run_wsgi_app

from tests.conftest import dispose, find_all, make_app
from tutor.web.shared import qr
from tutor.web.shared.qr import MAX_QR_URL, BoundedCache, qr_data_uri
from tutor.web.shared.security import MAX_HOST

PAGES = [
    "/en/",
    "/en/deck",
    "/en/lessons",
    "/en/lessons/card-ranking",
    "/en/lessons/card-ranking/not-by-number",
    "/en/quiz",
    "/en/quiz/exam?seed=3",
    "/en/quiz/exam/worksheet?seed=3",
    "/en/daily?date=2026-11-30",
    "/en/envido?hand=7o,6o,3b",
    "/en/envido/showdown",
    "/en/envido/stakes",
    "/en/envido/daily",
    "/en/play",
    "/en/play/daily",
    "/en/practice",
    "/en/review",
    "/en/progress",
    "/en/device",
    "/healthz",
    "/api/v1/envido?hand=7o,6o,3b",
    "/static/htmx.min.js",
]
LONG_VALID = ".".join(["a" * 63] * 36) + ".example"  # 2.3 KB of valid DNS labels
HOSTS = [
    LONG_VALID,
    "b" * 63 + "." + "c" * 63 + "." + "d" * 63 + "." + "e" * 58 + ".ex",  # 253 characters: the longest name
    "f" * 63 + "." + "g" * 63 + "." + "h" * 63 + "." + "i" * 63 + ".example",  # 263: longer than DNS allows
    "truco.example:99999",
    "[2001:db8::1]:8080",
    "xn--mnchen-3ya.example",
    "truco.example.",
    "UPPER.Example",
    "a" * 63,
]


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    site = make_app(tmp_path_factory.mktemp("hosts"))
    yield site
    dispose(site)


def get(app, path: str, host: str, script_name: str = ""):
    environ = EnvironBuilder(path=path, base_url=f"http://localhost{script_name}").get_environ()
    environ["HTTP_HOST"] = host
    body, status, headers = run_wsgi_app(app, environ, buffered=True)
    return int(status.split()[0]), b"".join(body).decode(errors="replace"), headers


@pytest.mark.parametrize("host", HOSTS)
@pytest.mark.parametrize("path", PAGES)
def test_no_host_makes_a_server_error_on_any_page(app, path, host):
    status, body, _headers = get(app, path, host)
    assert status < 500, body[:300]
    if len(host) > MAX_HOST:
        assert status == 400
    if status == 200 and "share-link" in body:
        link = find_all(body, "p", class_="share-link")[0].text.strip()
        assert len(link) < MAX_HOST + 200


def test_the_longest_dns_name_still_gets_its_page_and_qr_code(app):
    host = HOSTS[1]
    assert len(host) == 253
    status, body, _headers = get(app, "/en/quiz/exam?seed=3", host)
    assert status == 200
    assert find_all(body, "img", class_="qr")[0].attrs["src"].startswith("data:image/svg+xml")


def test_share_links_use_the_public_url_whatever_the_host(tmp_path):
    site = make_app(tmp_path, PUBLIC_URL="https://Truco.example/")
    try:
        for path, expected in [
            ("/en/quiz/exam?seed=3", "https://truco.example/en/quiz/exam?seed=3"),
            ("/en/daily?date=2026-11-30", "https://truco.example/en/daily?date=2026-11-30"),
            ("/en/envido?hand=7o,6o,3b", "https://truco.example/en/envido?hand=7o,6o,3b"),
        ]:
            status, body, _headers = get(site, path, "evil.example")
            assert status == 200, body[:300]
            link = find_all(body, "p", class_="share-link")[0].text.strip()
            assert link in (expected, expected.replace(",", "%2C"))
    finally:
        dispose(site)


def test_a_public_url_with_a_mount_point(tmp_path):
    site = make_app(tmp_path, PUBLIC_URL="https://school.example/truco")
    try:
        status, body, _headers = get(site, "/en/quiz/exam?seed=3", "localhost", script_name="/truco")
        assert status == 200, body[:300]
        link = find_all(body, "p", class_="share-link")[0].text.strip()
        assert link == "https://school.example/truco/en/quiz/exam?seed=3"
    finally:
        dispose(site)


def test_a_bad_public_url_stops_the_start_up(tmp_path):
    with pytest.raises(RuntimeError, match="PUBLIC_URL"):
        make_app(tmp_path, PUBLIC_URL="truco.example")


def test_trusted_hosts_refuse_any_other_host(tmp_path):
    site = make_app(tmp_path, TRUSTED_HOSTS=["truco.example"])
    try:
        assert get(site, "/en/quiz/exam?seed=3", "truco.example")[0] == 200
        for host in ("evil.example", LONG_VALID, "truco.example.evil.example"):
            status, body, _headers = get(site, "/en/quiz/exam?seed=3", host)
            assert status == 400 and "truco.example" not in body
    finally:
        dispose(site)


def test_the_qr_cache_is_bounded_by_entries_and_bytes():
    cache = BoundedCache(entries=3, size=100)
    for n in range(5):
        cache.put(f"k{n}", "x" * 10)
    assert len(cache) == 3 and cache.get("k0") is None and cache.get("k4") == "x" * 10
    cache.get("k2")  # used: kept when the next one comes
    cache.put("k5", "y" * 10)
    assert cache.get("k2") is not None and cache.get("k3") is None
    cache.put("big", "z" * 60)
    assert cache.used <= 100 and cache.get("big") is not None
    cache.put("huge", "z" * 200)  # bigger than the whole cache: not kept, nothing else dropped for it
    assert cache.get("huge") is None and cache.get("big") is not None


def test_many_distinct_links_keep_the_cache_within_its_bytes(monkeypatch):
    small = BoundedCache(entries=qr.CACHED_URLS, size=200_000)
    monkeypatch.setattr(qr, "_IMAGES", small)
    for n in range(200):
        assert qr_data_uri(f"https://host{n}.example/" + "p" * 300) is not None
    assert small.used <= 200_000 and 0 < len(small) < 200
    assert qr_data_uri("https://a.example/" + "x" * MAX_QR_URL) is None
