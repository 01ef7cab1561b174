"""The device-code guessing limit is kept on the server, per client address, not in the cookie.

A leaky bucket: up to FAILURE_BUDGET failures count at once per address, one is forgotten every
FORGIVE_EVERY, a correct code costs nothing. Sized so that a class behind one school address gets
in, while a guesser is held to a trickle (docs/security.md).
"""

from __future__ import annotations

import secrets
import threading
from datetime import timedelta

import pytest
from sqlalchemy import select

from tests.conftest import csrf_token, dispose, find_all, make_app
from tutor.store import (
    DEVICE_CODE_ALPHABET,
    DEVICE_CODE_LENGTH,
    DeviceCodeFailures,
    ManualClock,
    OffsetClock,
    db,
    store_of,
    use_clock,
)
from tutor.web.device.views import FAILURE_BUDGET, FORGIVE_EVERY

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

SESSION_COOKIE = "tutor_session"
WRONG = "ZZZZ-ZZZZ"
SCHOOL = "203.0.113.40"
CLASS_SIZE = 30
TYPOS_EACH = 2


def code_of(client) -> str:
    """This browser's device code (asked for with the button)."""
    token = csrf_token(client, "/en/device")
    assert client.post("/en/device", data={"action": "show", "csrf_token": token}).status_code == 303
    html = client.get("/en/device").get_data(as_text=True)
    return find_all(html, "p", class_="device-code")[0].text


def token_for(client) -> str:
    """The client's CSRF token, fetched once per session (a token lasts as long as the session)."""
    cache = client.__dict__.setdefault("_csrf_tokens", {})
    cookie = client.get_cookie(SESSION_COOKIE)
    if cookie is None or cookie.value not in cache:
        token = csrf_token(client, "/en/device")
        cache[client.get_cookie(SESSION_COOKIE).value] = token
        return token
    return cache[cookie.value]


def enter(client, code: str, address: str = "127.0.0.1", **headers):
    token = token_for(client)
    return client.post(
        "/en/device", data={"code": code, "csrf_token": token}, environ_base={"REMOTE_ADDR": address}, headers=headers
    )


def fail(client, times: int, address: str = "127.0.0.1", **headers) -> None:
    for number in range(times):
        typed = WRONG if number % 2 else "nonsense"  # malformed codes count too
        assert enter(client, typed, address, **headers).status_code == 422, number


def fail_until_the_limit(client, address: str = "127.0.0.1", **headers) -> None:
    fail(client, FAILURE_BUDGET, address, **headers)


def stored(app, address: str) -> DeviceCodeFailures | None:
    with app.app_context():
        return db.session.scalar(select(DeviceCodeFailures).where(DeviceCodeFailures.address == address))


@pytest.fixture(autouse=True)
def frozen_clock(request):
    """The app's clock stands still unless a test moves it (``later``): no failure leaks away while a
    slow machine sends a hundred requests."""
    if "app" in request.fixturenames:
        return use_clock(request.getfixturevalue("app"), ManualClock())
    return None


def later(app, delta: timedelta) -> None:
    """Move the app's clock ``delta`` forward."""
    clock = store_of(app).clock
    assert isinstance(clock, ManualClock | OffsetClock)
    clock.advance(seconds=delta.total_seconds())


def typo_of(code: str) -> str:
    """The code with one character mistyped (still a well-formed code)."""
    plain = code.replace("-", "")
    swapped = DEVICE_CODE_ALPHABET[(DEVICE_CODE_ALPHABET.index(plain[0]) + 1) % len(DEVICE_CODE_ALPHABET)]
    return swapped + plain[1:]


def test_the_budget_fits_a_class_with_room_and_guessing_stays_a_trickle():
    assert FAILURE_BUDGET >= CLASS_SIZE * TYPOS_EACH + 20
    per_day = FAILURE_BUDGET + timedelta(days=1) / FORGIVE_EVERY
    codes = len(DEVICE_CODE_ALPHABET) ** DEVICE_CODE_LENGTH
    learners = 10_000
    years_to_a_hit = codes / learners / per_day / 365  # expected guesses to hit one of 10,000 codes
    assert per_day <= 1_600 and years_to_a_hit > 100  # the figures docs/security.md gives


def test_a_class_behind_one_address_all_restore_their_progress(app):
    owners = [app.test_client() for _ in range(CLASS_SIZE)]
    codes = [code_of(owner) for owner in owners]
    for code in codes:  # each learner, on a school computer, types the code twice wrong, then right
        computer = app.test_client()
        for _ in range(TYPOS_EACH):
            assert enter(computer, typo_of(code), SCHOOL).status_code == 422
        assert enter(computer, code, SCHOOL).status_code == 303
        assert code_of(computer) == code
    assert stored(app, SCHOOL).failures == pytest.approx(CLASS_SIZE * TYPOS_EACH, abs=1)


def test_a_guesser_is_stopped(app, client):
    real = code_of(app.test_client())
    fail_until_the_limit(client, SCHOOL)
    blocked = enter(client, real, SCHOOL)  # even a right guess gets no answer now
    assert blocked.status_code == 429
    assert 1 <= int(blocked.headers["Retry-After"]) <= FORGIVE_EVERY.total_seconds()
    assert find_all(blocked.get_data(as_text=True), "p", class_="device-code") == []
    assert enter(app.test_client(), WRONG, SCHOOL).status_code == 429  # a new session changes nothing


