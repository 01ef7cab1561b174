"""The device-code guessing limit is kept on the server, per browser, per client address and for
everyone, not in the cookie.

Three leaky buckets (tutor.web.device): a browser's failures (BROWSER) count against its address
(ADDRESS: FAILURE_BUDGET at once, one forgotten every FORGIVE_EVERY) only while its own budget
allows them, so one pupil's typos never lock a classmate out; a correct code costs nothing. Sized
so that a class behind one school address gets in, while a guesser is held to a trickle
(docs/security.md).
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
from tutor.store.learners import FORGET_AFTER
from tutor.web.device import views
from tutor.web.device.views import ADDRESS, BROWSER, BROWSER_PREFIX, EVERYONE, FAILURE_BUDGET, FORGIVE_EVERY, Bucket

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


def fail_until_the_limit(app, address: str = "127.0.0.1", **headers) -> None:
    """Spend the address's budget through the page: as many browsers as it takes, each using its
    whole own budget."""
    for _browser in range(FAILURE_BUDGET // BROWSER.budget):
        fail(app.test_client(), BROWSER.budget, address, **headers)


def at_the_limit(app, address: str = "127.0.0.1") -> None:
    """The address's budget already spent, written straight into its bucket (the tests that spend it
    through the page are ``test_a_guesser_is_stopped``, ``test_over_the_limit_is_a_429...`` and the
    forwarded-address test): the state four hundred wrong codes leave, without sending them."""
    key = views.client_key(address)
    with app.app_context():
        now = store_of(app).clock.now().timestamp()
        row = db.session.get(DeviceCodeFailures, key) or DeviceCodeFailures(address=key)
        row.failures, row.updated = float(FAILURE_BUDGET), now
        db.session.add(row)
        db.session.commit()


def public_id_of(app, client) -> str:
    serializer = app.session_interface.get_signing_serializer(app)
    return serializer.loads(client.get_cookie(SESSION_COOKIE).value)["learner"]


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


def test_the_budgets_fit_a_class_with_room_and_guessing_stays_a_trickle():
    """The figures docs/security.md gives."""
    assert CLASS_SIZE * BROWSER.budget + 50 <= FAILURE_BUDGET  # every pupil may use their whole budget
    codes = len(DEVICE_CODE_ALPHABET) ** DEVICE_CODE_LENGTH
    assert codes == 852_891_037_441
    learners = 10_000
    per_year_one_address = ADDRESS.budget + ADDRESS.per_hour * 24 * 365
    per_year_everyone = EVERYONE.budget + EVERYONE.per_hour * 24 * 365
    assert ADDRESS.per_hour == 240 and EVERYONE.per_hour == 3_600 and BROWSER.per_hour == 60
    assert codes / learners / per_year_one_address > 40  # years to a first hit of one of 10,000 codes
    assert codes / learners / per_year_everyone > 2.5  # ... for any number of addresses together
    for bucket in (BROWSER, ADDRESS, EVERYONE):
        assert bucket.budget * bucket.every <= FORGET_AFTER


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


def test_one_pupils_typos_never_lock_out_a_classmate(app):
    """One pupil mistypes fifty times in 2.5 s; a classmate at the same address still gets in, and so do
    thirty pupils who each use up their own browser's whole budget first."""
    careless = app.test_client()
    fail(careless, BROWSER.budget, SCHOOL)
    for _ in range(40):
        blocked = enter(careless, WRONG, SCHOOL)
        assert blocked.status_code == 429
        assert "on this device" in blocked.get_data(as_text=True)
    classmate_code = code_of(app.test_client())
    assert enter(app.test_client(), classmate_code, SCHOOL).status_code == 303
    owners = [app.test_client() for _ in range(CLASS_SIZE)]
    for code in [code_of(owner) for owner in owners]:
        computer = app.test_client()
        fail(computer, BROWSER.budget, SCHOOL)
        later(app, BROWSER.every)  # the pupil waits the minute the page asks for
        assert enter(computer, code, SCHOOL).status_code == 303
    assert stored(app, SCHOOL).failures <= (CLASS_SIZE + 1) * BROWSER.budget + 1


