"""Security: headers, CSRF, cookie flags, bad cookies, the secret key."""

from __future__ import annotations

import os
import stat

import pytest
from flask import Flask
from flask.sessions import SecureCookieSessionInterface
from itsdangerous import TimestampSigner

from tests.conftest import HTMX, csrf_token, find_all, make_app
from tutor.config import instance_secret_key

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

SESSION_COOKIE = "tutor_session"
DIRECTIVES = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "object-src": "'none'",
    "base-uri": "'none'",
    "frame-ancestors": "'none'",
    "form-action": "'self'",
}


def parse_csp(header: str) -> dict[str, str]:
    parts = [p.strip().split(None, 1) for p in header.split(";") if p.strip()]
    return {p[0]: p[1] if len(p) > 1 else "" for p in parts}


@pytest.mark.parametrize("path", ["/en/", "/de/deck", "/healthz", "/static/htmx.min.js", "/xx/nothing"])
def test_security_headers_on_every_response(client, path):
    response = client.get(path)
    csp = response.headers["Content-Security-Policy"]
    assert parse_csp(csp) == DIRECTIVES
    assert "unsafe" not in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert "Strict-Transport-Security" not in response.headers


def test_hsts_only_over_https(client):
    response = client.get("/en/", base_url="https://localhost")
    assert response.headers["Strict-Transport-Security"].startswith("max-age=")


def test_post_without_csrf_token_is_a_translated_400(client):
    client.get("/en/deck")
    response = client.post("/en/deck", data={"face": "french"})
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert '<html lang="en"' in html
    assert "This form has expired or did not come from this site." in html
    assert "card_face" not in response.headers.get("Set-Cookie", "")


def test_csrf_error_page_follows_the_url_language(client):
    response = client.post("/pl/deck", data={"face": "french"})
    assert response.status_code == 400
    assert '<html lang="pl"' in response.get_data(as_text=True)


def test_post_with_a_wrong_token_is_refused(client):
    client.get("/en/deck")
    response = client.post("/en/deck", data={"face": "french", "csrf_token": "forged"})
    assert response.status_code == 400


def test_htmx_post_needs_the_header_token(client):
    token = csrf_token(client)
    refused = client.post("/en/deck", data={"face": "french"}, headers=HTMX)
    assert refused.status_code == 400
    accepted = client.post("/en/deck", data={"face": "french"}, headers={**HTMX, "X-CSRFToken": token})
    assert accepted.status_code == 200


def test_device_form_is_protected_too(client):
    client.get("/en/device")
    assert client.post("/en/device", data={"code": "ABCD2345"}).status_code == 400


def test_body_sends_the_csrf_token_for_htmx(client):
    html = client.get("/en/").get_data(as_text=True)
    body = find_all(html, "body")[0]
    assert body.attrs["hx-boost"] == "true"
    assert body.attrs["hx-headers"].startswith('{"X-CSRFToken": "')


def cookie_header(response, name: str) -> str:
    for header in response.headers.getlist("Set-Cookie"):
        if header.startswith(name + "="):
            return header
    raise AssertionError(f"no {name} cookie set")


def test_session_cookie_flags_over_http(client):
    header = cookie_header(client.get("/en/"), SESSION_COOKIE)
    assert "HttpOnly" in header and "SameSite=Lax" in header
    assert "Secure" not in header


def test_cookies_are_secure_over_https(client):
    header = cookie_header(client.get("/en/", base_url="https://localhost"), SESSION_COOKIE)
    assert "Secure" in header and "HttpOnly" in header and "SameSite=Lax" in header
    token = csrf_token(client, "/en/deck")
    face = client.post(
        "/en/deck",
        data={"face": "french", "csrf_token": token},
        base_url="https://localhost",
        headers={"Referer": "https://localhost/en/deck"},
    )
    assert face.status_code == 303
    header = cookie_header(face, "card_face")
    assert "Secure" in header and "HttpOnly" in header and "SameSite=Lax" in header


