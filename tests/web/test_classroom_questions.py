"""A topic quiz set with the same questions for everyone: per question, the share right, the most
common wrong answers with the engine's word on them, the projector link, and the CSV (issue 17)."""

from __future__ import annotations

import csv
import io
import re

import pytest

from tests.conftest import csrf_token, find_all
from tests.web.classroom_helpers import cheap_hashes, join, join_code, new_class, sign_up, token
from tests.web.test_lessons import wrong_answer
from tests.web.test_quiz import take
from tutor.learning import TOPICS
from tutor.learning.draw import quiz_questions
from tutor.store import store_of
from tutor.web.components.questions import answer_text

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

TOPIC = next(topic.key for topic in TOPICS if topic.key == "envido-counting")


@pytest.fixture(autouse=True)
def _cheap_hashes(monkeypatch):
    cheap_hashes(monkeypatch)


@pytest.fixture
def room(app):
    teacher = app.test_client()
    sign_up(teacher)
    cid = new_class(teacher)
    code = join_code(teacher, cid)
    pupils = [app.test_client() for _ in range(3)]
    for pupil in pupils:
        assert join(pupil, code).status_code == 303
    return teacher, cid, pupils


def assign_quiz(teacher, cid: str, same: bool = True) -> str:
    data = {"csrf_token": token(teacher, f"/en/teach/classes/{cid}"), "what": f"quiz:{TOPIC}"}
    if same:
        data["same"] = "1"
    assert teacher.post(f"/en/teach/classes/{cid}/assignments", data=data).status_code == 303
    html = teacher.get(f"/en/teach/classes/{cid}").get_data(as_text=True)
    return re.findall(rf"/en/teach/classes/{cid}/assignments/([0-9a-f]+)\"", html)[-1]


def seed_on_class_page(pupil, cid: str) -> int:
    """The seed in the link the pupil's class page gives to the quiz."""
    html = pupil.get(f"/en/class/{cid}").get_data(as_text=True)
    found = re.search(rf"/en/quiz/{TOPIC}\?seed=(\d+)", html)
    assert found, "the assignment's link carries no seed"
    return int(found.group(1))


def question_rows(html: str) -> dict[int, str]:
    return {int(n): row for n, row in re.findall(r'<tr data-question="(\d+)">(.*?)</tr>', html, re.S)}


def test_per_question_share_right_and_wrong_answers(app, room):
    teacher, cid, pupils = room
    aid = assign_quiz(teacher, cid)
    seed = seed_on_class_page(pupils[0], cid)
    assert seed_on_class_page(pupils[1], cid) == seed  # the same questions for everyone
    take(pupils[0], TOPIC, seed)
    take(pupils[1], TOPIC, seed, wrong={0})
    take(pupils[2], TOPIC, seed, wrong={0, 1})
    take(pupils[2], TOPIC, seed)  # a second try is practice: it does not count
    page = teacher.get(f"/en/teach/classes/{cid}/assignments/{aid}")
    assert page.status_code == 200
    rows = question_rows(page.get_data(as_text=True))
    assert len(rows) == len(quiz_questions(TOPIC, seed))
    assert 'data-right="1" data-answered="3"' in rows[1]
    assert 'data-right="2" data-answered="3"' in rows[2]
    assert 'data-right="3" data-answered="3"' in rows[3]
    first = quiz_questions(TOPIC, seed)[0]
    wrong = find_all(rows[1], "li")
    assert len(wrong) == 1 and "2 pupils" in wrong[0].text
    given = answer_text(first.question, wrong_answer(first.question), app.config["CARD_FACES"][0])
    assert wrong[0].text.startswith(given)  # the wrong answer the two gave (tests/web/test_lessons.py)
    assert wrong[0].text.split("):", 1)[1].strip()  # and the engine's word on it
    assert "<li>" not in rows[3]  # nobody got question 3 wrong
    # The projector link shows that very question: its step, with its seed.
    link = find_all(rows[1], "a")[0].attrs["href"]
    assert f"seed={first.seed}" in link and link.startswith(f"/en/lessons/{first.lesson}/present/")
    assert teacher.get(link).status_code == 200


def test_the_per_question_csv(app, room):
    teacher, cid, pupils = room
    aid = assign_quiz(teacher, cid)
    seed = seed_on_class_page(pupils[0], cid)
    take(pupils[0], TOPIC, seed, wrong={0})
    path = f"/en/teach/classes/{cid}/assignments/{aid}/questions.csv"
    assert teacher.post(path).status_code == 400  # no CSRF token
    response = teacher.post(path, data={"csrf_token": csrf_token(teacher, f"/en/teach/classes/{cid}")})
    assert response.status_code == 200 and response.mimetype == "text/csv"
    text = response.get_data().decode("utf-8")
    assert text.startswith("\ufeff")
    table = list(csv.reader(io.StringIO(text[1:])))
    assert table[0][0] == "Question" and len(table) == 1 + len(quiz_questions(TOPIC, seed))
    assert table[1][2:5] == ["1", "0", "0"] and table[1][7] == "1"
    # German spreadsheets expect semicolons.
    german = teacher.post(
        f"/de/teach/classes/{cid}/assignments/{aid}/questions.csv",
        data={"csrf_token": csrf_token(teacher, f"/en/teach/classes/{cid}")},
    )
    assert german.get_data().decode("utf-8").splitlines()[0].count(";") >= 8


def test_own_variants_have_no_question_table_and_outsiders_get_404(app, room):
    teacher, cid, pupils = room
    aid = assign_quiz(teacher, cid, same=False)
    html = pupils[0].get(f"/en/class/{cid}").get_data(as_text=True)
    assert f"/en/quiz/{TOPIC}?seed=" not in html  # each pupil draws their own
    page = teacher.get(f"/en/teach/classes/{cid}/assignments/{aid}").get_data(as_text=True)
    assert "data-question-table" not in page and "own variant" in page
    token_ = csrf_token(teacher, f"/en/teach/classes/{cid}")
    assert (
        teacher.post(
            f"/en/teach/classes/{cid}/assignments/{aid}/questions.csv", data={"csrf_token": token_}
        ).status_code
        == 404
    )
    same = assign_quiz(teacher, cid)
    other = app.test_client()
    sign_up(other, login="kowalski")
    for client in (other, pupils[0], app.test_client()):
        path = f"/en/teach/classes/{cid}/assignments/{same}/questions.csv"
        assert client.post(path, data={"csrf_token": csrf_token(client, "/en/join")}).status_code == 404
    with app.app_context():
        found = store_of(app).classroom.class_by_public_id(cid)
        seeds = [a.seed for a in store_of(app).classroom.assignments(found.id)]
    assert sorted(s is None for s in seeds) == [False, True]
