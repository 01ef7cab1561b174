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
from tests.web.test_quiz import start, take
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


def assignment_rows(teacher, cid: str, aid: str) -> dict[str, list[str]]:
    """The assignment's table: nickname -> [status, score, finished]."""
    html = teacher.get(f"/en/teach/classes/{cid}/assignments/{aid}").get_data(as_text=True)
    table = re.search(r'<table class="assignment-table">.*?</table>', html, re.S)
    assert table is not None
    found = {}
    for row in re.findall(r"<tr class=\"work-[a-z_]+\">(.*?)</tr>", table.group(0), re.S):
        nickname = find_all(row, "th")[0].text.strip()
        found[nickname] = [cell.text.strip() for cell in find_all(row, "td")]
    return found


def nicknames(app, cid: str) -> list[str]:
    with app.app_context():
        store = store_of(app).classroom
        found = store.class_by_public_id(cid)
        assert found is not None
        return [m.nickname for m in store.members(found.id)]


def test_the_first_finished_run_gives_the_score_against_the_pass_mark(app, room):
    teacher, cid, pupils = room
    data = {"csrf_token": token(teacher, f"/en/teach/classes/{cid}"), "what": f"quiz:{TOPIC}", "same": "1"}
    assert teacher.post(f"/en/teach/classes/{cid}/assignments", data=data | {"pass_mark": "8"}).status_code == 303
    html = teacher.get(f"/en/teach/classes/{cid}").get_data(as_text=True)
    aid = re.findall(rf"/en/teach/classes/{cid}/assignments/([0-9a-f]+)\"", html)[-1]
    seed = seed_on_class_page(pupils[0], cid)
    names = nicknames(app, cid)
    take(pupils[0], TOPIC, seed, wrong={0, 1})  # 8 of 10: the pass mark exactly
    take(pupils[1], TOPIC, seed, wrong={0, 1, 2})  # 7 of 10: below it...
    take(pupils[1], TOPIC, seed)  # ...and a perfect second try is practice
    start(pupils[2], TOPIC, seed)  # begun only
    table = assignment_rows(teacher, cid, aid)
    assert table[names[0]][:2] == ["Done", "8 of 10 right · passed"]
    assert table[names[1]][:2] == ["Done", "7 of 10 right · below the pass mark"]
    assert table[names[2]] == ["In progress", "–", ""]
    assert table[names[0]][2]  # the day it was finished
    page = teacher.get(f"/en/teach/classes/{cid}/assignments/{aid}").get_data(as_text=True)
    assert "Pass mark: 8 of 10 right." in page
    own = pupils[1].get(f"/en/class/{cid}").get_data(as_text=True)
    assert "7 of 10 right · below the pass mark" in find_all(own, "li", class_="work-done")[0].text

    # The CSV of who did what: CSRF-protected, one row per pupil.
    path = f"/en/teach/classes/{cid}/assignments/{aid}/export.csv"
    assert teacher.post(path).status_code == 400
    response = teacher.post(path, data={"csrf_token": csrf_token(teacher, f"/en/teach/classes/{cid}")})
    assert response.status_code == 200 and response.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(response.get_data().decode("utf-8-sig"))))
    assert rows[0] == ["Nickname", "Status", "Finished", "Right answers", "Questions", "Passed"]
    by_name = {row[0]: row[1:] for row in rows[1:]}
    assert by_name[names[0]][0] == "Done" and by_name[names[0]][2:] == ["8", "10", "yes"]
    assert by_name[names[1]][2:] == ["7", "10", "no"]
    assert by_name[names[2]] == ["In progress", "", "", "", ""]
    # Outsiders: another teacher's request for it is a 404.
    other = app.test_client()
    sign_up(other, login="other")
    outsider = other.post(path, data={"csrf_token": csrf_token(other, "/en/teach/classes")})
    assert outsider.status_code == 404


def test_without_a_pass_mark_the_apps_own_applies_and_a_bad_one_is_refused(app, room):
    teacher, cid, pupils = room
    for bad in ("0", "11", "nine", "٩"):
        data = {"csrf_token": token(teacher, f"/en/teach/classes/{cid}"), "what": f"quiz:{TOPIC}", "pass_mark": bad}
        response = teacher.post(f"/en/teach/classes/{cid}/assignments", data=data, follow_redirects=True)
        assert "The pass mark is a number of right answers from 1 to 10." in response.get_data(as_text=True), bad
    assert "No assignments yet" in teacher.get(f"/en/teach/classes/{cid}").get_data(as_text=True)
    aid = assign_quiz(teacher, cid)  # no pass mark sent: the app's own, 9 of 10
    seed = seed_on_class_page(pupils[0], cid)
    take(pupils[0], TOPIC, seed, wrong={0})
    take(pupils[1], TOPIC, seed, wrong={0, 1})
    table = assignment_rows(teacher, cid, aid)
    names = nicknames(app, cid)
    assert table[names[0]][1] == "9 of 10 right · passed"
    assert table[names[1]][1] == "8 of 10 right · below the pass mark"
    assert table[names[2]][0] == "To do"
