"""Roster chores: rename a pupil, remove one, copy a class for a new school year, delete a class (its
name typed to confirm): what each keeps and what goes (issue 17; docs/security.md, "The classroom")."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from tests.web.classroom_helpers import (
    accept_invite,
    cheap_hashes,
    invite_link,
    join,
    join_code,
    new_class,
    session_learner,
    sign_up,
    token,
)
from tutor.store import LogEntry, db, store_of
from tutor.store.classroom import ClassMember, SchoolClass
from tutor.store.schema import AttemptRow, Learner

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL


@pytest.fixture(autouse=True)
def _cheap_hashes(monkeypatch):
    cheap_hashes(monkeypatch)


@pytest.fixture
def club(app):
    """A teacher's class with two pupils who joined; (teacher, cid, [pupil clients])."""
    teacher = app.test_client()
    sign_up(teacher)
    cid = new_class(teacher, "Club Thursdays")
    code = join_code(teacher, cid)
    pupils = [app.test_client() for _ in range(2)]
    for pupil in pupils:
        assert join(pupil, code).status_code == 303
    return teacher, cid, pupils


def members(app, cid):
    with app.app_context():
        store = store_of(app)
        return store.classroom.members(store.classroom.class_by_public_id(cid).id)


def post(client, path, **form):
    return client.post(path, data={"csrf_token": token(client), **form})


def test_the_teacher_renames_a_pupil(app, club):
    teacher, cid, pupils = club
    old = members(app, cid)[0].nickname
    response = post(teacher, f"/en/teach/classes/{cid}/pupils/{old}/rename", nickname="  Profe   Flor ")
    assert response.status_code == 303 and response.headers["Location"].endswith("/pupils/Profe%20Flor")
    assert "Profe Flor" in {m.nickname for m in members(app, cid)} and old not in {
        m.nickname for m in members(app, cid)
    }
    assert "Profe Flor" in pupils[0].get(f"/en/class/{cid}").get_data(as_text=True) + pupils[1].get(
        f"/en/class/{cid}"
    ).get_data(as_text=True)


def test_a_rename_to_a_classmates_nickname_or_bad_text_is_refused(app, club):
    teacher, cid, _pupils = club
    first, second = (m.nickname for m in members(app, cid))
    taken = post(teacher, f"/en/teach/classes/{cid}/pupils/{first}/rename", nickname=second.upper())
    assert taken.status_code == 409 and "already has this nickname" in taken.get_data(as_text=True)
    for text, status in (("", 422), ("<script>", 422), ("x" * 30, 422)):
        assert post(teacher, f"/en/teach/classes/{cid}/pupils/{first}/rename", nickname=text).status_code == status
    assert [m.nickname for m in members(app, cid)] == [first, second]
    assert post(teacher, f"/en/teach/classes/{cid}/pupils/Nobody%2099/rename", nickname="Flor 2").status_code == 404


def test_removing_a_pupil_who_joined_keeps_their_progress(app, club):
    teacher, cid, pupils = club
    learner = session_learner(pupils[0])
    with app.app_context():
        learner_id = store_of(app).learners.by_public_id(learner).id
        store_of(app).attempts.append(learner_id, [LogEntry("card-ranking/order", "lesson", True)])
    nick = next(m.nickname for m in members(app, cid) if m.learner_id == learner_id)
    assert post(teacher, f"/en/teach/classes/{cid}/pupils/{nick}/remove").status_code == 303
    assert nick not in {m.nickname for m in members(app, cid)}
    assert pupils[0].get(f"/en/class/{cid}").status_code == 404
    with app.app_context():
        assert (
            db.session.scalar(select(func.count()).select_from(AttemptRow).where(AttemptRow.learner_id == learner_id))
            == 1
        )
        assert db.session.scalar(select(SchoolClass.members).where(SchoolClass.public_id == cid)) == 1
    assert post(teacher, f"/en/teach/classes/{cid}/pupils/{nick}/remove").status_code == 404


def test_copying_a_class_keeps_its_settings_and_teachers_not_its_joined_pupils(app, club):
    teacher, cid, _pupils = club
    colleague = app.test_client()
    sign_up(colleague, "colleague", "Colleague")
    accept_invite(colleague, invite_link(teacher, cid))
    form_page = teacher.get(f"/en/teach/classes/{cid}/copy").get_data(as_text=True)
    attempt = form_page.split('name="attempt" value="', 1)[1].split('"', 1)[0]
    response = post(teacher, f"/en/teach/classes/{cid}/copy", name="Club 2027", attempt=attempt)
    assert response.status_code == 303
    copy_id = response.headers["Location"].rsplit("/", 1)[1]
    again = post(teacher, f"/en/teach/classes/{cid}/copy", name="Club 2027", attempt=attempt)
    assert again.status_code == 303 and again.headers["Location"].endswith("/en/teach/classes")
    with app.app_context():
        store = store_of(app)
        original, copy = (store.classroom.class_by_public_id(c) for c in (cid, copy_id))
        assert (copy.name, copy.lang, copy.children, copy.members) == ("Club 2027", original.lang, original.children, 0)
        assert copy.join_code != original.join_code
        assert [t.login for t in store.roster.co_teachers(copy.id)] == ["colleague"]
        assert (
            db.session.scalar(select(func.count()).select_from(SchoolClass).where(SchoolClass.name == "Club 2027")) == 1
        )
    assert colleague.get(f"/en/teach/classes/{copy_id}").status_code == 200
    assert post(teacher, f"/en/teach/classes/{cid}/copy", name=" ").status_code == 422


