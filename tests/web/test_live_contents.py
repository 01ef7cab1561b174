"""The contents a live session can ask besides a topic quiz, through the web (Flask's test client, no
JavaScript): the exam, the checks of one lesson, an envido drill and a seña round; the new-session
form's bad input; the class's share and top five between questions; and the summary's "Assign the
missed steps" for a class.

The expectations come from outside the code under test: a lesson's checked steps are read from the
lesson file's steps, an envido is counted by the engine from the cards the question shows, the
meaning of a seña is looked up in this file's copy of the seña table of docs/rules/decisions.md,
and the right answer of each question is the engine's (``live_questions`` draws what the session
asks; a right answer posted from a phone must come back right)."""

from __future__ import annotations

import re

import pytest
from werkzeug.datastructures import MultiDict

from tests.conftest import answer_form, csrf_token
from tests.web.classroom_helpers import join, join_code, new_class, sign_up
from tests.web.test_live import act, answer, join_live, wrong_answer
from tutor.content import get_lesson
from tutor.engine.cards import parse_cards
from tutor.engine.envido import envido
from tutor.learning import EXAM, Source
from tutor.learning.draw import live_questions, quiz_questions
from tutor.store import db, store_of
from tutor.store.classroom import Assignment
from tutor.store.live import LivePlayer, LiveSession

pytestmark = pytest.mark.store

SEED = 7

# docs/rules/decisions.md, "Señas (the computer players' set)": the face drawn -> the cards it stands for,
# and the answer shown on the phone -> the cards it names.
FACE_MEANS = {
    "eyebrows": "1e",
    "wink": "1b",
    "mouth_right": "7e",
    "mouth_left": "7o",
    "bite_lip": "3e 3b 3o 3c",
    "kiss": "2e 2b 2o 2c",
    "mouth_open": "1o 1c",
}
ANSWER_MEANS = {
    "The ace of espadas": "1e",
    "The ace of bastos": "1b",
    "The seven of espadas": "7e",
    "The seven of oros": "7o",
    "A three": "3e 3b 3o 3c",
    "A two": "2e 2b 2o 2c",
    "A false ace (oros or copas)": "1o 1c",
}


@pytest.fixture
def teacher(app):
    client = app.test_client()
    assert sign_up(client).status_code in (200, 303)
    return client


def new_form(client, **fields):
    data = {"csrf_token": csrf_token(client, "/en/teach/live/new"), "seed": str(SEED), **fields}
    return client.post("/en/teach/live/new", data=data)


def open_session(client, **fields) -> tuple[str, str]:
    response = new_form(client, **fields)
    assert response.status_code == 303, response.get_data(as_text=True)
    sid = response.headers["Location"].rstrip("/").rsplit("/", 1)[1]
    html = client.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    pin = re.search(r'data-live-pin="(\d{6})"', html)
    assert pin, "no PIN on the projector"
    return sid, pin.group(1)


def stored(app, sid: str) -> LiveSession:
    with app.app_context():
        found = db.session.query(LiveSession).filter_by(public_id=sid).one()
        db.session.expunge(found)
        return found


def run_through(app, teacher, sid: str, pin: str, questions, asked: int | None = None) -> None:
    """One phone answers the first ``asked`` questions (all by default) right; each must come back right."""
    phone = app.test_client()
    join_live(phone, pin)
    act(teacher, sid, "start")
    total = len(questions)
    for index, drawn in enumerate(questions[:asked]):
        board = teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
        assert f"Question {index + 1} of {total}" in board
        q = drawn.question
        assert answer(phone, sid, index, answer_form(q, q.expected)).status_code == 303
        act(teacher, sid, "close")
        assert 'data-result="right"' in phone.get(f"/en/live/{sid}").get_data(as_text=True), index
        act(teacher, sid, "next")
    if asked is None:
        assert f'data-score="{total}"' in phone.get(f"/en/live/{sid}").get_data(as_text=True)


# --- Each content -------------------------------------------------------------------------------------


def test_the_exam_asks_the_mixed_exams_questions_up_to_twenty(app, teacher):
    sid, pin = open_session(teacher, content="exam", size="20")
    found = stored(app, sid)
    assert (found.quiz, found.size) == ("exam", 20)
    questions = live_questions("exam", SEED, 20)
    assert [d.item for d in questions] == [d.item for d in quiz_questions(EXAM, SEED)[:20]]
    assert len({d.lesson for d in questions}) > 5  # mixed: many lessons
    run_through(app, teacher, sid, pin, questions, asked=3)


def test_a_lessons_checks_ask_every_checked_step_once_in_order(app, teacher):
    lesson = get_lesson("pairs-and-trios")
    wanted = [f"{lesson.key}/{step.key}" for step in lesson.steps if step.check is not None]
    sid, pin = open_session(teacher, content="lesson", lesson=lesson.key, size="3")  # the size does not apply
    found = stored(app, sid)
    assert (found.quiz, found.size) == (f"lesson:{lesson.key}", len(wanted))
    questions = live_questions(found.quiz, SEED, found.size)
    assert [d.item for d in questions] == wanted
    run_through(app, teacher, sid, pin, questions)
    pupil = db_learners(app, sid)[0]
    with app.app_context():
        logged = [a.item for a in store_of(app).attempts.of_learner(pupil) if a.source is Source.LIVE]
    assert sorted(logged) == sorted(wanted)  # each answer in the log under its step


