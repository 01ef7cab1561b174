"""Live sessions through the web (Flask's test client, no JavaScript): a teacher opens a lobby, phones
join by PIN, answer, change an answer, the teacher closes and reveals, the phones see their result,
the summary; and the bad inputs: a wrong PIN, a locked lobby, a kicked phone, a closed question, a
forged answer, an outsider on the teacher's routes, a stale version (two tabs), PIN guessing. Every
teacher action from every state (only the legal ones move the session), and requests at the same
moment (threads, each its own client, on the app's database file or PostgreSQL): 40 phones answering
one question, one phone's answer posted twice, two tabs pressing the same button.

The right answers come from the engine (``quiz_questions`` draws the same questions the session
asks), never from the page."""

from __future__ import annotations

import re
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.conftest import answer_form, csrf_token, make_app
from tests.web.classroom_helpers import SESSION_COOKIE, join, join_code, new_class, sign_up
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
    # the next poll asks with the fragment's own hx-get (as htmx does): nothing changed since, so 204
    again = re.search(r'id="live-phone"[^>]*hx-get="([^"]+)"', fragment.get_data(as_text=True)).group(1)
    assert again != f"/en/live/{sid}/me?v={version}"
    unchanged = phone.get(again)
    assert unchanged.status_code == 204 and unchanged.data == b""
    board = teacher.get(f"/en/teach/live/{sid}/board?v={changes}").get_data(as_text=True)
    unchanged = teacher.get(re.search(r'id="live-board"[^>]*hx-get="([^"]+)"', board).group(1))
    assert unchanged.status_code == 204 and unchanged.data == b""


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
    assert act(teacher, sid, "next").status_code == 409  # the current version, but the wrong state


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


# --- The state machine: every action from every state ----------------------------------------------

ACTIONS = ("start", "close", "next", "end", "lock", "unlock")
LEGAL = {
    # state reached -> {action: (the state it moves to, the question shown after)}, written out from
    # the rules in views.py's docstring; every action not listed must change nothing
    "lobby": {"start": ("question", 0), "end": ("ended", 0), "lock": ("lobby", 0), "unlock": ("lobby", 0)},
    "question": {"close": ("reveal", 0), "end": ("ended", 0), "lock": ("question", 0), "unlock": ("question", 0)},
    "reveal": {"next": ("question", 1), "end": ("ended", 0), "lock": ("reveal", 0), "unlock": ("reveal", 0)},
    "last reveal": {"next": ("ended", 2), "end": ("ended", 2), "lock": ("reveal", 2), "unlock": ("reveal", 2)},
    "ended": {},
}
ROUTE = {
    "lobby": [],
    "question": ["start"],
    "reveal": ["start", "close"],
    "last reveal": ["start", "close", "next", "close", "next", "close"],
    "ended": ["end"],
}
"""How a new session of 3 questions gets to each state."""


def snapshot(app, sid: str) -> tuple[str, int, int, bool, int]:
    """(state, question, version, locked, changes) as stored."""
    with app.app_context():
        found = db.session.query(LiveSession).filter_by(public_id=sid).one()
        return found.state, found.question, found.version, found.locked, found.changes


@pytest.mark.parametrize("state", list(LEGAL))
def test_every_action_from_every_state_moves_only_when_legal(app, teacher, state):
    for action in ACTIONS:
        sid, _pin = start_session(teacher)
        for step in ROUTE[state]:
            assert act(teacher, sid, step).status_code == 303
        before = snapshot(app, sid)
        assert before[0] == state.removeprefix("last ")
        stale_versions = {max(before[2] - 1, 0), before[2] + 1} - {before[2]}  # another tab's
        for stale in stale_versions:  # even a legal action stays put
            assert act(teacher, sid, action, stale).status_code == 409
            assert snapshot(app, sid) == before, (state, action, stale)
        response = act(teacher, sid, action, before[2])
        after = snapshot(app, sid)
        if action in LEGAL[state]:
            assert response.status_code == 303, (state, action)
            locked = {"lock": True, "unlock": False}.get(action, before[3])
            assert after[:4] == (*LEGAL[state][action], before[2] + 1, locked), (state, action)
        else:
            assert response.status_code == 409, (state, action)
            assert after == before, (state, action)  # nothing changed, not even the version
            assert f'data-version="{before[2]}"' in response.get_data(as_text=True)


# --- At the same moment ----------------------------------------------------------------------------


