"""The dashboard's most-missed steps this week: "reteach on the projector" and "assign the missed
steps", one click that sets the lessons of those steps as work (issue 17)."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from tests.conftest import find_all
from tests.web.classroom_helpers import cheap_hashes, join, join_code, new_class, sign_up, token
from tutor.content import get_lesson
from tutor.learning import TOPICS
from tutor.store import LogEntry, ManualClock, store_of, use_clock

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

FIRST = get_lesson(TOPICS[0].lessons[0])
SECOND = get_lesson(TOPICS[2].lessons[0])
MONDAY = datetime(2026, 3, 9, 9, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _cheap_hashes(monkeypatch):
    cheap_hashes(monkeypatch)


@pytest.fixture
def room(app):
    use_clock(app, ManualClock(MONDAY))
    teacher = app.test_client()
    sign_up(teacher)
    cid = new_class(teacher)
    code = join_code(teacher, cid)
    pupils = [app.test_client() for _ in range(2)]
    for pupil in pupils:
        assert join(pupil, code).status_code == 303
    with app.app_context():
        store = store_of(app)
        found = store.classroom.class_by_public_id(cid)
        ids = [m.learner_id for m in store.classroom.members(found.id)]
    return teacher, cid, ids


def miss(app, learner_id: int, lesson, step_index: int, times: int = 1) -> None:
    step = lesson.checked_steps[step_index]
    with app.app_context():
        store_of(app).attempts.append(learner_id, [LogEntry(f"{lesson.key}/{step.key}", "lesson", False)] * times)


def lesson_assignments(app, cid: str) -> list[str]:
    with app.app_context():
        store = store_of(app).classroom
        found = store.class_by_public_id(cid)
        assert found is not None
        return sorted(a.target for a in store.assignments(found.id) if a.kind == "lesson")


def dashboard_form(teacher, cid: str) -> dict:
    html = teacher.get(f"/en/teach/classes/{cid}/dashboard").get_data(as_text=True)
    form = re.search(r'<form method="post" action="[^"]*/assign-missed">(.*?)</form>', html, re.S)
    assert form, "no 'assign the missed steps' button"
    fields = {i.attrs["name"]: i.attrs["value"] for i in find_all(form.group(1), "input")}
    return fields


def test_assign_the_missed_steps_sets_their_lessons_once(app, room):
    teacher, cid, ids = room
    miss(app, ids[0], FIRST, 0, times=3)
    miss(app, ids[1], FIRST, 1)
    miss(app, ids[1], SECOND, 0, times=2)
    html = teacher.get(f"/en/teach/classes/{cid}/dashboard").get_data(as_text=True)
    missed = re.search(r'<ol class="missed-list">(.*?)</ol>', html, re.S).group(1)
    links = [a.attrs["href"] for a in find_all(missed, "a")]
    assert len(links) == 3 and all("/present/" in link for link in links)
    number = [s.key for s in FIRST.steps].index(FIRST.checked_steps[0].key) + 1
    assert links[0] == f"/en/lessons/{FIRST.key}/present/{number}"  # the most missed first
    assert teacher.get(links[0]).status_code == 200

    fields = dashboard_form(teacher, cid)
    path = f"/en/teach/classes/{cid}/assign-missed"
    assert teacher.post(path, data={"attempt": fields["attempt"]}).status_code == 400  # no CSRF token
    response = teacher.post(path, data=fields, follow_redirects=True)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "not single steps" in page and _(FIRST.checked_steps[0].title) in page
    assert lesson_assignments(app, cid) == sorted([FIRST.key, SECOND.key])  # one per lesson, not per step
    # The same form again (a double click): nothing more.
    again = teacher.post(path, data=fields, follow_redirects=True)
    assert "already set" in again.get_data(as_text=True)
    assert lesson_assignments(app, cid) == sorted([FIRST.key, SECOND.key])


def test_nothing_missed_nothing_assigned_and_outsiders_get_404(app, room):
    teacher, cid, ids = room
    html = teacher.get(f"/en/teach/classes/{cid}/dashboard").get_data(as_text=True)
    assert "/assign-missed" not in html
    response = teacher.post(
        f"/en/teach/classes/{cid}/assign-missed", data={"csrf_token": token(teacher, f"/en/teach/classes/{cid}")}
    )
    assert response.status_code == 303 and lesson_assignments(app, cid) == []
    miss(app, ids[0], FIRST, 0)
    other = app.test_client()
    sign_up(other, login="kowalski")
    for client in (other, app.test_client()):
        data = {"csrf_token": token(client)}
        assert client.post(f"/en/teach/classes/{cid}/assign-missed", data=data).status_code == 404
    assert lesson_assignments(app, cid) == []


def _(text: str) -> str:
    return text  # English pages: the msgid is the text