def test_lesson_one_is_offered_and_its_checks_are_asked(app, teacher):
    page = teacher.get("/en/teach/live/new").get_data(as_text=True)
    assert '<option value="deck-and-table">' in page
    lesson = get_lesson("deck-and-table")
    sid, _pin = open_session(teacher, content="lesson", lesson=lesson.key)
    found = stored(app, sid)
    assert found.size == sum(1 for step in lesson.steps if step.check is not None) > 0


def test_the_envido_drill_asks_the_envido_of_a_different_hand_each_time(app, teacher):
    sid, pin = open_session(teacher, content="envido-drill", size="10")
    found = stored(app, sid)
    questions = live_questions(found.quiz, found.seed, found.size)
    assert len(questions) == 10
    hands = set()
    for drawn in questions:
        q = drawn.question
        assert q.kind == "envido_value" and q.answer_type.value == "number"
        assert q.expected == envido(q.situation.cards).points  # the engine's count of the cards shown
        hands.add(frozenset(q.situation.cards))
    assert len(hands) == 10
    run_through(app, teacher, sid, pin, questions, asked=3)


def test_a_sena_round_shows_a_sena_and_the_phones_choose_its_meaning(app, teacher):
    sid, pin = open_session(teacher, content="senas", size="5")
    right, wrong = app.test_client(), app.test_client()
    join_live(right, pin)
    join_live(wrong, pin)
    act(teacher, sid, "start")
    faces = []
    for index in range(5):
        board = teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
        face = re.search(r'data-sena="([a-z_]+)"', board).group(1)
        faces.append(face)
        assert 'class="sena-face' in board and 'width="200"' in board  # drawn large on the projector
        phone = right.get(f"/en/live/{sid}").get_data(as_text=True)
        options = dict(
            (label, value) for value, label in re.findall(r'name="answer" value="([a-z_]+)"[^>]*>([^<]+)<', phone)
        )
        assert set(options) == set(ANSWER_MEANS)  # the seven meanings to choose from
        meant = next(label for label, cards in ANSWER_MEANS.items() if cards == FACE_MEANS[face])
        other = next(label for label in options if label != meant)
        assert answer(right, sid, index, {"answer": options[meant]}).status_code == 303
        assert answer(wrong, sid, index, {"answer": options[other]}).status_code == 303
        act(teacher, sid, "close")
        assert 'data-result="right"' in right.get(f"/en/live/{sid}").get_data(as_text=True)
        assert 'data-result="wrong"' in wrong.get(f"/en/live/{sid}").get_data(as_text=True)
        act(teacher, sid, "next")
    assert len(set(faces)) == 5  # a different seña each time
    assert [parse_cards(FACE_MEANS[f]) for f in faces] == [
        d.question.explanation.cards for d in live_questions("senas", SEED, 5)
    ]


def test_the_old_topic_quiz_still_asks_the_quizs_first_questions(app, teacher):
    sid, pin = open_session(teacher, quiz="card-ranking", size="3")  # no content field: a topic quiz
    assert stored(app, sid).quiz == "card-ranking"
    assert live_questions("card-ranking", SEED, 3) == quiz_questions("card-ranking", SEED)[:3]
    run_through(app, teacher, sid, pin, live_questions("card-ranking", SEED, 3))


def db_learners(app, sid: str) -> list[int]:
    with app.app_context():
        found = db.session.query(LiveSession).filter_by(public_id=sid).one()
        return [
            p.learner_id for p in db.session.query(LivePlayer).filter_by(session_id=found.id).order_by(LivePlayer.id)
        ]


# --- The form's bad input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "fields, says",
    [
        ({"content": "exam", "size": "7"}, "This content asks 3, 5, 10, or 20 questions"),
        ({"content": "senas", "size": "10"}, "This content asks 3, 5, or 7 questions"),
        ({"content": "envido-drill", "size": "20"}, "This content asks 3, 5, or 10 questions"),
        ({"content": "topic", "quiz": "nope", "size": "5"}, "Choose the topic of the quiz."),
        ({"content": "lesson", "lesson": "nope"}, "Choose the lesson whose checks the session asks."),
        ({"content": "dance", "size": "5"}, "Choose what the session asks"),
        ({"content": "exam", "size": "5", "seed": "12ab"}, "The seed is a whole number"),
    ],
)
def test_bad_input_is_a_400_that_keeps_the_form(app, teacher, fields, says):
    response = new_form(teacher, **fields)
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and says in html
    content = fields["content"]
    if content in ("exam", "senas", "envido-drill", "topic", "lesson"):
        assert re.search(rf'value="{content}"\s+checked', html)  # the choice is kept
    assert f'value="{fields.get("seed", SEED)}"' in html
    with app.app_context():
        assert db.session.query(LiveSession).count() == 0


# --- Between questions ------------------------------------------------------------------------------


