"""The privacy page and "delete my data" (issue 17): what is stored is shown and downloadable, and a
deletion removes every row about the learner in every table, then the browser is a new learner."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import func, select

from tests.conftest import csrf_token, find_all
from tests.web.classroom_helpers import (
    cheap_hashes,
    join,
    join_code,
    log_in,
    new_class,
    session_learner,
    sign_up,
)
from tutor.learning import TOPICS
from tutor.store import Game, LogEntry, db, store_of
from tutor.store.classroom import Assignment, ClassMember, SchoolClass, Teacher
from tutor.store.live import LivePlayer, LiveSession
from tutor.store.privacy import NOT_PER_LEARNER, learner_tables

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

TOPIC = TOPICS[0].key


@pytest.fixture(autouse=True)
def _cheap_hashes(monkeypatch):
    cheap_hashes(monkeypatch)


def learner_id_of(app, client) -> int:
    with app.app_context():
        public_id = session_learner(client)
        assert public_id is not None
        learner = store_of(app).learners.by_public_id(public_id)
        assert learner is not None
        return learner.id


def rows_about(app, learner_id: int) -> dict[str, int]:
    """Rows pointing at the learner, per table that has a learner column (read from the schema)."""
    with app.app_context():
        found: dict[str, int] = {}
        for table, column in learner_tables():
            found[table.name] = (
                db.session.scalar(select(func.count()).select_from(table).where(column == learner_id)) or 0
            )
        found["learner"] = (
            db.session.scalar(
                select(func.count())
                .select_from(db.metadata.tables["learner"])
                .where(db.metadata.tables["learner"].c.id == learner_id)
            )
            or 0
        )
        return found


def busy_pupil(app, teacher, cid: str):
    """A pupil who joined the class, answered, played a match, started a quiz and joined a live session."""
    pupil = app.test_client()
    assert join(pupil, join_code(teacher, cid)).status_code == 303
    learner_id = learner_id_of(app, pupil)
    with app.app_context():
        store = store_of(app)
        store.attempts.append(learner_id, [LogEntry("envido-counting/practice", "lesson", False)])
        store.quizzes.start(learner_id, TOPIC, 7, 10)
        db.session.add(Game(learner_id=learner_id, seed=3, rules="argentino", level="beginner"))
        teacher_row = store.classroom.teacher_by_login("nowak")
        assert teacher_row is not None
        session = store.live.create(teacher_row.id, None, TOPIC, 7, 3)
        db.session.add(LivePlayer(session_id=session.id, learner_id=learner_id, nickname="Ancho 1"))
        db.session.commit()
    return pupil, learner_id


@pytest.fixture
def teacher(app):
    client = app.test_client()
    sign_up(client)
    return client


def test_the_privacy_page_is_linked_from_every_footer_and_says_what_is_kept(client):
    home = client.get("/en/").get_data(as_text=True)
    footer = home[home.index("site-footer") :]
    links = [a.attrs.get("href") for a in find_all(footer, "a")]
    assert "/en/privacy" in links and "/en/my-data" in links
    page = client.get("/en/privacy")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "365" in text  # the cookie's lifetime and the prune default, read from the code
    assert client.get("/sv/privacy").status_code == 200


def test_a_new_visitor_has_nothing_stored(client):
    page = client.get("/en/my-data").get_data(as_text=True)
    assert "data-nothing-stored" in page
    response = client.post("/en/my-data/download", data={"csrf_token": csrf_token(client, "/en/my-data")})
    assert response.status_code == 200
    assert json.loads(response.get_data(as_text=True))["tables"] == {"learner": []}


def test_every_table_with_a_learner_is_covered():
    names = {table.name for table, _column in learner_tables()}
    # A new table with a learner column shows up here by itself; these are today's.
    assert names >= {"attempt", "answered_form", "item_progress", "game", "practice_run", "quiz_run"}
    assert names >= {"class_member", "live_player", "teacher"}
    assert not names & NOT_PER_LEARNER


def test_the_pupil_sees_downloads_and_deletes_everything(app, teacher):
    cid = new_class(teacher)
    pupil, learner_id = busy_pupil(app, teacher, cid)
    before = rows_about(app, learner_id)
    assert all(before[name] for name in ("learner", "attempt", "quiz_run", "game", "class_member", "live_player"))

    page = pupil.get("/en/my-data").get_data(as_text=True)
    assert "In the class Club as" in page and "1 match at the table" in page and "1 quiz" in page
    token = csrf_token(pupil, "/en/my-data")
    download = pupil.post("/en/my-data/download", data={"csrf_token": token})
    assert download.headers["Content-Disposition"].startswith("attachment")
    tables = json.loads(download.get_data(as_text=True))["tables"]
    assert len(tables["attempt"]) == before["attempt"] and tables["class_member"][0]["nickname"]
    assert len(tables["live_player"]) == 1 and tables["quiz_run"][0]["quiz"] == TOPIC

    # Without the token, or without the box ticked, nothing goes.
    assert pupil.post("/en/my-data/delete", data={"confirm": "yes"}).status_code == 400
    assert pupil.post("/en/my-data/delete", data={"csrf_token": token}).status_code == 422
    assert rows_about(app, learner_id) == before

    response = pupil.post("/en/my-data/delete", data={"csrf_token": token, "confirm": "yes"})
    assert response.status_code == 303
    assert set(rows_about(app, learner_id).values()) == {0}
    with app.app_context():
        assert store_of(app).classroom.class_by_public_id(cid).members == 0
    assert session_learner(pupil) in (None, "") or session_learner(pupil) != before  # the session was cleared
    page = pupil.get("/en/my-data").get_data(as_text=True)
    assert "data-nothing-stored" in page and "Everything stored about you is deleted" in page
    assert session_learner(pupil) is not None  # a fresh anonymous identity, with nothing behind it
    # A second click (the same form sent again) deletes nothing more and fails nothing.
    again = pupil.post("/en/my-data/delete", data={"csrf_token": csrf_token(pupil, "/en/my-data"), "confirm": "yes"})
    assert again.status_code == 303
    # The teacher no longer sees the pupil; the class is still there.
    assert teacher.get(f"/en/teach/classes/{cid}").status_code == 200


def test_a_teacher_deletes_the_account_with_its_classes_and_pupils_keep_their_progress(app, teacher):
    cid = new_class(teacher)
    pupil, pupil_id = busy_pupil(app, teacher, cid)
    assert (
        teacher.post(
            f"/en/teach/classes/{cid}/assignments",
            data={"csrf_token": csrf_token(teacher, f"/en/teach/classes/{cid}"), "what": f"quiz:{TOPIC}"},
        ).status_code
        == 303
    )
    page = teacher.get("/en/my-data").get_data(as_text=True)
    assert "The teacher account nowak" in page and 'name="login"' in page
    token = csrf_token(teacher, "/en/my-data")
    # The classes go too, so the login name must be typed.
    assert teacher.post("/en/my-data/delete", data={"csrf_token": token, "confirm": "yes"}).status_code == 422
    assert (
        teacher.post("/en/my-data/delete", data={"csrf_token": token, "confirm": "yes", "login": "someone"}).status_code
        == 422
    )
    response = teacher.post("/en/my-data/delete", data={"csrf_token": token, "confirm": "yes", "login": " Nowak "})
    assert response.status_code == 303
    with app.app_context():
        for model in (Teacher, SchoolClass, Assignment, ClassMember, LiveSession, LivePlayer):
            assert db.session.scalar(select(func.count()).select_from(model)) == 0, model
    after = rows_about(app, pupil_id)
    assert after["learner"] == 1 and after["attempt"] >= 1 and after["quiz_run"] == 1  # the pupil's own progress
    assert pupil.get(f"/en/class/{cid}").status_code == 404
    assert teacher.get("/en/teach/classes").status_code == 404  # logged out
    assert log_in(teacher).status_code == 422  # the account is gone


def test_a_teachers_progress_is_deleted_only_by_the_teacher_logged_in(app, teacher):
    teacher_learner = learner_id_of(app, teacher)
    with app.app_context():
        public_id = store_of(app).learners.get(teacher_learner).public_id
    other = app.test_client()
    other.get("/en/")
    with other.session_transaction() as session:  # a browser that continues the teacher's learner, not logged in
        session["learner"] = public_id
        session["stored"] = True
    page = other.get("/en/my-data").get_data(as_text=True)
    assert "log in as that teacher" in page
    tables = json.loads(
        other.post("/en/my-data/download", data={"csrf_token": csrf_token(other, "/en/my-data")}).get_data(as_text=True)
    )["tables"]
    assert tables["learner"] and "teacher" not in tables and "school_class" not in tables
    mine = json.loads(
        teacher.post("/en/my-data/download", data={"csrf_token": csrf_token(teacher, "/en/my-data")}).get_data(
            as_text=True
        )
    )["tables"]
    assert mine["teacher"][0]["login"] == "nowak" and "password_hash" not in mine["teacher"][0]
    response = other.post("/en/my-data/delete", data={"csrf_token": csrf_token(other, "/en/my-data"), "confirm": "yes"})
    assert response.status_code == 403
    assert rows_about(app, teacher_learner)["teacher"] == 1
    # The teacher, logged in, with no class: no login name to type.
    response = teacher.post(
        "/en/my-data/delete", data={"csrf_token": csrf_token(teacher, "/en/my-data"), "confirm": "yes"}
    )
    assert response.status_code == 303
    assert set(rows_about(app, teacher_learner).values()) == {0}