def test_over_the_budget_one_attempt_per_forgiven_failure(app, client, monkeypatch):
    real = code_of(app.test_client())
    fail_until_the_limit(client)
    later(app, FORGIVE_EVERY)
    assert enter(client, WRONG).status_code == 422  # one failure leaked away: one more attempt
    assert enter(client, WRONG).status_code == 429
    later(app, FORGIVE_EVERY)
    assert enter(client, real).status_code == 303  # the learner waited at most a minute
    assert enter(client, WRONG).status_code == 422
    assert enter(client, WRONG).status_code == 429


def test_over_the_limit_is_a_429_with_retry_after_and_a_message(app, client):
    owner = app.test_client()
    real = code_of(owner)
    fail_until_the_limit(client)
    blocked = enter(client, real)
    assert blocked.status_code == 429
    assert int(blocked.headers["Retry-After"]) <= 60
    html = blocked.get_data(as_text=True)
    assert "Too many wrong codes were entered from your network. Try again in 1 minute." in html
    field = find_all(html, "input", id="code")[0]
    assert field.attrs["aria-invalid"] == "true"
    assert find_all(html, "p", class_="device-code") == []  # the real code was not taken
    row = stored(app, "127.0.0.1")
    assert row is not None and row.failures == pytest.approx(FAILURE_BUDGET, abs=0.01)


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


def test_blocked_attempts_are_not_counted(app, client, monkeypatch):
    fail_until_the_limit(client)
    for _ in range(5):
        assert enter(client, WRONG).status_code == 429
    assert stored(app, "127.0.0.1").failures == pytest.approx(FAILURE_BUDGET, abs=0.01)
    later(app, FAILURE_BUDGET * FORGIVE_EVERY)  # everything leaked away
    assert enter(client, WRONG).status_code == 422
    assert stored(app, "127.0.0.1").failures == pytest.approx(1, abs=0.01)


def test_a_correct_code_does_not_clear_earlier_failures(app, client):
    real = code_of(app.test_client())
    fail(client, FAILURE_BUDGET - 1)
    assert enter(client, real).status_code == 303
    assert enter(client, WRONG).status_code == 422
    assert enter(client, real).status_code == 429


def test_correct_codes_are_not_counted(app, client):
    real = code_of(app.test_client())
    for _ in range(12):
        assert enter(client, real).status_code == 303
    assert stored(app, "127.0.0.1").failures == pytest.approx(0, abs=0.01)


def test_parallel_guesses_never_count_past_the_budget(tmp_path, database_url):
    """Forty wrong codes at once from one address with room for ten: exactly ten are looked up."""
    app = make_app(tmp_path, database_url, CLOCK=ManualClock())
    fail(app.test_client(), FAILURE_BUDGET - 10)
    barrier = threading.Barrier(40, timeout=60)
    statuses: list[int] = []
    lock = threading.Lock()

    def guess():
        client = app.test_client()  # each request in its own app context, as in a server
        token = csrf_token(client, "/en/device")
        barrier.wait()
        response = client.post(
            "/en/device", data={"code": WRONG, "csrf_token": token}, environ_base={"REMOTE_ADDR": "127.0.0.1"}
        )
        with lock:
            statuses.append(response.status_code)

    threads = [threading.Thread(target=guess) for _ in range(40)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    dispose(app)
    assert sorted(statuses) == [422] * 10 + [429] * 30


def test_forwarded_addresses_count_only_behind_a_trusted_proxy(tmp_path):
    (tmp_path / "direct").mkdir()
    (tmp_path / "proxied").mkdir()
    direct = make_app(tmp_path / "direct", CLOCK=ManualClock()).test_client()
    fail_until_the_limit(direct, "10.0.0.5", **{"X-Forwarded-For": "198.51.100.1"})
    assert enter(direct, WRONG, "10.0.0.5", **{"X-Forwarded-For": "198.51.100.2"}).status_code == 429

    proxied = make_app(tmp_path / "proxied", TRUSTED_PROXIES=1, CLOCK=ManualClock()).test_client()
    fail_until_the_limit(proxied, "10.0.0.5", **{"X-Forwarded-For": "198.51.100.1"})
    assert enter(proxied, WRONG, "10.0.0.5", **{"X-Forwarded-For": "198.51.100.1"}).status_code == 429
    assert enter(proxied, WRONG, "10.0.0.5", **{"X-Forwarded-For": "198.51.100.2"}).status_code == 422


@pytest.mark.parametrize(("neighbour", "status"), [("2001:db8:0:0:ffff::2", 429), ("2001:db8:0:1::1", 422)])
def test_ipv6_counts_per_64_network(app, client, neighbour, status):
    fail_until_the_limit(client, "2001:db8::1")
    assert enter(app.test_client(), WRONG, neighbour).status_code == status


def test_addresses_whose_failures_leaked_away_are_forgotten(app, client, monkeypatch):
    assert enter(client, WRONG, "198.51.100.1").status_code == 422
    later(app, FAILURE_BUDGET * FORGIVE_EVERY + timedelta(minutes=1))
    monkeypatch.setattr(secrets, "randbelow", lambda _n: 0)  # the occasional clean-up runs now
    assert enter(client, WRONG, "198.51.100.2").status_code == 422
    assert stored(app, "198.51.100.1") is None
    assert stored(app, "198.51.100.2").failures == pytest.approx(1, abs=0.01)