def test_the_reveal_shows_the_share_so_far_and_the_top_five(app, teacher):
    sid, pin = open_session(teacher, content="envido-drill", size="3")
    questions = live_questions("envido-drill", SEED, 3)
    phones = [app.test_client() for _ in range(3)]
    for phone in phones:
        join_live(phone, pin)
    act(teacher, sid, "start")
    q = questions[0].question
    # two right, one wrong: 67 % so far; the two right share the first place, the wrong one is not listed
    for phone, given in zip(phones, (q.expected, q.expected, wrong_answer(q)), strict=True):
        answer(phone, sid, 0, answer_form(q, given))
    act(teacher, sid, "close")
    board = teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    assert 'data-so-far="67"' in board and "So far the class got 67 % of its answers right." in board
    places = re.findall(r'data-place="(\d+)" data-top-name="([^"]+)"', board)
    with app.app_context():
        nicknames = [p.nickname for p in db.session.query(LivePlayer).order_by(LivePlayer.id)]
    assert sorted(places) == sorted([("1", nicknames[0]), ("1", nicknames[1])])  # never a bottom list


def test_a_class_of_children_sees_the_share_but_no_names(app, teacher):
    cid = new_class(teacher, age="children")
    sid, pin = open_session(teacher, content="envido-drill", size="3", **{"class": cid})
    phone = app.test_client()
    join_live(phone, pin)
    act(teacher, sid, "start")
    q = live_questions("envido-drill", SEED, 3)[0].question
    answer(phone, sid, 0, answer_form(q, q.expected))
    act(teacher, sid, "close")
    board = teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    assert 'data-so-far="100"' in board
    assert "data-top" not in board and "Top five" not in board


# --- Assign the missed steps ------------------------------------------------------------------------


def ended_class_session(app, teacher) -> tuple[str, str, list[str]]:
    """A class's lesson session in which a pupil of the class got two steps wrong; (class id, session
    id, the items missed)."""
    cid = new_class(teacher, age="teens")
    pupil = app.test_client()
    join(pupil, join_code(teacher, cid))
    sid, pin = open_session(teacher, content="lesson", lesson="envido-counting", **{"class": cid})
    questions = live_questions("lesson:envido-counting", SEED, stored(app, sid).size)
    join_live(pupil, pin)
    act(teacher, sid, "start")
    for index, drawn in enumerate(questions):
        q = drawn.question
        given = wrong_answer(q) if index in (1, 3) else q.expected
        assert answer(pupil, sid, index, answer_form(q, given)).status_code == 303
        act(teacher, sid, "close")
        act(teacher, sid, "next")
    return cid, sid, [questions[1].item, questions[3].item]


def assign_form(html: str) -> tuple[str, list[tuple[str, str]]]:
    form = re.search(r'<form method="post" action="([^"]+assign-steps)"[^>]*>(.*?)</form>', html, re.S)
    assert form, "no assign button on the summary"
    fields = re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form.group(2))
    return form.group(1), fields


def test_the_summary_assigns_the_missed_steps_once(app, teacher):
    cid, sid, missed = ended_class_session(app, teacher)
    summary = teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    assert re.findall(r'data-missed-item="([^"]+)"', summary) == missed
    assert "Assign the steps answered wrong" in summary
    url, fields = assign_form(summary)
    assert [value for name, value in fields if name == "item"] == missed
    first = teacher.post(url, data=MultiDict(fields))
    assert first.status_code == 303 and first.headers["Location"].endswith(f"/teach/classes/{cid}#assignments-title")
    again = teacher.post(url, data=MultiDict(fields))  # a double click: the same form
    assert again.status_code == 303
    with app.app_context():
        rows = db.session.query(Assignment).all()
        assert [(a.kind, a.target) for a in rows] == [("lesson", "envido-counting")]
    assert "This work is already set." in teacher.get(again.headers["Location"]).get_data(as_text=True)


def test_another_teacher_cannot_assign_to_the_class(app, teacher):
    _cid, sid, _missed = ended_class_session(app, teacher)
    url, fields = assign_form(teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True))
    other = app.test_client()
    sign_up(other, login="other", name="Mr Other")
    stranger = app.test_client()
    for client in (other, stranger):
        token = csrf_token(client, "/en/live")
        posted = [(n, v) for n, v in fields if n != "csrf_token"] + [("csrf_token", token)]
        assert client.post(url, data=MultiDict(posted)).status_code == 404
        assert client.get(f"/en/teach/live/{sid}").status_code == 404
    with app.app_context():
        assert db.session.query(Assignment).count() == 0


def test_no_assign_button_without_a_class_or_without_a_miss(app, teacher):
    sid, pin = open_session(teacher, content="envido-drill", size="3")
    phone = app.test_client()
    join_live(phone, pin)
    act(teacher, sid, "start")
    q = live_questions("envido-drill", SEED, 3)[0].question
    answer(phone, sid, 0, answer_form(q, wrong_answer(q)))
    act(teacher, sid, "close")
    act(teacher, sid, "end")
    summary = teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    assert "data-missed-item" in summary and "assign-steps" not in summary  # no class: nothing to assign to
