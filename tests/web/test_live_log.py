"""Live answers in the pupils' learning logs and reviews, and the teacher's summary after the end:
each pupil's final answer to a closed question is logged once (source ``live``), a wrong one comes
due in the pupil's review, a repeated close or the end logs nothing twice; the summary has each
question's share right and each pupil's score (no names on the projector for a class of children),
and the CSV export has one row per pupil and question.

The right answers come from the engine (``quiz_questions``), never from the page."""

from __future__ import annotations

import csv
import io
import re
from datetime import timedelta

import pytest

from tests.conftest import answer_form, csrf_token
from tests.web.classroom_helpers import new_class
from tests.web.test_live import TOPIC, act, answer, board_version, join_live, start_session, wrong_answer
from tutor.learning import Source
from tutor.learning.draw import quiz_questions
from tutor.store import db, store_of
from tutor.store.live import LivePlayer

pytestmark = pytest.mark.store


@pytest.fixture
def teacher(app):
    from tests.web.classroom_helpers import sign_up

    client = app.test_client()
    assert sign_up(client).status_code in (200, 303)
    return client


def learner_of(app, nickname_index: int) -> int:
    with app.app_context():
        return db.session.query(LivePlayer).order_by(LivePlayer.id).all()[nickname_index].learner_id


def live_attempts(app, learner_id: int):
    with app.app_context():
        return [a for a in store_of(app).attempts.of_learner(learner_id) if a.source is Source.LIVE]


def test_closed_answers_are_logged_once_and_a_wrong_one_comes_due(app, teacher):
    sid, pin = start_session(teacher, size=3)
    drawn = quiz_questions(TOPIC, 42)[:3]
    a, b = app.test_client(), app.test_client()
    join_live(a, pin)
    join_live(b, pin)
    act(teacher, sid, "start")
    q = drawn[0].question
    assert answer(a, sid, 0, answer_form(q, q.expected)).status_code == 303
    assert answer(b, sid, 0, answer_form(q, q.expected)).status_code == 303
    assert answer(b, sid, 0, answer_form(q, wrong_answer(q))).status_code == 303  # changed: the last counts
    version = board_version(teacher, sid)
    assert live_attempts(app, learner_of(app, 0)) == []  # nothing logged while the question is open
    assert act(teacher, sid, "close", version).status_code == 303
    assert act(teacher, sid, "close", version).status_code == 409  # a second tab: nothing logged twice
    assert live_attempts(app, learner_of(app, 0)) == []  # the phones log their own, when they draw the reveal
    for phone in (a, b, a):  # the reveal drawn (and a reload): each answer logged once
        assert phone.get(f"/en/live/{sid}").status_code == 200
    mine, theirs = live_attempts(app, learner_of(app, 0)), live_attempts(app, learner_of(app, 1))
    assert [(x.item, x.correct) for x in mine] == [(drawn[0].item, True)]
    assert [(x.item, x.correct) for x in theirs] == [(drawn[0].item, False)]
    assert act(teacher, sid, "end").status_code == 303  # the end logs what is left, not these again
    assert len(live_attempts(app, learner_of(app, 1))) == 1
    with app.app_context():
        progress = store_of(app).progress.one(learner_of(app, 1))
        due = progress.due_for_review(store_of(app).now() + timedelta(minutes=5))
        right_due = (
            store_of(app).progress.one(learner_of(app, 0)).due_for_review(store_of(app).now() + timedelta(minutes=5))
        )
    assert drawn[0].item in due and drawn[0].item not in right_due  # a wrong live answer comes back within minutes


def test_the_next_close_logs_what_a_phone_that_went_away_left(app, teacher):
    sid, pin = start_session(teacher, size=3)
    drawn = quiz_questions(TOPIC, 42)[:3]
    a, gone = app.test_client(), app.test_client()
    join_live(a, pin)
    join_live(gone, pin)
    act(teacher, sid, "start")
    q0 = drawn[0].question
    answer(a, sid, 0, answer_form(q0, q0.expected))
    answer(gone, sid, 0, answer_form(q0, wrong_answer(q0)))  # then the phone is put away
    act(teacher, sid, "close")
    assert a.get(f"/en/live/{sid}/me?v=0").status_code == 200
    assert [(x.item, x.correct) for x in live_attempts(app, learner_of(app, 0))] == [(drawn[0].item, True)]
    assert live_attempts(app, learner_of(app, 1)) == []
    act(teacher, sid, "next")
    act(teacher, sid, "close")  # the second question's close logs the first's answers still left
    assert [(x.item, x.correct) for x in live_attempts(app, learner_of(app, 1))] == [(drawn[0].item, False)]
    assert len(live_attempts(app, learner_of(app, 0))) == 1


