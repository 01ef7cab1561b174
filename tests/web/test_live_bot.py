"""The class against the bot through the web (Flask's test client): the teacher deals one hand, the
phones vote among the legal actions, the close shows the votes and the class's move, the teacher
plays it (or another legal move, which the board and the review then say) through the engine and
the bot answers, ties go to the engine's hint ranking, a vote that is not a legal move is a 400, a second
close with the old version changes nothing, and the poll answers 204 while nothing changed.

What the class may do and what the bot did come from the engine (a :class:`Table` replayed from
the session's stored log), never from the page."""

from __future__ import annotations

import re

import pytest

from tests.conftest import csrf_token
from tests.web.classroom_helpers import sign_up
from tests.web.test_live import act, board_version, join_live, start_session
from tutor.bots.table import Table
from tutor.engine.rules import Rules
from tutor.store import db
from tutor.store.live import LiveAnswer, LiveSession
from tutor.web.live import bot

pytestmark = pytest.mark.store

SEED = 7


@pytest.fixture
def teacher(app):
    client = app.test_client()
    assert sign_up(client).status_code in (200, 303)
    return client


def start_bot_session(client, seed: int = SEED) -> tuple[str, str]:
    response = client.post(
        "/en/teach/live/new",
        data={"csrf_token": csrf_token(client, "/en/teach/live/new"), "content": "bot", "seed": str(seed)},
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    sid = response.headers["Location"].rstrip("/").rsplit("/", 1)[1]
    html = client.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    pin = re.search(r'data-live-pin="(\d{6})"', html)
    assert pin is not None
    return sid, pin.group(1)


def vote(client, sid: str, decision: int, action: str):
    return client.post(
        f"/en/live/{sid}/vote",
        data={"csrf_token": csrf_token(client, f"/en/live/{sid}"), "question": str(decision), "action": action},
    )


def stored_table(app, sid: str) -> tuple[LiveSession, Table]:
    with app.app_context():
        found = db.session.query(LiveSession).filter_by(public_id=sid).one()
        db.session.expunge(found)
    return found, Table(Rules(), found.seed, bot.LEVEL, 0, log=found.table_log or None)


def play(client, sid: str, version: int | None = None, move: str = ""):
    """The teacher plays the class's move after a vote, or ``move`` instead."""
    version = board_version(client, sid) if version is None else version
    data = {"csrf_token": csrf_token(client, f"/en/teach/live/{sid}"), "action": "play", "version": str(version)}
    return client.post(f"/en/teach/live/{sid}/act", data={**data, "move": move} if move else data)


def legal(table: Table) -> list[str]:
    return [str(a).split(":", 1)[1] for a in table.view().legal_actions]


def test_the_class_plays_a_hand_against_the_bot_by_majority(app, teacher):
    sid, pin = start_bot_session(teacher)
    a, b, c = (app.test_client() for _ in range(3))
    for phone in (a, b, c):
        assert join_live(phone, pin).status_code == 303
    assert act(teacher, sid, "start").status_code == 303
    found, table = stored_table(app, sid)
    assert found.state == "question" and found.question == table.version and table.learner_to_act

    page = a.get(f"/en/live/{sid}").get_data(as_text=True)
    for text in legal(table):  # every legal action is a button, and nothing else
        assert f'name="action" value="{text}"' in page
    assert page.count('name="action"') == len(legal(table))
    board = teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    assert 'data-answers="0"' in board
    assert board.count('data-card="') == len(table.view().hand)  # the class's cards face up, the bot's hidden
    assert "card-back" in board

    options = legal(table)
    first, second = options[0], options[1]
    assert vote(a, sid, found.question, second).status_code == 303
    assert vote(a, sid, found.question, first).status_code == 303  # a changes the vote
    assert vote(b, sid, found.question, first).status_code == 303
    assert vote(b, sid, found.question, first).status_code == 303  # a double post: one vote
    with app.app_context():
        assert db.session.query(LiveAnswer).count() == 2
    assert 'data-answers="2"' in teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    assert "Your vote:" in a.get(f"/en/live/{sid}").get_data(as_text=True)

    version = board_version(teacher, sid)
    assert act(teacher, sid, "close", version).status_code == 303
    assert act(teacher, sid, "close", version).status_code == 409  # a second click: closed once
    tallied, unplayed = stored_table(app, sid)
    assert tallied.state == "tally" and unplayed.version == found.question  # nothing played yet
    assert vote(c, sid, found.question, first).status_code == 409  # the vote is closed
    board = teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    assert "The class&#39;s move: " in board and "2 votes" in board and "data-play-class-move" in board
    version = board_version(teacher, sid)
    assert play(teacher, sid, version).status_code == 303
    assert play(teacher, sid, version).status_code == 409  # a second click: nothing played twice
    after, played = stored_table(app, sid)
    assert after.state == "reveal" and not after.teacher_moves
    entries = played.hand_entries(0)
    assert entries[found.question].action == f"0:{first}" and entries[found.question].by == "learner"
    assert all(e.by == "bot" for e in entries[found.question + 1 :])  # then only the bot answered
    assert played.learner_to_act or played.hand.is_over
    board = teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    assert "The class played" in board and "2 votes" in board
    assert "live-narration" in board  # what happened since the vote, narrated


def test_the_hand_is_played_to_its_end_and_every_close_is_the_engine_s(app, teacher):
    sid, pin = start_bot_session(teacher, seed=11)
    phone = app.test_client()
    join_live(phone, pin)
    assert act(teacher, sid, "start").status_code == 303
    for _ in range(30):
        found, table = stored_table(app, sid)
        if found.state == "ended":
            break
        if found.state == "question":
            # The only player's vote closes the vote at once (everybody has voted); the teacher plays it.
            assert vote(phone, sid, found.question, legal(table)[0]).status_code == 303
            found, table = stored_table(app, sid)
            assert found.state == "tally"
            assert play(teacher, sid).status_code == 303
            found, table = stored_table(app, sid)
            assert found.state == "reveal"
        assert act(teacher, sid, "next").status_code == 303
    found, table = stored_table(app, sid)
    assert found.state == "ended" and table.hand.is_over
    board = teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    assert "hx-trigger" not in board and "The whole hand" in board
    # The review compares every decision of the class with the engine's best (the table's replay).
    decisions = [e for e in table.hand_entries(0) if e.by == "learner"]
    assert len(decisions) >= 2  # seed 11: the class decides more than once
    assert f'data-review-count="{len(decisions)}"' in board
    assert board.count('<li class="review-step') == len(decisions)


def test_a_tie_goes_to_the_engine_s_ranking_and_the_board_says_so(app, teacher):
    sid, pin = start_bot_session(teacher)
    a, b, c = (app.test_client() for _ in range(3))
    for phone in (a, b, c):
        join_live(phone, pin)
    act(teacher, sid, "start")
    found, table = stored_table(app, sid)
    options = legal(table)
    vote(a, sid, found.question, options[0])
    vote(b, sid, found.question, options[1])
    ranked = [str(item.action).split(":", 1)[1] for item in bot.learner_hint(table).ranked]
    expected = min(options[:2], key=ranked.index)
    assert act(teacher, sid, "close").status_code == 303
    tally = teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    assert "A tie at " in tally and "so it is the class&#39;s move: " in tally
    assert play(teacher, sid).status_code == 303
    _after, played = stored_table(app, sid)
    assert played.hand_entries(0)[found.question].action == f"0:{expected}"
    board = teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    assert "A tie at " in board and "The engine&#39;s hint ranks" in board and "so the class played it: " in board


def test_bad_votes_are_4xx_and_change_nothing(app, teacher):
    sid, pin = start_bot_session(teacher)
    phone, outsider = app.test_client(), app.test_client()
    join_live(phone, pin)
    assert vote(phone, sid, 0, "7o").status_code == 409  # the lobby: no vote open
    act(teacher, sid, "start")
    found, table = stored_table(app, sid)
    assert vote(phone, sid, found.question, "vale-cuatro").status_code == 400
    assert vote(phone, sid, found.question, "x" * 80).status_code == 400
    assert vote(phone, sid, found.question + 1, legal(table)[0]).status_code == 409
    outsider.get("/en/live")
    assert vote(outsider, sid, found.question, legal(table)[0]).status_code == 404
    with app.app_context():
        assert db.session.query(LiveAnswer).count() == 0


def test_the_bot_board_polls_204_until_a_vote_comes_in(app, teacher):
    sid, pin = start_bot_session(teacher)
    phone, other = app.test_client(), app.test_client()
    join_live(phone, pin)
    join_live(other, pin)
    act(teacher, sid, "start")
    found, table = stored_table(app, sid)
    assert teacher.get(f"/en/teach/live/{sid}/board?v={found.changes}").status_code == 204
    assert phone.get(f"/en/live/{sid}/me?v={found.version}").status_code == 204
    vote(phone, sid, found.question, legal(table)[0])
    changed = teacher.get(f"/en/teach/live/{sid}/board?v={found.changes}")
    assert changed.status_code == 200 and 'data-answers="1"' in changed.get_data(as_text=True)
    assert other.get(f"/en/live/{sid}/me?v={found.version}").status_code == 204  # a vote moves no phone


def test_the_teacher_plays_another_move_and_the_board_and_review_say_so(app, teacher):
    sid, pin = start_bot_session(teacher, seed=11)
    a, b = app.test_client(), app.test_client()
    join_live(a, pin)
    join_live(b, pin)
    act(teacher, sid, "start")
    found, table = stored_table(app, sid)
    options = legal(table)
    vote(a, sid, found.question, options[0])
    vote(b, sid, found.question, options[0])  # everybody voted: the vote closes by itself
    tallied, _table = stored_table(app, sid)
    assert tallied.state == "tally"
    other = options[-1]
    assert other != options[0]
    board = teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    assert f'name="move" value="{other}"' in board and f'name="move" value="{options[0]}"' not in board
    # A move that is not legal now is a 400 and plays nothing.
    assert play(teacher, sid, move="vale-cuatro").status_code == 400
    assert stored_table(app, sid)[0].state == "tally"
    assert play(teacher, sid, move=other).status_code == 303
    after, played = stored_table(app, sid)
    assert played.hand_entries(0)[found.question].action == f"0:{other}"
    assert played.hand_entries(0)[found.question].by == "learner"
    assert after.state == "reveal" and after.teacher_moves == {str(found.question): options[0]}
    board = teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    assert "The teacher played another move" in board and "(the class&#39;s move: " in board
    # To the end of the hand, the class's own moves: the review names the teacher's move only.
    for _ in range(30):
        found, table = stored_table(app, sid)
        if found.state == "ended":
            break
        if found.state == "question":
            vote(a, sid, found.question, legal(table)[0])
            vote(b, sid, found.question, legal(table)[0])
            assert play(teacher, sid).status_code == 303
        else:
            assert act(teacher, sid, "next").status_code == 303
    board = teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    assert board.count("data-teacher-move") == 1 and "the class had voted: " in board


def test_play_is_refused_outside_a_tally_and_for_a_quiz(app, teacher):
    sid, pin = start_bot_session(teacher)
    join_live(app.test_client(), pin)
    assert play(teacher, sid).status_code == 409  # the lobby
    act(teacher, sid, "start")
    assert play(teacher, sid).status_code == 409  # the vote is still open
    assert stored_table(app, sid)[0].state == "question"
    quiz, _pin = start_session(teacher)
    act(teacher, quiz, "start")
    assert play(teacher, quiz).status_code == 400  # a quiz has no moves to play
