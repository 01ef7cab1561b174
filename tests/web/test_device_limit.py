"""The device-code guessing limit is kept on the server, per client address, not in the cookie."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from tests.conftest import csrf_token, find_all, make_app
from tutor.models import DeviceCodeFailures, db, utcnow
from tutor.web.device import views as device
from tutor.web.device.views import FAILURE_WINDOW, MAX_FAILURES

SESSION_COOKIE = "tutor_session"
WRONG = "ZZZZ-ZZZZ"


def code_of(client) -> str:
    """This browser's device code (asked for with the button)."""
    token = csrf_token(client, "/en/device")
    assert client.post("/en/device", data={"action": "show", "csrf_token": token}).status_code == 303
    html = client.get("/en/device").get_data(as_text=True)
    return find_all(html, "p", class_="device-code")[0].text


def enter(client, code: str, address: str = "127.0.0.1", **headers):
    token = csrf_token(client, "/en/device")
    return client.post(
        "/en/device", data={"code": code, "csrf_token": token}, environ_base={"REMOTE_ADDR": address}, headers=headers
    )


def fail_until_the_limit(client, address: str = "127.0.0.1", **headers) -> None:
    for number in range(MAX_FAILURES):
        typed = WRONG if number % 2 else "nonsense"  # malformed codes count too
        assert enter(client, typed, address, **headers).status_code == 422, number


def stored(app, address: str) -> DeviceCodeFailures | None:
    with app.app_context():
        return db.session.scalar(select(DeviceCodeFailures).where(DeviceCodeFailures.address == address))


def later(monkeypatch, delta: timedelta) -> None:
    """Move the limiter's clock forward."""
    monkeypatch.setattr(device, "utcnow", lambda: utcnow() + delta)


def test_the_limit_is_ten_failures_in_fifteen_minutes():
    assert MAX_FAILURES == 10 and FAILURE_WINDOW == timedelta(minutes=15)


def test_over_the_limit_is_a_429_with_retry_after(app, client):
    owner = app.test_client()
    real = code_of(owner)
    fail_until_the_limit(client)
    blocked = enter(client, real)
    assert blocked.status_code == 429
    assert 14 * 60 < int(blocked.headers["Retry-After"]) <= 15 * 60
    html = blocked.get_data(as_text=True)
    assert "Too many wrong codes were entered from your network. Try again in 15 minutes." in html
    field = find_all(html, "input", id="code")[0]
    assert field.attrs["aria-invalid"] == "true"
    assert find_all(html, "p", class_="device-code") == []  # the real code was not taken
    row = stored(app, "127.0.0.1")
    assert row is not None and row.failures == MAX_FAILURES


def test_retry_after_counts_down(app, client, monkeypatch):
    fail_until_the_limit(client)
    later(monkeypatch, timedelta(minutes=5))
    blocked = enter(client, WRONG)
    assert blocked.status_code == 429
    assert 9 * 60 < int(blocked.headers["Retry-After"]) <= 10 * 60
    assert "Try again in 10 minutes." in blocked.get_data(as_text=True)


def test_a_new_session_does_not_reset_the_count(app, client):
    fail_until_the_limit(client)
    fresh = app.test_client()
    assert fresh.get_cookie(SESSION_COOKIE) is None
    assert enter(fresh, WRONG).status_code == 429
    client.delete_cookie(SESSION_COOKIE)
    assert enter(client, WRONG).status_code == 429


def test_a_replayed_cookie_does_not_reset_the_count(app, client):
    client.get("/en/device")
    saved = client.get_cookie(SESSION_COOKIE).value
    fail_until_the_limit(client)
    client.set_cookie(SESSION_COOKIE, saved)
    assert enter(client, WRONG).status_code == 429


def test_another_address_is_not_limited(app, client):
    real = code_of(app.test_client())
    fail_until_the_limit(client, "198.51.100.1")
    other = app.test_client()
    assert enter(other, WRONG, "198.51.100.2").status_code == 422
    assert enter(other, real, "198.51.100.2").status_code == 303


def test_blocked_attempts_do_not_extend_the_window(app, client, monkeypatch):
    fail_until_the_limit(client)
    later(monkeypatch, timedelta(minutes=14))
    assert enter(client, WRONG).status_code == 429
    assert stored(app, "127.0.0.1").failures == MAX_FAILURES
    later(monkeypatch, FAILURE_WINDOW + timedelta(seconds=1))
    assert enter(client, WRONG).status_code == 422  # a new window, starting with this failure
    assert stored(app, "127.0.0.1").failures == 1


def test_a_correct_code_does_not_clear_earlier_failures(app, client):
    real = code_of(app.test_client())
    for _ in range(MAX_FAILURES - 1):
        assert enter(client, WRONG).status_code == 422
    assert enter(client, real).status_code == 303
    assert enter(client, WRONG).status_code == 422
    assert enter(client, real).status_code == 429


def test_correct_codes_are_not_counted(app, client):
    real = code_of(app.test_client())
    for _ in range(MAX_FAILURES + 2):
        assert enter(client, real).status_code == 303
    assert stored(app, "127.0.0.1").failures == 0


def test_forwarded_addresses_count_only_behind_a_trusted_proxy(tmp_path):
    (tmp_path / "direct").mkdir()
    (tmp_path / "proxied").mkdir()
    direct = make_app(tmp_path / "direct").test_client()
    fail_until_the_limit(direct, "10.0.0.5", **{"X-Forwarded-For": "198.51.100.1"})
    assert enter(direct, WRONG, "10.0.0.5", **{"X-Forwarded-For": "198.51.100.2"}).status_code == 429

    proxied = make_app(tmp_path / "proxied", TRUSTED_PROXIES=1).test_client()
    fail_until_the_limit(proxied, "10.0.0.5", **{"X-Forwarded-For": "198.51.100.1"})
    assert enter(proxied, WRONG, "10.0.0.5", **{"X-Forwarded-For": "198.51.100.1"}).status_code == 429
    assert enter(proxied, WRONG, "10.0.0.5", **{"X-Forwarded-For": "198.51.100.2"}).status_code == 422


@pytest.mark.parametrize(("neighbour", "status"), [("2001:db8:0:0:ffff::2", 429), ("2001:db8:0:1::1", 422)])
def test_ipv6_counts_per_64_network(app, client, neighbour, status):
    fail_until_the_limit(client, "2001:db8::1")
    assert enter(app.test_client(), WRONG, neighbour).status_code == status


def test_old_windows_of_other_addresses_are_forgotten(app, client, monkeypatch):
    assert enter(client, WRONG, "198.51.100.1").status_code == 422
    later(monkeypatch, FAILURE_WINDOW + timedelta(minutes=1))
    assert enter(client, WRONG, "198.51.100.2").status_code == 422
    assert stored(app, "198.51.100.1") is None
    assert stored(app, "198.51.100.2").failures == 1
