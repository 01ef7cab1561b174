"""The club nights' store (tutor/store/club.py) on SQLite and PostgreSQL: nicknames unique per event
(case and spaces ignored), a board's result written once (a second finish of the same board, or a
stale version, writes nothing), every move a compare-and-swap on (board, version), the window
(closed by the organiser once, or by its closing time), and ``changes`` raised by every write the
result table shows."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest

from tutor.store import ManualClock, db, store_of, use_clock
from tutor.store.classroom import Teacher
from tutor.store.club import ClubPlayer, ClubResult, Finished

pytestmark = pytest.mark.store


@pytest.fixture
def club(app):
    with app.app_context():
        teacher = Teacher(login="t", display_name="T", password_hash="x", recovery_hash="x", generation=0)
        db.session.add(teacher)
        db.session.commit()
        store = store_of(app).club
        event = store.create(
            teacher.id,
            title="Friday",
            rules="argentino",
            level="beginner",
            boards=2,
            seed=5,
            random_scores=False,
            closes_at=None,
        )
        yield store, event


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