def test_ending_during_a_question_logs_its_answers_once(app, teacher):
    sid, pin = start_session(teacher, size=3)
    drawn = quiz_questions(TOPIC, 42)[:3]
    a = app.test_client()
    join_live(a, pin)
    act(teacher, sid, "start")
    q = drawn[0].question
    answer(a, sid, 0, answer_form(q, wrong_answer(q)))
    assert act(teacher, sid, "end").status_code == 303
    assert [(x.item, x.correct) for x in live_attempts(app, learner_of(app, 0))] == [(drawn[0].item, False)]


def run_two_questions(app, teacher, klass: str = "") -> tuple[str, list]:
    """Two pupils, two questions: the first answers both right, the second one wrong and one not at all."""
    sid, pin = start_session(teacher, size=3, klass=klass)
    drawn = quiz_questions(TOPIC, 42)[:3]
    phones = [app.test_client(), app.test_client()]
    for phone in phones:
        join_live(phone, pin)
    act(teacher, sid, "start")
    q0, q1 = drawn[0].question, drawn[1].question
    answer(phones[0], sid, 0, answer_form(q0, q0.expected))
    answer(phones[1], sid, 0, answer_form(q0, wrong_answer(q0)))
    act(teacher, sid, "close")
    act(teacher, sid, "next")
    answer(phones[0], sid, 1, answer_form(q1, q1.expected))
    act(teacher, sid, "close")
    act(teacher, sid, "end")
    return sid, phones


def nicknames(app) -> list[str]:
    with app.app_context():
        return [p.nickname for p in db.session.query(LivePlayer).order_by(LivePlayer.id)]


def test_the_summary_has_each_question_s_share_and_each_pupil_s_score(app, teacher):
    sid, _phones = run_two_questions(app, teacher)
    page = teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    first, second = nicknames(app)
    assert 'data-question-share="1">50' in page  # one of two right
    assert 'data-question-share="2">100' in page  # one of one right
    assert f'data-pupil="{first}" data-score="2"' in page
    assert f'data-pupil="{second}" data-score="0"' in page
    rows = re.findall(r'data-pupil="([^"]+)"', page)
    assert rows == sorted(rows, key=str.casefold)  # in the order of the nicknames, not ranked


def test_a_class_of_children_shows_no_names_on_the_projector(app, teacher):
    cid = new_class(teacher, age="children")
    sid, _phones = run_two_questions(app, teacher, klass=cid)
    page = teacher.get(f"/en/teach/live/{sid}").get_data(as_text=True)
    for name in nicknames(app):
        assert f'data-pupil="{name}"' not in page
    assert "data-pupil-scores" in page  # the scores, without names (how many got how many right)


def test_the_csv_has_a_row_per_pupil_and_question(app, teacher):
    sid, _phones = run_two_questions(app, teacher)
    response = teacher.post(
        f"/en/teach/live/{sid}/export.csv", data={"csrf_token": csrf_token(teacher, f"/en/teach/live/{sid}")}
    )
    assert response.status_code == 200 and response.mimetype == "text/csv"
    text = response.get_data(as_text=True)
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    first, second = nicknames(app)
    body = rows[1:]
    assert len(body) == 2 * 2  # every pupil, every question asked (an unanswered one too), not the one never shown
    by_key = {(r[0], r[1]): r for r in body}
    assert by_key[(first, "1")][3] == "yes" and by_key[(second, "1")][3] == "no"
    assert by_key[(second, "2")][2] == ""  # did not answer


def test_the_csv_is_the_host_s_only_and_needs_the_csrf_token(app, teacher):
    sid, _phones = run_two_questions(app, teacher)
    assert teacher.post(f"/en/teach/live/{sid}/export.csv").status_code == 400
    outsider = app.test_client()
    outsider.get("/en/live")
    token = csrf_token(outsider, "/en/live")
    assert outsider.post(f"/en/teach/live/{sid}/export.csv", data={"csrf_token": token}).status_code == 404
