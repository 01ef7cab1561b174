"""Co-teachers: a single-use invitation link that expires, what a co-teacher may do in the class and
what only the owner may (docs/security.md, "Co-teachers")."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import select

from tests.web.classroom_helpers import accept_invite, cheap_hashes, invite_link, new_class, sign_up, token
from tutor.store import ManualClock, db, store_of, use_clock
from tutor.store.classroom import ClassInvite

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL


@pytest.fixture(autouse=True)
def _cheap_hashes(monkeypatch):
    cheap_hashes(monkeypatch)


@pytest.fixture
def school(app):
    """An owner with a class, and two other teachers."""
    owner, ana, bea = (app.test_client() for _ in range(3))
    sign_up(owner, "owner", "Ms Owner")
    sign_up(ana, "ana", "Ana")
    sign_up(bea, "bea", "Bea")
    return owner, ana, bea, new_class(owner, "Thursday club")


def test_an_invited_teacher_becomes_co_teacher_and_sees_the_class(school):
    owner, ana, _bea, cid = school
    assert ana.get(f"/en/teach/classes/{cid}").status_code == 404
    link = invite_link(owner, cid)
    page = ana.get(link)
    assert page.status_code == 200
    assert "Ms Owner invites you to co-teach the class Thursday club." in page.get_data(as_text=True)
    response = accept_invite(ana, link)
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/en/teach/classes/{cid}")
    assert ana.get(f"/en/teach/classes/{cid}").status_code == 200
    assert "Thursday club" in ana.get("/en/teach/classes").get_data(as_text=True)
    assert "Ana (co-teacher)" in owner.get(f"/en/teach/classes/{cid}").get_data(as_text=True)


def test_the_link_works_once(school):
    owner, ana, bea, cid = school
    link = invite_link(owner, cid)
    assert accept_invite(ana, link).status_code == 303
    assert accept_invite(bea, link).status_code == 404
    assert bea.get(f"/en/teach/classes/{cid}").status_code == 404
    assert "does not work" in bea.get(link).get_data(as_text=True)


def test_two_teachers_opening_the_link_at_once_make_one_co_teacher(app, school):
    owner, ana, bea, cid = school
    link = invite_link(owner, cid)
    forms = [(client, {"csrf_token": token(client, link)}) for client in (ana, bea)]
    with ThreadPoolExecutor(2) as pool:
        statuses = sorted(pool.map(lambda pair: pair[0].post(link, data=pair[1]).status_code, forms))
    assert statuses == [303, 404]
    with app.app_context():
        found = store_of(app).classroom.class_by_public_id(cid)
        assert len(store_of(app).roster.co_teachers(found.id)) == 1


def test_the_link_expires_after_seven_days(app, school):
    owner, ana, _bea, cid = school
    clock = use_clock(app, ManualClock())
    link = invite_link(owner, cid)
    clock.advance(days=7, seconds=1)
    assert accept_invite(ana, link).status_code == 404
    assert ana.get(f"/en/teach/classes/{cid}").status_code == 404


def test_only_the_tokens_hash_is_stored(app, school):
    owner, _ana, _bea, cid = school
    link = invite_link(owner, cid)
    secret = link.rsplit("/", 1)[1]
    with app.app_context():
        stored = db.session.scalars(select(ClassInvite.token_hash)).all()
    assert len(stored) == 1 and secret not in stored[0] and len(stored[0]) == 64


def test_the_owner_opening_their_own_link_uses_nothing_up(school):
    owner, ana, _bea, cid = school
    link = invite_link(owner, cid)
    assert accept_invite(owner, link).status_code == 303
    assert accept_invite(ana, link).status_code == 303
    assert ana.get(f"/en/teach/classes/{cid}").status_code == 200


def test_a_visitor_opening_the_link_is_asked_to_log_in_and_learns_nothing(app, school):
    owner, _ana, _bea, cid = school
    link = invite_link(owner, cid)
    html = app.test_client().get(link).get_data(as_text=True)
    assert "Log in to your teacher account" in html and "Thursday club" not in html
    visitor = app.test_client()
    assert visitor.post(link, data={"csrf_token": token(visitor, link)}).status_code == 404


def test_the_owner_withdraws_a_link_and_removes_a_co_teacher(app, school):
    owner, ana, bea, cid = school
    accept_invite(ana, invite_link(owner, cid))
    withdrawn = invite_link(owner, cid)
    with app.app_context():
        invite = store_of(app).roster.open_invites(store_of(app).classroom.class_by_public_id(cid).id)[0]
        ana_id = store_of(app).classroom.teacher_by_login("ana").id
    owner.post(f"/en/teach/classes/{cid}/invites/{invite.public_id}/withdraw", data={"csrf_token": token(owner)})
    assert accept_invite(bea, withdrawn).status_code == 404
    response = owner.post(
        f"/en/teach/classes/{cid}/teachers/remove", data={"csrf_token": token(owner), "teacher": str(ana_id)}
    )
    assert response.status_code == 303
    assert ana.get(f"/en/teach/classes/{cid}").status_code == 404


def test_a_co_teacher_can_stop_co_teaching(school):
    owner, ana, _bea, cid = school
    accept_invite(ana, invite_link(owner, cid))
    assert ana.post(f"/en/teach/classes/{cid}/teachers/leave", data={"csrf_token": token(ana)}).status_code == 303
    assert ana.get(f"/en/teach/classes/{cid}").status_code == 404
    assert owner.post(f"/en/teach/classes/{cid}/teachers/leave", data={"csrf_token": token(owner)}).status_code == 400


def test_a_co_teacher_cannot_invite_remove_or_delete(school):
    owner, ana, _bea, cid = school
    accept_invite(ana, invite_link(owner, cid))
    refused = ana.post(f"/en/teach/classes/{cid}/invites", data={"csrf_token": token(ana)})
    assert refused.status_code == 403
    assert "Only the class's owner can do this" in refused.get_data(as_text=True)
    assert "Invite a co-teacher" not in ana.get(f"/en/teach/classes/{cid}").get_data(as_text=True)
