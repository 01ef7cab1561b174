"""The live sessions' store (tutor/store/live.py) on SQLite and PostgreSQL: teacher actions compare and
swap the version, an answer is one row per question and player and is written only while its
question is open, kicked players stay out, PINs are unique among open sessions, and parallel
answers and moves (threads, each with its own connection) count once."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest

from tutor.store import ManualClock, db, store_of, use_clock
from tutor.store.classroom import Teacher
from tutor.store.live import LiveAnswer, LiveSession
from tutor.store.schema import Learner, new_public_id

pytestmark = pytest.mark.store


def learner(app) -> int:
    row = Learner(public_id=new_public_id())
    db.session.add(row)
    db.session.commit()
    return row.id


@pytest.fixture
def live(app):
    with app.app_context():
        teacher = Teacher(login="t", display_name="T", password_hash="x", recovery_hash="x", generation=0)
        db.session.add(teacher)
        db.session.commit()
        store = store_of(app).live
        found = store.create(teacher.id, None, "envido-counting", 42, 3)
        yield store, found


def test_a_teacher_action_moves_once_per_version(app, live):
    store, found = live
    assert store.move(found, 0, states=("lobby",), to="question", question=0)
    assert not store.move(found, 0, states=("lobby",), to="question", question=0)  # a second tab
    assert not store.move(found, found.version, states=("reveal",), to="question", question=1)  # wrong state
    assert (found.state, found.version) == ("question", 1)
    assert store.move(found, 1, states=("question",), to="reveal")
    assert found.closed_at is not None


def test_an_answer_is_one_row_changed_until_the_close_and_never_after(app, live):
    store, found = live
    joined = store.join(found, learner(app), ["Ancho 2"])
    player = joined.player
    assert player is not None
    assert not store.answer(found, 0, player, {"answer": ["7"]}, False)  # still in the lobby
    store.move(found, found.version, states=("lobby",), to="question", question=0)
    assert store.answer(found, 0, player, {"answer": ["7"]}, False)
    assert store.answer(found, 0, player, {"answer": ["7"]}, False)  # a double post
    assert store.answer(found, 0, player, {"answer": ["33"]}, True)  # changed
    assert not store.answer(found, 1, player, {"answer": ["33"]}, True)  # not the open question
    assert db.session.query(LiveAnswer).count() == 1
    assert [(a.answer, a.correct) for a in store.answers(found, 0)] == [({"answer": ["33"]}, True)]
    store.move(found, found.version, states=("question",), to="reveal")
    assert not store.answer(found, 0, player, {"answer": ["7"]}, False)
    assert store.answers(found, 0)[0].correct is True


def test_kicked_players_and_nicknames_stay_out_and_a_locked_lobby_takes_no_one(app, live):
    store, found = live
    first, second = learner(app), learner(app)
    player = store.join(found, first, ["Flor 7"]).player
    assert store.kick(found, player.id)
    assert store.join(found, first, ["Mazo 3"]).refused == "kicked"
    assert store.join(found, second, ["Flor 7"], own=True).refused == "kicked"
    assert store.join(found, second, ["Flor 7", "Mazo 3"]).player.nickname == "Mazo 3"
    assert store.move(found, found.version, states=("lobby",), locked=True)
    assert store.join(found, learner(app), ["Sota 4"]).refused == "locked"
    assert [p.nickname for p in store.players(found.id)] == ["Mazo 3"]


def test_pins_are_unique_among_open_sessions_and_an_ended_one_is_not_found(app, live, monkeypatch):
    store, found = live
    assert store.by_pin(found.pin).id == found.id
    pins = iter([found.pin, "000111"])
    monkeypatch.setattr("tutor.store.live.new_pin", lambda: next(pins))
    other = store.create(found.host_id, None, "flor", 1, 3)
    assert other.pin == "000111"  # the taken PIN was drawn again
    store.move(found, found.version, states=("lobby",), to="ended")
    assert store.by_pin(found.pin) is None


def test_a_session_left_open_is_found_by_its_pin_for_twelve_hours_only(app, live):
    store, found = live
    clock = use_clock(app, ManualClock(found.created + timedelta(hours=11, minutes=59)))
    assert store.by_pin(found.pin) is not None
    clock.advance(minutes=2)
    assert store.by_pin(found.pin) is None


def test_parallel_answers_count_once_each_and_parallel_moves_move_once(app, live):
    store, found = live
    players = [store.join(found, learner(app), [f"Rey {n}"]).player for n in range(12)]
    store.move(found, found.version, states=("lobby",), to="question", question=0)
    session_id, version = found.id, found.version

    def parallel(works) -> list[bool]:
        results: list[bool] = []
        lock = threading.Lock()

        def run(work) -> None:
            with app.app_context():
                done = work(store_of(app).live, db.session.get(LiveSession, session_id))
                with lock:
                    results.append(done)

        threads = [threading.Thread(target=run, args=(work,)) for work in works]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return results

    answered = parallel(
        [lambda s, f, p=p: s.answer(f, 0, p, {"answer": ["1"]}, True) for p in players for _ in range(2)]
    )
    assert answered == [True] * 24  # a double post writes the same row again
    assert db.session.query(LiveAnswer).count() == len(players)
    moved = parallel([lambda s, f: s.move(f, version, states=("question",), to="reveal") for _ in range(4)])
    assert sorted(moved) == [False, False, False, True]
    db.session.expire_all()
    found = db.session.get(LiveSession, session_id)
    assert (found.state, found.version) == ("reveal", version + 1)


def test_a_nickname_taken_in_the_instant_of_a_join_gives_the_next_one(app, live, monkeypatch):
    """Two phones joining at once on two servers may both read "Ancho 2" as free: the second insert
    fails on the unique nickname (at the flush before the session's touch), and the join goes on to
    the next nickname instead of failing."""
    store, found = live
    first = store.join(found, learner(app), ["Ancho 2"])
    assert first.player is not None
    monkeypatch.setattr(store, "players", lambda session_id, kicked=False: [])  # read before the other's commit
    second = store.join(found, learner(app), ["Ancho 2", "Siete 5"])
    assert second.player is not None and second.player.nickname == "Siete 5"
    assert store.join(found, learner(app), ["Ancho 2"]).refused == "taken"
