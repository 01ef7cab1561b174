"""The club nights' store (tutor/store/club.py) on SQLite and PostgreSQL: nicknames unique per event
(case and spaces ignored), a board's result written once (a second finish of the same board, or a
stale version, writes nothing), every move a compare-and-swap on (board, version), the window
(closed by the organiser once, or by its closing time), and ``changes`` raised by every write the
result table shows. At real tables: a code per table, a scorekeeper's entry written once (a double
submission, four phones at once), corrected by its version, and a pair given a board once."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest

from tutor.store import ManualClock, db, store_of, use_clock
from tutor.store.classroom import Teacher
from tutor.store.club import ClubEvent, ClubPlayer, ClubResult, ClubScore, ClubTable, Entered, Finished, TableResult

pytestmark = pytest.mark.store


def new_event(app, **values):
    """A teacher and their event (a night of two boards online unless ``values`` say otherwise)."""
    teacher = Teacher(login="t", display_name="T", password_hash="x", recovery_hash="x", generation=0)
    db.session.add(teacher)
    db.session.commit()
    store = store_of(app).club
    fields = {"title": "Friday", "rules": "argentino", "level": "beginner", "boards": 2, "seed": 5}
    fields.update({"random_scores": False, "closes_at": None, **values})
    return store, store.create(teacher.id, **fields)


@pytest.fixture
def club(app):
    with app.app_context():
        yield new_event(app)


def result(points: int = 2) -> Finished:
    return Finished(points, 3, 2, [[]], {"count": 3, "matched": 2})


def test_a_nickname_is_unique_per_event_whatever_its_case(app, club):
    store, event = club
    assert store.join(event, "Ancho 7", "token-a", [[]], 0) is not None
    assert store.join(event, "  ancho   7 ", "token-b", [[]], 0) is None
    assert store.join(event, "Flor 9", "token-c", [[]], 0) is not None
    assert [p.nickname for p in store.players(event.id)] == ["Ancho 7", "Flor 9"]
    assert store.player_of(event, "token-a").nickname == "Ancho 7"
    assert store.player_of(event, "token-b") is None
    assert db.session.query(ClubPlayer).filter_by(token="token-a").count() == 0  # only the hash is kept


def test_a_board_is_finished_once_and_moves_the_player_on(app, club):
    store, event = club
    player = store.join(event, "Ancho 7", "token-a", [[]], 0)
    changes = store.poll_key(event.id)
    assert store.finish(player, 1, 0, result(2), log=[[{"a": "1:truco", "s": 1, "b": "bot"}]], new_version=1)
    assert (player.board, player.version) == (2, 1)
    assert not store.finish(player, 1, 0, result(5), log=[[]], new_version=0)  # a double post
    assert not store.finish(player, 2, 0, result(5), log=[[]], new_version=0)  # a stale version
    rows = db.session.query(ClubResult).all()
    assert [(r.board, r.points) for r in rows] == [(1, 2)]
    assert store.poll_key(event.id) == changes + 1


def test_a_move_is_a_compare_and_swap(app, club):
    store, event = club
    player = store.join(event, "Ancho 7", "token-a", [[]], 0)
    assert store.save(player, 1, 0, log=[[{"a": "0:7o", "s": 0, "b": "learner"}]], new_version=1)
    assert not store.save(player, 1, 0, log=[[]], new_version=1)  # the same form again
    assert not store.save(player, 2, 1, log=[[]], new_version=2)  # not the board in play
    assert player.version == 1 and player.log == [[{"a": "0:7o", "s": 0, "b": "learner"}]]


def test_two_finishes_at_once_write_one_result(app, club):
    store, event = club
    player_id = store.join(event, "Ancho 7", "token-a", [[]], 0).id
    outcomes: list[bool] = []

    def finish() -> None:
        with app.app_context():
            mine = db.session.get(ClubPlayer, player_id)
            assert mine is not None
            outcomes.append(store_of(app).club.finish(mine, 1, 0, result(), log=[[]], new_version=0))

    threads = [threading.Thread(target=finish) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == [False, False, False, True]
    assert db.session.query(ClubResult).count() == 1


def test_the_window_closes_once_or_at_its_time(app, club):
    store, event = club
    clock = use_clock(app, ManualClock(store.store.now()))
    assert store.is_open(event)
    assert store.close(event)
    assert not store.close(event)  # a second tab
    assert not store.is_open(event)
    later = store.create(
        event.host_id,
        title="Week",
        rules="argentino",
        level="beginner",
        boards=4,
        seed=1,
        random_scores=True,
        closes_at=clock.now() + timedelta(hours=1),
    )
    assert store.is_open(later)
    clock.advance(hours=2)
    assert not store.is_open(later)
    assert later.code != event.code and store.by_code(later.code.lower()) == later


def test_deleting_an_event_deletes_its_players_and_results(app, club):
    store, event = club
    player = store.join(event, "Ancho 7", "token-a", [[]], 0)
    store.finish(player, 1, 0, result(), log=[[]], new_version=0)
    db.session.delete(event)
    db.session.commit()
    assert db.session.query(ClubPlayer).count() == 0
    assert db.session.query(ClubResult).count() == 0


# --- Real tables: the scorekeepers' entries


@pytest.fixture
def at_tables(app):
    with app.app_context():
        yield new_event(app, title="Tables", boards=4, mode="tables", tables=2)


def test_a_night_at_tables_gets_a_code_per_table(app, at_tables):
    store, event = at_tables
    tables = store.tables_of(event.id)
    assert [t.number for t in tables] == [1, 2]
    assert len({t.code for t in tables}) == 2 and all(len(t.code) == 8 for t in tables)
    found = store.table_by_code(tables[1].code.lower()[:4] + "-" + tables[1].code[4:])
    assert found is not None and found[0].number == 2 and found[1].id == event.id
    assert store.table_by_code(event.code) is None and store.table_by_code("ZZZZZZZZ") is None


def test_an_entry_is_written_once_and_corrected_by_its_version(app, at_tables):
    store, event = at_tables
    entry = TableResult(1, 1, 2, 1)
    changes = store.poll_key(event.id)
    assert store.enter(event, 1, 1, entry, 0) is Entered.SAVED
    assert store.enter(event, 1, 1, entry, 0) is Entered.SAME  # a double submission
    assert store.enter(event, 1, 1, TableResult(1, 1, 0, 1), 0) is Entered.CHANGED  # a second phone's new entry
    assert store.poll_key(event.id) == changes + 1
    assert store.enter(event, 1, 1, TableResult(1, 1, 0, 3), 1) is Entered.SAVED
    assert store.enter(event, 1, 1, TableResult(1, 1, 4, 0), 1) is Entered.CHANGED  # a stale correction
    saved = store.score(event.id, 1, 1)
    assert (saved.a_points, saved.b_points, saved.version) == (0, 3, 2)
    # Pair A1 or B1 has board 1 already: another table cannot give it them again.
    assert store.enter(event, 2, 1, TableResult(1, 2, 1, 0), 0) is Entered.PAIR_TAKEN
    assert store.enter(event, 2, 1, TableResult(2, 1, 1, 0), 0) is Entered.PAIR_TAKEN
    assert store.enter(event, 2, 1, TableResult(2, 2, 1, 0), 0) is Entered.SAVED
    assert [(s.board, s.table_no) for s in store.scores(event.id)] == [(1, 1), (1, 2)]


def test_four_phones_entering_at_once_write_one_row(app, at_tables):
    store, event = at_tables
    event_id = event.id
    outcomes: list[Entered] = []

    def enter(points: int) -> None:
        with app.app_context():
            mine = db.session.get(ClubEvent, event_id)
            assert mine is not None
            outcomes.append(store_of(app).club.enter(mine, 1, 2, TableResult(1, 1, points, 0), 0))

    threads = [threading.Thread(target=enter, args=(1 if n < 2 else 2,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes.count(Entered.SAVED) == 1 and len(outcomes) == 4
    saved = db.session.query(ClubScore).one()
    # Two phones posted each value: the winner's twin is told it is saved, the other two that it changed.
    assert outcomes.count(Entered.SAME) == 1 and outcomes.count(Entered.CHANGED) == 2
    assert saved.version == 1 and saved.a_points in (1, 2)


def test_deleting_a_night_at_tables_deletes_its_tables_and_scores(app, at_tables):
    store, event = at_tables
    store.enter(event, 1, 1, TableResult(1, 1, 1, 0), 0)
    store.delete(event)
    assert db.session.query(ClubScore).count() == 0 and db.session.query(ClubTable).count() == 0