def test_secure_cookies_can_be_forced(tmp_path):
    client = make_app(tmp_path, SESSION_COOKIE_SECURE=True).test_client()
    assert "Secure" in cookie_header(client.get("/en/"), SESSION_COOKIE)


def test_https_behind_a_trusted_proxy(tmp_path):
    client = make_app(tmp_path, TRUSTED_PROXIES=1).test_client()
    response = client.get("/en/", headers={"X-Forwarded-Proto": "https"})
    assert "Secure" in cookie_header(response, SESSION_COOKIE)


def test_forwarded_proto_is_ignored_without_trusted_proxies(client):
    response = client.get("/en/", headers={"X-Forwarded-Proto": "https"})
    assert "Secure" not in cookie_header(response, SESSION_COOKIE)


def device_code(client) -> str:
    """The device code of this browser's learner (the page creates it only when asked)."""
    html = client.get("/en/device").get_data(as_text=True)
    if not find_all(html, "p", class_="device-code"):
        token = csrf_token(client, "/en/device")
        assert client.post("/en/device", data={"action": "show", "csrf_token": token}).status_code == 303
        html = client.get("/en/device").get_data(as_text=True)
    return find_all(html, "p", class_="device-code")[0].text


def session_cookie_value(client) -> str:
    cookie = client.get_cookie(SESSION_COOKIE)
    assert cookie is not None
    return cookie.value


def test_tampered_cookie_gives_a_fresh_session(client):
    original = device_code(client)
    value = session_cookie_value(client)
    tampered = value[:-3] + ("AAA" if not value.endswith("AAA") else "BBB")
    client.set_cookie(SESSION_COOKIE, tampered)
    response = client.get("/en/device")
    assert response.status_code == 200
    assert device_code(client) != original


def test_garbage_cookie_gives_a_fresh_session(client):
    client.set_cookie(SESSION_COOKIE, "not even base64 ~~~ \x00")
    assert client.get("/en/device").status_code == 200


def test_cookie_signed_with_another_key_gives_a_fresh_session(app, client):
    original = device_code(client)
    other = Flask("another_site")
    other.secret_key = "another site's key"
    foreign = SecureCookieSessionInterface().get_signing_serializer(other)
    client.set_cookie(SESSION_COOKIE, foreign.dumps({"learner": "0" * 32}))
    assert client.get("/en/device").status_code == 200
    assert device_code(client) != original


def signed_session(app, data: dict, *, age_seconds: int = 0) -> str:
    """A session cookie value signed with the app's key, dated ``age_seconds`` ago."""
    serializer = app.session_interface.get_signing_serializer(app)
    original = TimestampSigner.get_timestamp
    TimestampSigner.get_timestamp = lambda self: int(original(self)) - age_seconds
    try:
        return serializer.dumps(data)
    finally:
        TimestampSigner.get_timestamp = original


def test_expired_cookie_gives_a_fresh_session(app, client):
    original = device_code(client)
    # The same identity, but the cookie is older than PERMANENT_SESSION_LIFETIME.
    data = app.session_interface.get_signing_serializer(app).loads(session_cookie_value(client))
    age = int(app.permanent_session_lifetime.total_seconds()) + 3600
    client.set_cookie(SESSION_COOKIE, signed_session(app, data, age_seconds=age))
    assert client.get("/en/device").status_code == 200
    assert device_code(client) != original
    # A cookie of the right age carries the identity.
    client.set_cookie(SESSION_COOKIE, signed_session(app, data, age_seconds=60))
    assert device_code(client) == original


@pytest.mark.parametrize("value", [123, "../../etc", "g" * 32, None, ["x"], {"a": 1}])
def test_signed_cookie_with_nonsense_learner_gives_a_fresh_identity(app, client, value):
    client.set_cookie(SESSION_COOKIE, signed_session(app, {"learner": value}))
    response = client.get("/en/device")
    assert response.status_code == 200
    assert len(device_code(client)) == 9