def test_deleting_a_class_needs_its_name_and_keeps_joined_pupils_progress(app, club):
    teacher, cid, pupils = club
    learner = session_learner(pupils[0])
    assert post(teacher, f"/en/teach/classes/{cid}/delete", confirm="Club").status_code == 422
    assert teacher.get(f"/en/teach/classes/{cid}").status_code == 200
    response = post(teacher, f"/en/teach/classes/{cid}/delete", confirm=" club   thursdays ")
    assert response.status_code == 303
    assert teacher.get(f"/en/teach/classes/{cid}").status_code == 404
    assert pupils[0].get(f"/en/class/{cid}").status_code == 404
    with app.app_context():
        assert store_of(app).learners.by_public_id(learner) is not None
        assert db.session.scalar(select(func.count()).select_from(ClassMember)) == 0
        assert db.session.scalar(select(func.count()).select_from(Learner)) >= 3


def test_a_co_teacher_cannot_delete_the_class(app, club):
    teacher, cid, _pupils = club
    colleague = app.test_client()
    sign_up(colleague, "colleague", "Colleague")
    accept_invite(colleague, invite_link(teacher, cid))
    assert post(colleague, f"/en/teach/classes/{cid}/delete", confirm="Club Thursdays").status_code == 403
    assert teacher.get(f"/en/teach/classes/{cid}").status_code == 200
    assert "Delete the class" not in colleague.get(f"/en/teach/classes/{cid}").get_data(as_text=True)


def test_archive_and_restore(app, club):
    teacher, cid, _pupils = club
    assert post(teacher, f"/en/teach/classes/{cid}/archive", action="archive").status_code == 303
    assert "Club Thursdays" not in teacher.get("/en/teach/classes").get_data(as_text=True)
    assert "Club Thursdays" in teacher.get("/en/teach/classes?archived=1").get_data(as_text=True)
    assert post(teacher, f"/en/teach/classes/{cid}/archive", action="restore").status_code == 303
    assert "Club Thursdays" in teacher.get("/en/teach/classes").get_data(as_text=True)


def test_an_archived_class_is_read_only_until_it_is_restored(app, club):
    teacher, cid, _pupils = club
    assert post(teacher, f"/en/teach/classes/{cid}/archive", action="archive").status_code == 303
    page = teacher.get(f"/en/teach/classes/{cid}").get_data(as_text=True)
    assert "assignment-form" not in page  # nothing offered that would be refused
    with app.app_context():
        store = store_of(app).classroom
        found = store.class_by_public_id(cid)
        assert found is not None
        before = (found.join_code, [m.nickname for m in store.members(found.id)], store.assignments(found.id))
    nickname = before[1][0]
    for path, fields in (
        (f"/en/teach/classes/{cid}/assignments", {"what": "daily"}),
        (f"/en/teach/classes/{cid}/code", {"action": "new"}),
        (f"/en/teach/classes/{cid}/assign-missed", {}),
        (f"/en/teach/classes/{cid}/pupils/{nickname}/rename", {"nickname": "Nuevo 1"}),
        (f"/en/teach/classes/{cid}/pupils/{nickname}/remove", {}),
    ):
        refused = post(teacher, path, **fields)
        assert refused.status_code == 409, path
        assert "This class is archived, so it can only be read" in refused.get_data(as_text=True), path
    with app.app_context():
        store = store_of(app).classroom
        found = store.class_by_public_id(cid)
        assert found is not None
        assert (found.join_code, [m.nickname for m in store.members(found.id)], store.assignments(found.id)) == before
    # Reading it, exporting it and restoring it still work.
    assert teacher.get(f"/en/teach/classes/{cid}/dashboard").status_code == 200
    assert post(teacher, f"/en/teach/classes/{cid}/export.csv").status_code == 200
    assert post(teacher, f"/en/teach/classes/{cid}/archive", action="restore").status_code == 303
    assert post(teacher, f"/en/teach/classes/{cid}/assignments", what="daily").status_code == 303
