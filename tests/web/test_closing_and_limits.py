"""What keeps the shared things of play with people bounded: a table with people closes a day after
its last write and a shared anotador score two days after its keeper's last change (their links
find nothing from then on, and ``flask store prune`` deletes them); opening tables, typing table
codes and sharing scores are counted per address (a class fits, a script gets a translated 429 with
``Retry-After``), while a table's own polls are never counted."""

from __future__ import annotations

import pytest

from tests.conftest import csrf_token, make_app
from tests.web.test_anotador import PAGE, post, snapshot
from tests.web.test_people import open_table
from tutor.store import ManualClock, db, use_clock, utcnow
from tutor.store.people import PeopleTable
from tutor.store.scoreboard import ScoreShare

pytestmark = pytest.mark.store


def test_a_table_closes_a_day_after_its_last_write_and_prune_deletes_it(app):
    clock = use_clock(app, ManualClock(utcnow()))
    host = app.test_client()
    path = open_table(host)
    code = path.rsplit("/", 1)[1]
    clock.advance(hours=23)
    assert host.get(path).status_code == 200
    assert host.get(f"/en/people?code={code}").status_code == 303
    clock.advance(hours=2)  # 25 hours since the table was opened: closed
    closed = host.get(path)
    assert closed.status_code == 404
    assert host.get(f"/en/people?code={code}").status_code == 404
    fresh = open_table(host, nick="Beto")
    result = app.test_cli_runner().invoke(args=["store", "prune"])
    assert result.exit_code == 0, result.output
    assert "deleted 1 closed tables with people" in result.output
    with app.app_context():
        assert [row.code for row in db.session.scalars(db.select(PeopleTable))] == [fresh.rsplit("/", 1)[1]]


def test_a_shared_score_is_shown_two_days_after_its_last_change(app):
    clock = use_clock(app, ManualClock(utcnow()))
    keeper, viewer = app.test_client(), app.test_client()
    token = csrf_token(keeper, PAGE)
    share = post(keeper, "/en/anotador/share", {"version": 1, "snapshot": snapshot()}, token).get_json()
    feed = f"/en/anotador/share/{share['id']}"
    clock.advance(days=1, hours=23)
    newer = snapshot(events=[[0, "envido:q", 2]])
    assert post(keeper, feed, {"key": share["key"], "version": 2, "snapshot": newer}, token).status_code == 200
    clock.advance(days=1, hours=23)  # two days and 22 hours old, but changed 47 hours ago: still shown
    assert viewer.get(f"/en/anotador/s/{share['id']}").status_code == 200
    clock.advance(hours=2)
    assert viewer.get(f"/en/anotador/s/{share['id']}").status_code == 404
    assert viewer.get(feed).status_code == 404
    assert post(keeper, feed, {"key": share["key"], "version": 3, "snapshot": newer}, token).status_code == 404
    result = app.test_cli_runner().invoke(args=["store", "prune", "--dry-run"])
    assert "would delete 0 closed tables with people and 1 old shared scores" in result.output
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(ScoreShare)) == 1  # a dry run
    app.test_cli_runner().invoke(args=["store", "prune"])
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(ScoreShare)) == 0


@pytest.fixture
def limited_app(tmp_path, database_url, monkeypatch):
    from tutor.web.shared.limits import LIMITS, Budget

    monkeypatch.setitem(LIMITS, "code:address", Budget(3, 0.001))
    monkeypatch.setitem(LIMITS, "table:address", Budget(2, 0.001))
    monkeypatch.setitem(LIMITS, "share:address", Budget(2, 0.001))
    return make_app(tmp_path, database_url, RATE_LIMITS=True)


def test_wrong_table_codes_are_limited_per_address_but_polls_are_not(limited_app):
    host = limited_app.test_client()
    path = open_table(host)
    for _ in range(10):  # a table's own page and polls are never counted
        assert host.get(path).status_code == 200
        assert host.get(path + "/poll?v=0").status_code in (200, 204)
    guesser = limited_app.test_client()
    codes = [guesser.get(f"/es/people?code=ZZZZZ{n}").status_code for n in range(2, 6)]
    assert codes[:3] == [404, 404, 404] and codes[3] == 429
    refused = guesser.get("/es/people/ZZZZZ9")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert "Demasiados códigos" in refused.get_data(as_text=True)  # translated


def test_opening_tables_and_sharing_scores_are_limited_per_address(limited_app):
    client = limited_app.test_client()
    open_table(client)
    open_table(client, nick="Beto")
    token = csrf_token(client, "/en/people")
    data = {"players": "2", "preset": "argentino", "flor": "off", "target": "15", "level": "random", "nick": "Caro"}
    refused = client.post("/en/people", data={**data, "csrf_token": token})
    assert refused.status_code == 429 and "Retry-After" in refused.headers
    page = refused.get_data(as_text=True)
    assert "data-refused" in page and 'value="Caro"' in page  # the form keeps what was typed
    with limited_app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(PeopleTable)) == 2

    token = csrf_token(client, PAGE)
    statuses = [
        post(client, "/en/anotador/share", {"version": 1, "snapshot": snapshot()}, token).status_code for _ in range(3)
    ]
    assert statuses == [201, 201, 429]