def at_once(calls) -> list:
    """Run the calls in threads released together; their results in order."""
    barrier = threading.Barrier(len(calls), timeout=60)

    def run(call):
        barrier.wait()
        return call()

    with ThreadPoolExecutor(max_workers=len(calls)) as pool:
        return list(pool.map(run, calls))


def poster(client, path: str, data: dict):
    """A call that posts ``data`` and gives the status (for :func:`at_once`)."""
    return lambda: client.post(path, data=data).status_code


def second_tab(app, client):
    """Another client with the same session cookie: a second tab of the same browser."""
    tab = app.test_client()
    tab.set_cookie(SESSION_COOKIE, client.get_cookie(SESSION_COOKIE).value)
    return tab


def answer_rows(app, sid: str) -> list[tuple[int, int, dict]]:
    with app.app_context():
        found = db.session.query(LiveSession).filter_by(public_id=sid).one()
        rows = db.session.query(LiveAnswer).filter_by(session_id=found.id).all()
        return [(row.question, row.player_id, row.answer) for row in rows]


def test_forty_phones_answering_one_question_at_once_are_forty_rows_and_a_tally_of_forty(app, teacher):
    sid, pin = start_session(teacher)
    clients = phones(app, 40)
    for phone in clients:
        assert join_live(phone, pin).status_code == 303
    assert act(teacher, sid, "start").status_code == 303
    question = quiz_questions(TOPIC, 42)[0].question
    forms = [answer_form(question, question.expected if n % 2 else wrong_answer(question)) for n in range(40)]
    tokens = [csrf_token(phone, f"/en/live/{sid}") for phone in clients]

    calls = [
        poster(phone, f"/en/live/{sid}/answer", {"csrf_token": token, "question": "0", **form})
        for phone, token, form in zip(clients, tokens, forms, strict=True)
    ]
    assert at_once(calls) == [303] * 40
    rows = answer_rows(app, sid)
    assert len(rows) == 40 and len({player for _q, player, _a in rows}) == 40
    assert 'data-answers="40"' in teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    assert act(teacher, sid, "close").status_code == 303
    board = teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    counts = re.findall(r'<li class="live-bar( is-right)?">.*?class="live-bar-count">(\d+) answers', board, re.S)
    assert sorted(counts) == [("", "20"), (" is-right", "20")]  # 20 right, 20 giving the one wrong answer


def test_a_phone_posting_its_answer_twice_at_once_keeps_one_row(app, teacher):
    sid, pin = start_session(teacher)
    phone = app.test_client()
    assert join_live(phone, pin).status_code == 303
    tab = second_tab(app, phone)
    assert act(teacher, sid, "start").status_code == 303
    question = quiz_questions(TOPIC, 42)[0].question
    right, wrong = answer_form(question, question.expected), answer_form(question, wrong_answer(question))
    token = csrf_token(phone, f"/en/live/{sid}")
    for first, second in ((right, right), (wrong, wrong), (right, wrong), (wrong, right)):  # double clicks, two tabs
        sent = [{"csrf_token": token, "question": "0", **fields} for fields in (first, second)]
        statuses = at_once(
            [poster(c, f"/en/live/{sid}/answer", data) for c, data in zip((phone, tab), sent, strict=True)]
        )
        assert statuses == [303, 303]  # each replaces the answer while the question is open
        rows = answer_rows(app, sid)
        assert len(rows) == 1
        assert rows[0][2] in [{k: [v] if isinstance(v, str) else v for k, v in f.items()} for f in (first, second)]


def test_two_tabs_pressing_the_same_button_at_once_move_the_session_once(app, teacher):
    sid, _pin = start_session(teacher)
    tab = second_tab(app, teacher)
    moves = [("lock", ("lobby", 0)), ("start", ("question", 0)), ("close", ("reveal", 0)), ("next", ("question", 1))]
    for action, moved_to in moves:  # lock: the state stays, only the version tells the two presses apart
        version = snapshot(app, sid)[2]
        calls = [
            poster(c, f"/en/teach/live/{sid}/act", {"csrf_token": token, "action": action, "version": str(version)})
            for c, token in (
                (teacher, csrf_token(teacher, f"/en/teach/live/{sid}")),
                (tab, csrf_token(tab, f"/en/teach/live/{sid}")),
            )
        ]
        statuses = at_once(calls)
        assert sorted(statuses) == [303, 409], action
        assert snapshot(app, sid)[:3] == (*moved_to, version + 1), action