def test_secret_key_required_with_a_database_url(tmp_path, monkeypatch):
    from tutor import create_app

    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'x.sqlite3'}")
    with pytest.raises(RuntimeError, match="SECRET_KEY"):
        create_app()


def test_secret_key_from_the_environment(tmp_path, monkeypatch):
    from tutor import create_app

    monkeypatch.setenv("SECRET_KEY", "from-the-environment")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'x.sqlite3'}")
    assert create_app().secret_key == "from-the-environment"


def test_instance_secret_key_is_generated_once_and_private(tmp_path):
    first = instance_secret_key(tmp_path / "instance")
    path = tmp_path / "instance" / "secret_key"
    assert len(first) >= 32
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert instance_secret_key(tmp_path / "instance") == first
    assert instance_secret_key(tmp_path / "other") != first


# --- Trusted hosts -------------------------------------------------------------------------------

SHARED = "/en/envido?hand=7o,6o,3b"


def share_links(html: str) -> list[str]:
    """The absolute URLs a checker page shares (link text and QR code source)."""
    return [a.attrs["href"] for a in find_all(html, "a") if (a.attrs.get("href") or "").startswith("http")]


def test_any_host_is_answered_without_trusted_hosts(tmp_path, monkeypatch):
    monkeypatch.delenv("TRUSTED_HOSTS", raising=False)
    app = make_app(tmp_path)
    assert app.config["TRUSTED_HOSTS"] is None
    response = app.test_client().get(SHARED, headers={"Host": "anything.example"})
    assert response.status_code == 200


@pytest.fixture
def trusted_client(tmp_path, monkeypatch):
    monkeypatch.setenv("TRUSTED_HOSTS", " truco.example , .club.example,")
    app = make_app(tmp_path)
    yield app.test_client()


def test_trusted_hosts_come_from_the_environment(trusted_client):
    assert trusted_client.application.config["TRUSTED_HOSTS"] == ["truco.example", ".club.example"]


@pytest.mark.parametrize("host", ["truco.example", "truco.example:8080", "north.club.example"])
def test_a_trusted_host_is_answered_and_shared(trusted_client, host):
    response = trusted_client.get(SHARED, headers={"Host": host})
    assert response.status_code == 200
    links = share_links(response.get_data(as_text=True))
    assert links and all(link.startswith(f"http://{host}/en/envido?") for link in links)


@pytest.mark.parametrize("path", [SHARED, "/en/", "/", "/en/device", "/static/htmx.min.js"])
@pytest.mark.parametrize("host", ["evil.example", "truco.example.evil.example", "club.example.evil"])
def test_a_foreign_host_is_a_400_that_names_no_link(trusted_client, path, host):
    response = trusted_client.get(path, headers={"Host": host})
    assert response.status_code == 400
    body = response.get_data(as_text=True)
    assert "evil" not in body
    assert "This site does not answer to the host name in this request." in body


def test_a_foreign_host_on_the_api_is_a_problem_document(trusted_client):
    response = trusted_client.get("/api/v1/envido?hand=7o,6o,3b", headers={"Host": "evil.example"})
    assert response.status_code == 400
    assert response.mimetype == "application/problem+json"
    assert response.get_json()["status"] == 400


def test_a_foreign_host_cannot_post_either(trusted_client):
    response = trusted_client.post("/en/device", data={"code": "ABCD2345"}, headers={"Host": "evil.example"})
    assert response.status_code == 400


def test_a_forwarded_host_is_checked_too(tmp_path, monkeypatch):
    monkeypatch.setenv("TRUSTED_HOSTS", "truco.example")
    client = make_app(tmp_path, TRUSTED_PROXIES=1).test_client()
    assert client.get(SHARED, headers={"Host": "truco.example", "X-Forwarded-Host": "evil.example"}).status_code == 400
    forwarded = client.get(SHARED, headers={"Host": "10.0.0.5:8000", "X-Forwarded-Host": "truco.example"})
    assert forwarded.status_code == 200
    assert all(link.startswith("http://truco.example/") for link in share_links(forwarded.get_data(as_text=True)))
