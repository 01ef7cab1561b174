"""Assignments: the teacher sets work, each pupil's status (To do, In progress, Done, Done late, Late)
follows from their learning log (a topic quiz: their first run of it) since the opening day, the pupil sees it on the class page (issue 17)."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from tests.conftest import find_all
from tests.web.classroom_helpers import cheap_hashes, join, join_code, new_class, sign_up, token
from tests.web.test_quiz import start, take
from tutor.content import get_lesson
from tutor.learning import TOPICS
from tutor.store import LogEntry, ManualClock, store_of, use_clock

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

LESSON = get_lesson(TOPICS[0].lessons[0])
MONDAY = datetime(2026, 3, 9, 9, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _cheap_hashes(monkeypatch):
    cheap_hashes(monkeypatch)


@pytest.fixture
def clock(app):
    return use_clock(app, ManualClock(MONDAY))


@pytest.fixture
def room(app, clock):
    teacher = app.test_client()
    sign_up(teacher)
    cid = new_class(teacher)
    code = join_code(teacher, cid)
    pupils = [app.test_client() for _ in range(3)]
    for pupil in pupils:
        assert join(pupil, code).status_code == 303
    with app.app_context():
        store = store_of(app)
        found = store.classroom.class_by_public_id(cid)
        ids = [m.learner_id for m in store.classroom.members(found.id)]
    return teacher, cid, pupils, ids


def assign(teacher, cid: str, **form):
    data = {"csrf_token": token(teacher, f"/en/teach/classes/{cid}"), **form}
    return teacher.post(f"/en/teach/classes/{cid}/assignments", data=data)


def append(app, learner_id: int, entries) -> None:
    with app.app_context():
        store_of(app).attempts.append(learner_id, entries)


def do_the_lesson(app, learner_id: int) -> None:
    append(app, learner_id, [LogEntry(f"{LESSON.key}/{step.key}", "lesson", True) for step in LESSON.checked_steps])


def counts(teacher, cid: str) -> list[str]:
    html = teacher.get(f"/en/teach/classes/{cid}").get_data(as_text=True)
    table = re.search(r'<table class="assignment-table">.*?</table>', html, re.S)
    assert table is not None
    return [cell.text.strip() for cell in find_all(table.group(0), "td")][1:6]  # done, late, late, begun, to do


def test_a_lesson_assignment_done_late_and_to_do(app, clock, room):
    teacher, cid, pupils, ids = room
    assert assign(teacher, cid, what=f"lesson:{LESSON.key}", opens="2026-03-09", due="2026-03-10").status_code == 303
    do_the_lesson(app, ids[0])
    assert counts(teacher, cid) == ["1", "0", "0", "0", "2"]
    # Half the lesson is not the lesson.
    append(app, ids[1], [LogEntry(f"{LESSON.key}/{LESSON.checked_steps[0].key}", "lesson", True)])
    clock.advance(days=2)  # past the due day
    assert counts(teacher, cid) == ["1", "0", "2", "0", "0"]
    do_the_lesson(app, ids[1])
    assert counts(teacher, cid) == ["1", "1", "1", "0", "0"]
    pages = [pupil.get(f"/en/class/{cid}").get_data(as_text=True) for pupil in pupils]
    late = [item.text for page in pages for item in find_all(page, "li", class_="work-late")]
    assert len(late) == 1 and "Late" in late[0]
    assert all(f'href="/en/lessons/{LESSON.key}"' in page for page in pages)
    aid = re.search(
        r"/assignments/([0-9a-f]+)\"", teacher.get(f"/en/teach/classes/{cid}").get_data(as_text=True)
    ).group(1)
    detail = teacher.get(f"/en/teach/classes/{cid}/assignments/{aid}").get_data(as_text=True)
    assert [row.attrs["class"] for row in find_all(detail, "tr") if row.attrs.get("class")] == [
        "work-done",
        "work-late_done",
        "work-late",
    ]


def test_work_before_the_opening_day_does_not_count(app, clock, room):
    teacher, cid, _pupils, ids = room
    do_the_lesson(app, ids[0])
    assign(teacher, cid, what=f"lesson:{LESSON.key}", opens="2026-03-10")
    assert counts(teacher, cid) == ["0", "0", "0", "0", "3"]
    clock.advance(days=1)
    do_the_lesson(app, ids[0])
    assert counts(teacher, cid) == ["1", "0", "0", "0", "2"]


def test_reviews_quiz_and_daily(app, clock, room):
    teacher, cid, pupils, ids = room
    topic = TOPICS[0].key
    assign(teacher, cid, what="reviews", count="3")
    assign(teacher, cid, what=f"quiz:{topic}")
    assign(teacher, cid, what="daily")
    item = f"{LESSON.key}/{LESSON.checked_steps[0].key}"
    append(app, ids[0], [LogEntry(item, "review", False), LogEntry(item, "review", True)])
    append(app, ids[1], [LogEntry(item, "review", True)] * 3)
    start(pupils[1], topic, 7)  # begun, not finished
    take(pupils[2], topic, 8, wrong={0, 1, 2})  # finished: done, below the pass mark
    append(app, ids[2], [LogEntry(item, "daily", True)] * 5)
    html = teacher.get(f"/en/teach/classes/{cid}").get_data(as_text=True)
    table = re.search(r'<table class="assignment-table">.*?</table>', html, re.S).group(0)
    titles = [th.text.strip() for th in find_all(table, "th", scope="row")]
    cells = [cell.text.strip() for cell in find_all(table, "td")]
    found = {title: cells[7 * number + 1 : 7 * number + 6] for number, title in enumerate(titles)}
    assert found["3 questions from your review"] == ["1", "0", "0", "0", "2"]
    assert found[f"Topic quiz: {TOPICS[0].name}"] == ["1", "0", "0", "1", "1"]
    assert found["The daily challenge"] == ["1", "0", "0", "0", "2"]


def test_bad_assignments_are_refused(app, clock, room):
    teacher, cid, _pupils, _ids = room
    for form in (
        {"what": "lesson:no-such-lesson"},
        {"what": "reviews", "count": "0"},
        {"what": "daily", "opens": "2026-03-10", "due": "2026-03-09"},
        {"what": "daily", "due": "someday"},
    ):
        response = assign(teacher, cid, **form)
        assert response.status_code == 303
    assert "No assignments yet" in teacher.get(f"/en/teach/classes/{cid}").get_data(as_text=True)


def test_removing_an_assignment(app, clock, room):
    teacher, cid, pupils, _ids = room
    assign(teacher, cid, what="daily")
    html = teacher.get(f"/en/teach/classes/{cid}").get_data(as_text=True)
    aid = re.search(r"/assignments/([0-9a-f]+)/remove", html).group(1)
    form = {"csrf_token": token(teacher, f"/en/teach/classes/{cid}")}
    assert teacher.post(f"/en/teach/classes/{cid}/assignments/{aid}/remove", data=form).status_code == 303
    assert teacher.post(f"/en/teach/classes/{cid}/assignments/{aid}/remove", data=form).status_code == 404
    assert "The daily challenge" not in pupils[0].get(f"/en/class/{cid}").get_data(as_text=True)


def test_the_home_page_takes_a_pupil_back_to_their_class_with_the_work_still_open(app, clock, room):
    teacher, cid, pupils, ids = room
    visitor = app.test_client()
    assert find_all(visitor.get("/en/").get_data(as_text=True), "li", class_="home-my-class") == []
    home = pupils[0].get("/en/").get_data(as_text=True)
    link = find_all(home, "li", class_="home-my-class")
    assert [a.text.strip() for a in link] == ["Your class Club: nothing to do right now"]
    assert f'<li class="home-my-class"><a href="/en/class/{cid}">' in home
    assign(teacher, cid, what=f"lesson:{LESSON.key}", opens="2026-03-09")
    assign(teacher, cid, what="daily", opens="2026-03-09")
    home = pupils[0].get("/en/").get_data(as_text=True)
    assert find_all(home, "li", class_="home-my-class")[0].text.strip() == "Your class Club: 2 pieces of work to do"
    for learner_id in ids:  # (``ids`` are in the roster's order, not the pupils')
        do_the_lesson(app, learner_id)
    home = pupils[0].get("/en/").get_data(as_text=True)
    assert find_all(home, "li", class_="home-my-class")[0].text.strip() == "Your class Club: 1 piece of work to do"


def test_a_pupil_has_my_class_in_the_menu_with_the_work_still_open_and_a_visitor_has_not(app, clock, room):
    teacher, cid, pupils, ids = room
    visitor = app.test_client()
    assert 'href="/en/my-class"' not in visitor.get("/en/lessons").get_data(as_text=True)
    assert visitor.get("/en/my-class").status_code == 404
    page = pupils[0].get("/en/lessons").get_data(as_text=True)
    assert 'href="/en/my-class"' in page
    assert "hidden" in find_all(page, "span", id="badge-classroom-my_classes")[0].attrs  # nothing to do
    assign(teacher, cid, what=f"lesson:{LESSON.key}", opens="2026-03-09")
    assign(teacher, cid, what="daily", opens="2026-03-09")
    badge = find_all(pupils[0].get("/en/lessons").get_data(as_text=True), "span", id="badge-classroom-my_classes")[0]
    assert badge.text.strip() == "2 (2 pieces of work to do)"
    moved = pupils[0].get("/en/my-class")
    assert moved.status_code == 303 and moved.headers["Location"].endswith(f"/en/class/{cid}")
    # The teacher, who is in no class, has no such entry.
    assert 'href="/en/my-class"' not in teacher.get("/en/lessons").get_data(as_text=True)
