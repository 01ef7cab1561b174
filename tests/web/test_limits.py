"""Budgets for costly requests (hints, the bots' moves): leaky buckets per learner and per address,
a 429 with a translated message and ``Retry-After`` past them, and the hint computed once per game
version. The buckets run on a test clock; no test measures a duration."""

from __future__ import annotations

import re
import time

import pytest

from tests.conftest import dispose, make_app
from tests.web.test_play import VERSION_RE, new_game
from tutor.web.components.table import hints as table_hints
from tutor.web.shared.limits import LIMITS, Budget, LeakyBucket

pytestmark = pytest.mark.store  # the table tests write games

TOKEN_RE = re.compile(r'name="csrf_token" value="([^"]+)"')


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_bucket_takes_its_burst_then_one_per_leak_interval():
    clock = Clock()
    bucket = LeakyBucket(Budget(3, 0.5), clock)  # three at once, one more every two seconds
    assert [bucket.take("a") for _ in range(3)] == [None, None, None]
    assert bucket.take("a") == 2  # full: the next fits in two seconds
    assert bucket.take("b") is None  # another key has its own bucket
    clock.now += 2
    assert bucket.take("a") is None
    assert bucket.take("a") == 2
    clock.now += 60  # empty again after a long pause, never below zero
    assert [bucket.take("a") for _ in range(3)] == [None, None, None]
    assert bucket.take("a") is not None


def test_a_class_of_30_behind_one_address_never_meets_the_limits():
    # Thirty pupils at one school address for 20 minutes, each as fast as a keen player goes: a move
    # every two seconds and a hint at every third decision; the first minute they all arrive at once.
    clock = Clock()
    buckets = {name: LeakyBucket(budget, clock) for name, budget in LIMITS.items()}
    refused = 0
    for tick in range(20 * 60 * 2):  # half-second steps
        clock.now = 1000.0 + tick / 2
        for pupil in range(30):
            if (tick + pupil) % 4 == 0:  # a move every 2 s
                refused += buckets["move:address"].take("school") is not None
                refused += buckets["move:learner"].take(str(pupil)) is not None
            if (tick + pupil) % 12 == 0:  # a hint every 6 s
                refused += buckets["hint:address"].take("school") is not None
                refused += buckets["hint:learner"].take(str(pupil)) is not None
    assert refused == 0


def test_one_client_hammering_hints_is_stopped_by_its_learner_budget():
    clock = Clock()
    bucket = LeakyBucket(LIMITS["hint:learner"], clock)
    answers = [bucket.take("pupil") for _ in range(100)]
    assert answers.count(None) == LIMITS["hint:learner"].burst
    assert all(wait is not None and wait >= 1 for wait in answers[LIMITS["hint:learner"].burst :])


@pytest.fixture
def limited_app(tmp_path, database_url, monkeypatch):
    monkeypatch.setitem(LIMITS, "hint:learner", Budget(2, 0.01))
    monkeypatch.setitem(LIMITS, "move:learner", Budget(3, 0.01))
    monkeypatch.setitem(LIMITS, "api:address", Budget(2, 0.01))
    app = make_app(tmp_path, database_url, RATE_LIMITS=True)
    yield app
    dispose(app)


def _table(client, path):
    html = client.get(path).get_data(as_text=True)
    return TOKEN_RE.search(html).group(1), VERSION_RE.search(html).group(1), html


def test_hints_past_the_learners_budget_are_a_translated_429_with_retry_after(limited_app):
    client = limited_app.test_client()
    path = new_game(client, level="beginner")
    token, version, _ = _table(client, path)
    for _ in range(2):
        assert client.post(path + "/hint", data={"csrf_token": token, "version": version}).status_code == 303
    refused = client.post(path + "/hint", data={"csrf_token": token, "version": version})
    assert refused.status_code == 429
    assert int(refused.headers["Retry-After"]) >= 1
    assert "faster than the table can think" in refused.get_data(as_text=True)
    assert 'id="table"' in refused.get_data(as_text=True)  # the table as it is, nothing changed


def test_moves_past_the_learners_budget_are_refused_and_change_nothing(limited_app):
    client = limited_app.test_client()
    path = new_game(client, level="random")
    statuses = []
    for _ in range(5):
        token, version, html = _table(client, path)
        actions = re.findall(r'name="action" value="([^"]+)"', html)
        # Never an action that could end the match in three moves (a Quiero to a random bot's Falta envido).
        action = "no_quiero" if "no_quiero" in actions else actions[0]
        response = client.post(path, data={"csrf_token": token, "version": version, "action": action})
        statuses.append(response.status_code)
        if response.status_code == 429:
            assert int(response.headers["Retry-After"]) >= 1
            assert _table(client, path)[1] == version  # the refused action was not applied
    assert statuses[:3] == [303, 303, 303] and 429 in statuses[3:]


def test_the_api_counts_hints_and_bot_moves_per_address(limited_app):
    client = limited_app.test_client()
    query = "hand=argentino;mano=0;scores=0-0;1e,7o,3b|4c,5c,6c;0:envido&seat=1"
    assert client.get(f"/api/v1/hint?{query}").status_code == 200
    assert client.get(f"/api/v1/bot-move?{query}").status_code == 200
    refused = client.get(f"/api/v1/hint?{query}", headers={"Accept-Language": "es"})
    assert refused.status_code == 429
    assert refused.mimetype == "application/problem+json"
    body = refused.get_json()
    assert body["code"] == "too_many_requests" and body["retry_after"] == int(refused.headers["Retry-After"]) >= 1
    other = client.get(f"/api/v1/hint?{query}", environ_base={"REMOTE_ADDR": "203.0.113.9"})
    assert other.status_code == 200  # another address has its own budget


def test_the_limits_are_off_in_tests_unless_asked_for(client):
    query = "hand=argentino;mano=0;scores=0-0;1e,7o,3b|4c,5c,6c;0:envido&seat=1"
    assert all(client.get(f"/api/v1/bot-move?{query}").status_code == 200 for _ in range(130))


def test_a_pending_hint_is_computed_once_per_game_version(app, monkeypatch):
    calls = []
    real = table_hints.hint

    def counting(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(table_hints, "hint", counting)
    client = app.test_client()
    path = new_game(client, level="beginner")
    token, version, _ = _table(client, path)
    assert client.post(path + "/hint", data={"csrf_token": token, "version": version}).status_code == 303
    pages = [client.get(path).get_data(as_text=True) for _ in range(3)]  # reloads while the hint is pending
    assert all('id="hint"' in page for page in pages)
    assert len(calls) == 1


def test_time_budgets_are_on_when_served_and_off_in_tests_unless_asked_for(tmp_path, database_url):
    from tutor.web.components.table.controller import MOVE_SECONDS, move_deadline

    for budgets, expected in ((None, False), (True, True)):
        overrides = {} if budgets is None else {"TIME_BUDGETS": budgets}
        app = make_app(tmp_path, database_url, **overrides)
        try:
            with app.test_request_context("/en/play"):
                deadline = move_deadline()
                assert (deadline is not None) is expected
                if deadline is not None:
                    assert deadline <= time.monotonic() + MOVE_SECONDS
        finally:
            dispose(app)