def test_a_browser_over_its_budget_waits_a_minute(app, client):
    real = code_of(app.test_client())
    fail(client, BROWSER.budget)
    blocked = enter(client, real)
    assert blocked.status_code == 429 and 1 <= int(blocked.headers["Retry-After"]) <= 60
    html = blocked.get_data(as_text=True)
    assert "Too many wrong codes were entered on this device" in html
    assert find_all(html, "p", class_="device-code") == []  # the right code was not taken
    later(app, BROWSER.every)
    assert enter(client, real).status_code == 303
    address = stored(app, "127.0.0.1")
    leaked = BROWSER.every / ADDRESS.every  # the address forgot some while the pupil waited
    assert address is not None and address.failures == pytest.approx(BROWSER.budget - leaked, abs=0.01)


def test_everyone_together_is_limited_too(app, monkeypatch):
    """Many addresses (a botnet): the bucket for everyone stops them all once its budget is spent."""
    monkeypatch.setattr(views, "EVERYONE", Bucket("everyone", 5, EVERYONE.every))
    for number in range(5):
        assert enter(app.test_client(), WRONG, f"198.51.100.{number}").status_code == 422
    blocked = enter(app.test_client(), WRONG, "203.0.113.99")
    assert blocked.status_code == 429 and blocked.headers["Retry-After"] == "1"
    assert "on this site" in blocked.get_data(as_text=True)
    assert stored(app, "203.0.113.99").failures == pytest.approx(0, abs=0.01)  # given back
    later(app, EVERYONE.every)
    assert enter(app.test_client(), WRONG, "203.0.113.99").status_code == 422


def test_a_guesser_is_stopped(app, client):
    real = code_of(app.test_client())
    fail_until_the_limit(app, SCHOOL)
    blocked = enter(client, real, SCHOOL)  # even a right guess gets no answer now
    assert blocked.status_code == 429
    assert 1 <= int(blocked.headers["Retry-After"]) <= FORGIVE_EVERY.total_seconds()
    assert find_all(blocked.get_data(as_text=True), "p", class_="device-code") == []
    assert enter(app.test_client(), WRONG, SCHOOL).status_code == 429  # a new session changes nothing


def test_over_the_budget_one_attempt_per_forgiven_failure(app, client, monkeypatch):
    real = code_of(app.test_client())
    at_the_limit(app)
    later(app, FORGIVE_EVERY)
    assert enter(client, WRONG).status_code == 422  # one failure leaked away: one more attempt
    assert enter(client, WRONG).status_code == 429
    later(app, FORGIVE_EVERY)
    assert enter(client, real).status_code == 303  # the learner waited at most FORGIVE_EVERY
    assert enter(client, WRONG).status_code == 422
    assert enter(client, WRONG).status_code == 429


def test_over_the_limit_is_a_429_with_retry_after_and_a_message(app, client):
    owner = app.test_client()
    real = code_of(owner)
    fail_until_the_limit(app)
    blocked = enter(client, real)
    assert blocked.status_code == 429
    assert int(blocked.headers["Retry-After"]) <= FORGIVE_EVERY.total_seconds()
    html = blocked.get_data(as_text=True)
    assert "Too many wrong codes were entered from your network. Try again in 1 minute." in html
    field = find_all(html, "input", id="code")[0]
    assert field.attrs["aria-invalid"] == "true"
    assert find_all(html, "p", class_="device-code") == []  # the real code was not taken
    row = stored(app, "127.0.0.1")
    assert row is not None and row.failures == pytest.approx(FAILURE_BUDGET, abs=0.01)


def test_a_new_session_does_not_reset_the_count(app, client):
    at_the_limit(app)
    fresh = app.test_client()
    assert fresh.get_cookie(SESSION_COOKIE) is None
    assert enter(fresh, WRONG).status_code == 429
    client.delete_cookie(SESSION_COOKIE)
    assert enter(client, WRONG).status_code == 429


def test_a_replayed_cookie_does_not_reset_the_count(app, client):
    client.get("/en/device")
    saved = client.get_cookie(SESSION_COOKIE).value
    fail(client, BROWSER.budget)
    client.set_cookie(SESSION_COOKIE, saved)
    assert enter(client, WRONG).status_code == 429


