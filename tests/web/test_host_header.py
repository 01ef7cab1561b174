"""Any Host header gets an answer below 500: a name Werkzeug cannot use is a 400 with the error page.

The test client cannot send such a header (it parses the URL itself), so these requests go to the
WSGI app directly.
"""

from __future__ import annotations

import pytest
from werkzeug.test import EnvironBuilder, run_wsgi_app

from tests.conftest import dispose, find_all, make_app

BAD_HOSTS = [
    "a" * 64 + ".example",  # a DNS label longer than 63 characters
    "a" * 64,
    "truco..example",  # an empty label
    ".",
    "a" * 300,
]
"""Host names Werkzeug refuses to build URLs for (``BadHost``)."""
ODD_HOSTS = ["xn--", "é.example", "a b", "-x", "x:abc", "::::", "[::1", "%00", "a\tb", "\x00", "", "a" * 5000]
PATHS = ["/en/deck", "/healthz", "/static/htmx.min.js", "/", "/en/lessons", "/nothing/here"]


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """One app for all hosts (no store involved: SQLite only)."""
    site = make_app(tmp_path_factory.mktemp("hosts"))
    yield site
    dispose(site)


def get(app, path: str, host: str, **headers: str):
    environ = EnvironBuilder(path=path, headers=headers).get_environ()
    environ["HTTP_HOST"] = host
    body, status, response_headers = run_wsgi_app(app, environ, buffered=True)
    return int(status.split()[0]), b"".join(body).decode(), response_headers


@pytest.mark.parametrize("host", BAD_HOSTS)
@pytest.mark.parametrize("path", PATHS)
def test_a_host_werkzeug_cannot_use_is_a_400_page(app, path, host):
    status, body, headers = get(app, path, host)
    assert status == 400, body[:300]
    assert headers["Content-Type"].startswith("text/html")
    assert "<h1>Bad request</h1>" in body
    home = [a.attrs["href"] for a in find_all(body, "a") if a.text.strip() == "Go to the home page"]
    assert home == ["/en/"]
    assert not [a for a in find_all(body, "a") if (a.attrs.get("href") or "").startswith(("http:", "https:", "//"))]


@pytest.mark.parametrize("host", ODD_HOSTS)
@pytest.mark.parametrize("path", PATHS)
def test_no_host_header_makes_a_server_error(app, path, host):
    status, body, _headers = get(app, path, host)
    assert status < 500, body[:300]


def test_the_error_page_is_in_the_browsers_language(app):
    status, body, _headers = get(app, "/healthz", "a" * 64, **{"Accept-Language": "de"})
    assert status == 400 and '<html lang="de"' in body


def test_the_api_answers_a_problem_document(app):
    status, body, headers = get(app, "/api/v1/envido?hand=7o,6o,3b", "a" * 64 + ".example")
    assert status == 400
    assert headers["Content-Type"].startswith("application/problem+json")


@pytest.mark.parametrize("host", ["a" * 63 + ".example", "localhost:5000", "127.0.0.1:8000", "[::1]:8000"])
def test_usual_hosts_are_still_answered(app, host):
    status, body, _headers = get(app, "/en/deck", host)
    assert status == 200, body[:300]
