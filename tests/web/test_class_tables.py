"""Class tables (``tutor.web.people.classes``): a teacher opens tables with people for a class, the
pupils join them by code, the teacher hosts them from their account (no host cookie) and watches a
pupil's seat read-only; another teacher, a pupil and a visitor get 404s; a form sent twice opens its
tables once; an archived class opens none."""

from __future__ import annotations

import re

import pytest

from tests.conftest import csrf_token
from tests.web.classroom_helpers import new_class, sign_up, token
from tests.web.test_people import ACTION_RE, host_do, join, stored
from tutor.store import db
from tutor.store.people import PeopleTable

pytestmark = pytest.mark.store

SETUP = {"players": "4", "preset": "argentino", "flor": "off", "target": "15", "level": "random"}


def open_tables(client, cid: str, count: int = 2, **fields):
    page = client.get(f"/en/teach/classes/{cid}/tables").get_data(as_text=True)
    found = re.search(r'name="attempt" value="([^"]+)"', page)
    assert found is not None, "no one-time token in the form"
    attempt = found.group(1)
    data = {
        **SETUP,
        "count": str(count),
        "csrf_token": csrf_token(client, f"/en/teach/classes/{cid}/tables"),
        "attempt": attempt,
        **fields,
    }
    return client.post(f"/en/teach/classes/{cid}/tables", data=data), data


def codes_of(app, class_public_id: str) -> list[str]:
    with app.app_context():
        from tutor.store.classroom import SchoolClass

        found = db.session.scalar(db.select(SchoolClass).where(SchoolClass.public_id == class_public_id))
        return [
            row.code
            for row in db.session.scalars(
                db.select(PeopleTable).where(PeopleTable.class_id == found.id).order_by(PeopleTable.id)
            )
        ]


def test_a_teacher_opens_tables_for_a_class_hosts_them_and_watches_a_seat(app):
    teacher = app.test_client()
    assert sign_up(teacher).status_code in (200, 303)
    cid = new_class(teacher)
    assert "Tables for the class" in teacher.get(f"/en/teach/classes/{cid}").get_data(as_text=True)
    response, data = open_tables(teacher, cid, count=2, hints="1")
    assert response.status_code == 303
    again = teacher.post(f"/en/teach/classes/{cid}/tables", data=data)  # the same form sent twice
    assert again.status_code == 303
    codes = codes_of(app, cid)
    assert len(codes) == 2
    page = teacher.get(f"/en/teach/classes/{cid}/tables").get_data(as_text=True)
    assert all(f'data-class-table="{code}"' in page for code in codes)
    assert page.count('class="qr"') == 2

    ana, beto = app.test_client(), app.test_client()
    path = f"/en/people/{codes[0]}"
    assert join(ana, path, "Ana", seat=0).status_code == 303
    assert join(beto, path, "Beto", seat=1).status_code == 303
    row, _table = stored(app, path)
    assert row.hints and row.teacher_id is not None
    rev = re.search(r'name="rev" value="(\d+)"', teacher.get(path).get_data(as_text=True)).group(1)
    forged = ana.post(path + "/host", data={"csrf_token": csrf_token(ana, path), "rev": rev, "do": "start"})
    assert forged.status_code == 403  # a pupil is not the host
    assert host_do(teacher, path, "start").status_code == 303  # the teacher is, from the account
    row, table = stored(app, path)
    assert row.state == "playing"

    page = teacher.get(f"/en/teach/classes/{cid}/tables").get_data(as_text=True)
    assert "Watch Ana" in page and "Watch Beto" in page
    watched = teacher.get(f"{path}/watch/0")
    assert watched.status_code == 200
    html = watched.get_data(as_text=True)
    assert "You are watching this seat: Ana." in html
    own = {c.notation for c in table.hand.view_for(0).hand}
    shown = set(re.findall(r'class="hand hand-mine".*?</ul>', html, re.S)[0].split('data-card="')[1:])
    assert {s.split('"', 1)[0] for s in shown} == own  # Ana's cards, as Ana sees them
    assert not ACTION_RE.search(html)  # read-only: no card, call or answer to send
    assert teacher.get(f"{path}/watch/7").status_code == 404


def test_outsiders_get_404_and_an_archived_class_opens_no_table(app):
    teacher, other, pupil = app.test_client(), app.test_client(), app.test_client()
    assert sign_up(teacher).status_code in (200, 303)
    assert sign_up(other, login="kowal", name="Mr Kowal").status_code in (200, 303)
    cid = new_class(teacher)
    open_tables(teacher, cid, count=1)
    code = codes_of(app, cid)[0]
    path = f"/en/people/{code}"
    join(pupil, path, "Ana", seat=0)
    host_do(teacher, path, "start")
    for client in (other, pupil, app.test_client()):
        assert client.get(f"/en/teach/classes/{cid}/tables").status_code == 404
        assert client.get(f"{path}/watch/0").status_code == 404
    forged = other.post(path + "/host", data={"csrf_token": csrf_token(other, path), "rev": "0", "do": "hints-on"})
    assert forged.status_code == 403  # another teacher is not the host
    bad, _data = open_tables(teacher, cid, count=99)
    assert bad.status_code == 400 and "Open from 1 to 10 tables" in bad.get_data(as_text=True)
    assert len(codes_of(app, cid)) == 1
    archive = teacher.post(f"/en/teach/classes/{cid}/archive", data={"csrf_token": token(teacher), "action": "archive"})
    assert archive.status_code in (200, 303)
    refused, _data = open_tables(teacher, cid, count=1)
    assert refused.status_code == 409 and len(codes_of(app, cid)) == 1