def test_another_address_is_not_limited(app, client):
    real = code_of(app.test_client())
    at_the_limit(app, "198.51.100.1")
    other = app.test_client()
    assert enter(other, WRONG, "198.51.100.2").status_code == 422
    assert enter(other, real, "198.51.100.2").status_code == 303


def test_blocked_attempts_are_not_counted(app, client, monkeypatch):
    fail(client, BROWSER.budget)
    for _ in range(5):
        assert enter(client, WRONG).status_code == 429  # the browser's bucket refuses: the address's is given back
    assert stored(app, "127.0.0.1").failures == pytest.approx(BROWSER.budget, abs=0.01)
    at_the_limit(app)
    for _ in range(5):
        assert enter(app.test_client(), WRONG).status_code == 429
    browser = BROWSER_PREFIX + public_id_of(app, client)
    assert stored(app, browser).failures == pytest.approx(BROWSER.budget, abs=0.01)
    assert stored(app, "127.0.0.1").failures == pytest.approx(FAILURE_BUDGET, abs=0.01)
    later(app, FAILURE_BUDGET * FORGIVE_EVERY)  # everything leaked away
    assert enter(client, WRONG).status_code == 422
    assert stored(app, "127.0.0.1").failures == pytest.approx(1, abs=0.01)


def test_a_correct_code_does_not_clear_earlier_failures(app, client):
    real = code_of(app.test_client())
    at_the_limit(app)
    later(app, FORGIVE_EVERY)  # room for one
    assert enter(app.test_client(), real).status_code == 303
    assert enter(app.test_client(), WRONG).status_code == 422
    assert enter(app.test_client(), real).status_code == 429
    fail(client, BROWSER.budget - 1, "198.51.100.7")  # and per browser
    assert enter(client, real, "198.51.100.7").status_code == 303


def test_correct_codes_are_not_counted(app, client):
    real = code_of(app.test_client())
    for _ in range(12):
        assert enter(client, real).status_code == 303
    assert stored(app, "127.0.0.1").failures == pytest.approx(0, abs=0.01)


def test_parallel_guesses_never_count_past_the_budget(tmp_path, database_url):
    """Forty wrong codes at once from one address with room for ten: exactly ten are looked up."""
    app = make_app(tmp_path, database_url, CLOCK=ManualClock())
    at_the_limit(app)
    later(app, 10 * FORGIVE_EVERY)  # room for ten
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
    direct = make_app(tmp_path / "direct", CLOCK=ManualClock())
    fail_until_the_limit(direct, "10.0.0.5", **{"X-Forwarded-For": "198.51.100.1"})
    assert enter(direct.test_client(), WRONG, "10.0.0.5", **{"X-Forwarded-For": "198.51.100.2"}).status_code == 429

    proxied = make_app(tmp_path / "proxied", TRUSTED_PROXIES=1, CLOCK=ManualClock())
    fail_until_the_limit(proxied, "10.0.0.5", **{"X-Forwarded-For": "198.51.100.1"})
    forwarded = {"X-Forwarded-For": "198.51.100.1"}
    assert enter(proxied.test_client(), WRONG, "10.0.0.5", **forwarded).status_code == 429
    assert enter(proxied.test_client(), WRONG, "10.0.0.5", **{"X-Forwarded-For": "198.51.100.2"}).status_code == 422


@pytest.mark.parametrize(("neighbour", "status"), [("2001:db8:0:0:ffff::2", 429), ("2001:db8:0:1::1", 422)])
def test_ipv6_counts_per_64_network(app, client, neighbour, status):
    at_the_limit(app, "2001:db8::1")
    assert enter(app.test_client(), WRONG, neighbour).status_code == status


def test_addresses_whose_failures_leaked_away_are_forgotten(app, client, monkeypatch):
    assert enter(client, WRONG, "198.51.100.1").status_code == 422
    later(app, FORGET_AFTER + timedelta(minutes=1))
    monkeypatch.setattr(secrets, "randbelow", lambda _n: 0)  # the occasional clean-up runs now
    assert enter(client, WRONG, "198.51.100.2").status_code == 422
    assert stored(app, "198.51.100.1") is None
    assert stored(app, "198.51.100.2").failures == pytest.approx(1, abs=0.01)
