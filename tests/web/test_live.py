"""Live sessions through the web (Flask's test client, no JavaScript): a teacher opens a lobby, phones
join by PIN, answer, change an answer, the teacher closes and reveals, the phones see their result,
the summary; and the bad inputs: a wrong PIN, a locked lobby, a kicked phone, a closed question, a
forged answer, an outsider on the teacher's routes, a stale version (two tabs), PIN guessing.

The right answers come from the engine (``quiz_questions`` draws the same questions the session
asks), never from the page."""

from __future__ import annotations

import re

import pytest

from tests.conftest import answer_form, csrf_token, make_app
from tests.web.classroom_helpers import join, join_code, new_class, sign_up
from tutor.content.checks import AnswerType
from tutor.learning import TOPICS
from tutor.learning.draw import quiz_questions
from tutor.store import db, store_of
from tutor.store.live import LiveAnswer, LiveSession

pytestmark = pytest.mark.store

TOPIC = TOPICS[2].key


def start_session(client, size: int = 3, seed: int = 42, klass: str = "") -> tuple[str, str]:
    """A signed-in teacher's client opens a lobby; (session id, PIN)."""
    response = client.post(
        "/en/teach/live/new",
        data={
            "csrf_token": csrf_token(client, "/en/teach/live/new"),
            "class": klass,
            "quiz": TOPIC,
            "size": str(size),
            "seed": str(seed),
        },
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    sid = response.headers["Location"].rstrip("/").rsplit("/", 1)[1]
    html = client.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    found = re.search(r'data-live-pin="(\d{6})"', html)
    assert found, "no PIN on the projector"
    return sid, found.group(1)


def board_version(client, sid: str) -> int:
    html = client.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    found = re.search(r'data-version="(\d+)"', html)
    assert found, "no version on the board"
    return int(found.group(1))


def act(client, sid: str, action: str, version: int | None = None):
    version = board_version(client, sid) if version is None else version
    return client.post(
        f"/en/teach/live/{sid}/act",
        data={"csrf_token": csrf_token(client, f"/en/teach/live/{sid}"), "action": action, "version": str(version)},
    )


def join_live(client, pin: str, lang: str = "en"):
    return client.post(f"/{lang}/live", data={"csrf_token": csrf_token(client, f"/{lang}/live"), "pin": pin})


def answer(client, sid: str, question: int, fields: dict, lang: str = "en"):
    return client.post(
        f"/{lang}/live/{sid}/answer",
        data={"csrf_token": csrf_token(client, f"/{lang}/live/{sid}"), "question": str(question), **fields},
    )


def wrong_answer(question):
    """An answer the engine judges wrong, for the question's kind."""
    kind = question.answer_type
    if kind is AnswerType.CHOICE:
        return next(o.value for o in question.options if o.value != question.expected)
    if kind is AnswerType.NUMBER:
        return int(question.expected) + 1
    if kind is AnswerType.CHOICES:
        values = {o.value for o in question.options}
        return frozenset(values - set(question.expected)) or frozenset()
    if kind is AnswerType.ORDER:
        return tuple(reversed(question.expected))
    from tutor.content.checks import Points

    return Points(question.expected.points + 1, question.expected.team)


@pytest.fixture
def teacher(app):
    client = app.test_client()
    assert sign_up(client).status_code in (200, 303)
    return client


def phones(app, n: int):
    return [app.test_client() for _ in range(n)]


def test_a_whole_session_from_the_lobby_to_the_summary(app, teacher):
    sid, pin = start_session(teacher)
    drawn = quiz_questions(TOPIC, 42)[:3]
    lobby = teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    assert 'src="data:image/svg+xml' in lobby  # the QR code of the join link
    assert f"/en/live?pin={pin}" in lobby

    a, b, c = phones(app, 3)
    join_page = a.get("/en/live").get_data(as_text=True)
    assert 'inputmode="numeric"' in join_page
    for phone in (a, b, c):
        response = join_live(phone, pin)
        assert response.status_code == 303 and response.headers["Location"].endswith(f"/live/{sid}")
    assert join_live(a, pin).status_code == 303  # joining again keeps the same player
    lobby = teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    assert lobby.count("data-nickname") == 3

    assert act(teacher, sid, "start").status_code == 303
    question = drawn[0].question
    right, wrong = answer_form(question, question.expected), answer_form(question, wrong_answer(question))
    # a answers wrong, then changes to right; b answers wrong twice (a double click: one row); c does not answer
    assert answer(a, sid, 0, wrong).status_code == 303
    assert answer(a, sid, 0, right).status_code == 303
    assert answer(b, sid, 0, wrong).status_code == 303
    assert answer(b, sid, 0, wrong).status_code == 303
    board = teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    assert 'data-answers="2"' in board
    assert "live-bars" not in board  # no distribution before the close
    with app.app_context():
        assert db.session.query(LiveAnswer).count() == 2

    assert act(teacher, sid, "close").status_code == 303
    assert answer(c, sid, 0, right).status_code == 409  # closed: not counted
    board = teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    assert board.count('<li class="live-bar') == 2  # one right answer (a's), one wrong (b's)
    assert board.count('<li class="live-bar is-right"') == 1
    assert "explanation-headline" in board
    assert 'data-result="right"' in a.get(f"/en/live/{sid}").get_data(as_text=True)
    assert 'data-result="wrong"' in b.get(f"/en/live/{sid}").get_data(as_text=True)
    assert "You did not answer this one." in c.get(f"/en/live/{sid}").get_data(as_text=True)

    for index in (1, 2):
        assert act(teacher, sid, "next").status_code == 303
        q = drawn[index].question
        assert answer(a, sid, index, answer_form(q, q.expected)).status_code == 303
        assert answer(b, sid, index - 1, answer_form(q, q.expected)).status_code == 409  # an old question
        assert act(teacher, sid, "close").status_code == 303
    assert act(teacher, sid, "next").status_code == 303  # after the last: the summary
    summary = teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    assert "live-summary" in summary and "hx-trigger" not in summary  # the poll stops
    assert 'data-score="3"' in a.get(f"/en/live/{sid}").get_data(as_text=True)
    assert 'data-score="0"' in b.get(f"/en/live/{sid}").get_data(as_text=True)
    assert join_live(phones(app, 1)[0], pin).status_code == 404


def test_polls_answer_204_with_no_body_until_something_changes(app, teacher):
    sid, pin = start_session(teacher)
    phone = app.test_client()
    join_live(phone, pin)
    with app.app_context():
        found = db.session.query(LiveSession).one()
        version, changes = found.version, found.changes
    unchanged = teacher.get(f"/en/teach/live/{sid}/board?v={changes}")
    assert unchanged.status_code == 204 and unchanged.data == b""
    assert unchanged.headers["Cache-Control"] == "no-store"
    mine = phone.get(f"/en/live/{sid}/me?v={version}")
    assert mine.status_code == 204 and mine.data == b""
    join_live(app.test_client(), pin)  # a join changes the board, not the phones
    assert teacher.get(f"/en/teach/live/{sid}/board?v={changes}").status_code == 200
    assert phone.get(f"/en/live/{sid}/me?v={version}").status_code == 204
    act(teacher, sid, "start")
    fragment = phone.get(f"/en/live/{sid}/me?v={version}")
    assert fragment.status_code == 200 and 'name="question"' in fragment.get_data(as_text=True)


def test_two_tabs_advancing_at_once_move_the_session_once(app, teacher):
    sid, pin = start_session(teacher)
    version = board_version(teacher, sid)
    assert act(teacher, sid, "start", version).status_code == 303
    assert act(teacher, sid, "start", version).status_code == 409  # the other tab, same version
    version = board_version(teacher, sid)
    assert act(teacher, sid, "close", version).status_code == 303
    assert act(teacher, sid, "next", version + 1).status_code == 303
    assert act(teacher, sid, "next", version + 1).status_code == 409
    with app.app_context():
        found = db.session.query(LiveSession).one()
        assert (found.state, found.question) == ("question", 1)
    assert act(teacher, sid, "close", version + 100).status_code == 409
    assert act(teacher, sid, "dance", version).status_code == 400
    assert act(teacher, sid, "next", 0).status_code == 409  # a legal action in the wrong state


def test_kicked_phones_and_locked_lobbies_keep_people_out(app, teacher):
    sid, pin = start_session(teacher)
    a, b = phones(app, 2)
    join_live(a, pin)
    html = teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    player = re.search(r'name="player" value="(\d+)"', html).group(1)
    kicked = teacher.post(
        f"/en/teach/live/{sid}/kick",
        data={
            "csrf_token": csrf_token(teacher, f"/en/teach/live/{sid}"),
            "version": board_version(teacher, sid),
            "player": player,
        },
    )
    assert kicked.status_code == 303
    with app.app_context():
        version = db.session.query(LiveSession).one().version
    assert a.get(f"/en/live/{sid}/me?v={version}").status_code == 200  # the kicked phone learns it
    assert b.get(f"/en/live/{sid}/me?v={version}").status_code == 404  # b has not joined yet
    assert join_live(a, pin).status_code == 403  # a kicked nickname cannot rejoin
    assert "removed you" in a.get(f"/en/live/{sid}").get_data(as_text=True)
    assert act(teacher, sid, "lock").status_code == 303
    assert join_live(b, pin).status_code == 403
    assert act(teacher, sid, "unlock").status_code == 303
    assert join_live(b, pin).status_code == 303
    act(teacher, sid, "start")
    drawn = quiz_questions(TOPIC, 42)[0].question
    assert answer(a, sid, 0, answer_form(drawn, drawn.expected)).status_code == 403


def test_bad_pins_and_forged_answers_are_4xx(app, teacher):
    sid, pin = start_session(teacher)
    phone = app.test_client()
    wrong = str((int(pin) + 1) % 1_000_000).zfill(6)
    assert join_live(phone, wrong).status_code == 404
    assert join_live(phone, "12ab56").status_code == 404
    assert join_live(phone, "").status_code == 404
    assert phone.get(f"/en/live/{sid}").status_code == 404  # not a player
    assert join_live(phone, pin).status_code == 303
    assert answer(phone, sid, 0, {"answer": "x"}).status_code == 409  # still in the lobby
    act(teacher, sid, "start")
    assert answer(phone, sid, 0, {"answer": "no-such-option", "place-zz": "9"}).status_code == 400
    assert answer(phone, sid, 0, {}).status_code == 400
    assert answer(phone, sid, "x", {"answer": "1"}).status_code == 400
    no_csrf = phone.post(f"/en/live/{sid}/answer", data={"question": "0", "answer": "1"})
    assert no_csrf.status_code == 400
    with app.app_context():
        assert db.session.query(LiveAnswer).count() == 0


def test_outsiders_get_404_on_every_teacher_route(app, teacher):
    sid, pin = start_session(teacher)
    stranger = app.test_client()
    other = app.test_client()
    sign_up(other, login="other", name="Mr Other")
    for client in (stranger, other):
        assert client.get(f"/en/teach/live/{sid}").status_code == 404
        assert client.get(f"/en/teach/live/{sid}/board?v=0").status_code == 404
        token = csrf_token(client, "/en/live")
        assert (
            client.post(
                f"/en/teach/live/{sid}/act", data={"csrf_token": token, "action": "start", "version": "0"}
            ).status_code
            == 404
        )
        assert (
            client.post(
                f"/en/teach/live/{sid}/kick", data={"csrf_token": token, "player": "1", "version": "0"}
            ).status_code
            == 404
        )
    assert stranger.get("/en/teach/live/new").status_code == 404
    with app.app_context():
        assert db.session.query(LiveSession).one().state == "lobby"


def test_a_pupil_of_the_class_joins_as_themselves_in_their_own_language(app, teacher):
    cid = new_class(teacher)
    code = join_code(teacher, cid)
    pupil = app.test_client()
    join(pupil, code)
    with app.app_context():
        from tutor.store.classroom import ClassMember

        nickname = db.session.query(ClassMember).one().nickname
    sid, pin = start_session(teacher, klass=cid)
    assert join_live(pupil, pin, lang="es").status_code == 303
    assert nickname in teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    act(teacher, sid, "start")
    page = pupil.get(f"/es/live/{sid}").get_data(as_text=True)
    assert 'lang="es"' in page and 'name="question" value="0"' in page


def test_pin_guessing_is_limited_per_address(tmp_path, database_url, monkeypatch):
    from tutor.web.shared.limits import LIMITS, Budget

    monkeypatch.setitem(LIMITS, "pin:address", Budget(3, 0.001))
    app = make_app(tmp_path, database_url, RATE_LIMITS=True)
    guesser = app.test_client()
    codes = [join_live(guesser, f"{n:06d}").status_code for n in range(5)]
    assert codes[:3] == [404, 404, 404] and codes[3:] == [429, 429]
    refused = join_live(guesser, "000009")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    with app.app_context():
        store_of(app)  # the app still answers


def test_a_phone_that_reloads_mid_question_gets_the_same_state_and_its_answer(app, teacher):
    sid, pin = start_session(teacher, seed=42)
    phone = app.test_client()
    join_live(phone, pin)
    act(teacher, sid, "start")
    question = quiz_questions(TOPIC, 42)[0].question
    fields = answer_form(question, wrong_answer(question))
    assert answer(phone, sid, 0, fields).status_code == 303
    again = phone.get(f"/en/live/{sid}").get_data(as_text=True)
    assert 'name="question" value="0"' in again and "data-given" in again
    assert question.answer_type is AnswerType.NUMBER  # the number typed is in its field again
    assert re.search(rf'id="answer-number"[^>]*value="{fields["answer"]}"', again)
