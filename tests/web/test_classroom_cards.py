"""Teacher-made pupils: a pasted list of names, login cards with the learner's device code (the device
page's own mechanism) and a QR code whose link carries the code in its fragment, a new code for a lost
card, and what deleting, copying and removing do to them (issue 17)."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import func, select

from tests.conftest import csrf_token
from tests.web.classroom_helpers import cheap_hashes, join, join_code, new_class, session_learner, sign_up, token
from tutor.store import LogEntry, db, store_of
from tutor.store.classroom import MEMBER_CAP
from tutor.store.schema import AttemptRow, Learner

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

CARD = re.compile(r'<p class="card-nickname" translate="no">([^<]+)</p>.*?data-login-code>([^<]+)<', re.S)


@pytest.fixture(autouse=True)
def _cheap_hashes(monkeypatch):
    cheap_hashes(monkeypatch)


@pytest.fixture
def teacher(app):
    client = app.test_client()
    sign_up(client)
    return client, new_class(client, "Year 2")


def form_token(client, cid: str) -> str:
    html = client.get(f"/en/teach/classes/{cid}").get_data(as_text=True)
    found = re.search(r'name="attempt" value="([^"]+)"', html)
    assert found is not None
    return found.group(1)


def add(client, cid: str, names: str, attempt: str | None = None):
    attempt = attempt or form_token(client, cid)
    return client.post(
        f"/en/teach/classes/{cid}/pupils/new", data={"csrf_token": token(client), "names": names, "attempt": attempt}
    )


def cards(client, cid: str) -> dict[str, str]:
    """Nickname -> code, as the printed cards show them."""
    return dict(CARD.findall(client.get(f"/en/teach/classes/{cid}/cards").get_data(as_text=True)))


def sign_in(app, code: str):
    """A new browser that types the card's code on the device page."""
    client = app.test_client()
    response = client.post("/en/device", data={"csrf_token": csrf_token(client, "/en/device"), "code": code})
    return client, response


def test_names_become_pupils_with_login_cards(app, teacher):
    client, cid = teacher
    response = add(client, cid, "  Ana  María \n\nBruno\r\nCeci\n")
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/teach/classes/{cid}/cards")
    html = client.get(f"/en/teach/classes/{cid}/cards").get_data(as_text=True)
    found = cards(client, cid)
    assert len(found) == 3 and all(label in html for label in ("Ana María", "Bruno", "Ceci"))
    assert html.count('class="card-qr"') == 3 and "Year 2" in html
    with app.app_context():
        store = store_of(app)
        made = store.classroom.members(store.classroom.class_by_public_id(cid).id)
        assert sorted(m.label for m in made) == ["Ana María", "Bruno", "Ceci"] and all(m.managed for m in made)
        stored = {m.nickname: store.learners.get(m.learner_id).device_code for m in made}
    assert {nick: code.replace("-", "") for nick, code in found.items()} == stored
    # The card's code signs a new browser in as that pupil, who then sees the class.
    pupil, signed = sign_in(app, next(iter(found.values())))
    assert signed.status_code == 303
    assert pupil.get(f"/en/class/{cid}").status_code == 200


def test_the_qr_link_carries_the_code_in_the_fragment_only(app, teacher, monkeypatch):
    from tutor.web.classroom import cards as cards_module

    client, cid = teacher
    add(client, cid, "Ana")
    drawn: list[str] = []
    real = cards_module.qr_data_uri
    monkeypatch.setattr(cards_module, "qr_data_uri", lambda link: drawn.append(link) or real(link))
    code = next(iter(cards(client, cid).values())).replace("-", "")
    assert len(drawn) == 1 and drawn[0].endswith(f"/en/device#{code}") and "?" not in drawn[0]
    pupil = app.test_client()
    assert code not in pupil.get(drawn[0].split("#")[0]).get_data(as_text=True)  # what the server gets: no code


def test_a_form_sent_twice_adds_the_pupils_once(app, teacher):
    client, cid = teacher
    attempt = form_token(client, cid)
    assert add(client, cid, "Ana\nBruno", attempt).status_code == 303
    assert add(client, cid, "Ana\nBruno", attempt).status_code == 303
    assert len(cards(client, cid)) == 2


def test_the_cap_and_empty_lists_are_refused(app, teacher):
    client, cid = teacher
    assert add(client, cid, "\n  \n").status_code == 422
    too_many = "\n".join(f"Pupil {n}" for n in range(MEMBER_CAP + 1))
    refused = add(client, cid, too_many)
    assert refused.status_code == 422 and "room for 60 more" in refused.get_data(as_text=True)
    assert add(client, cid, "x" * 81).status_code == 422
    assert cards(client, cid) == {}


def test_a_new_code_retires_the_lost_card_and_its_sessions(app, teacher):
    client, cid = teacher
    add(client, cid, "Ana")
    ((nick, old),) = cards(client, cid).items()
    pupil, _ = sign_in(app, old)
    assert pupil.get(f"/en/class/{cid}").status_code == 200
    response = client.post(f"/en/teach/classes/{cid}/pupils/{nick}/code", data={"csrf_token": token(client)})
    assert response.status_code == 303
    new = cards(client, cid)[nick]
    assert new != old
    assert sign_in(app, old)[1].status_code == 422
    assert pupil.get(f"/en/class/{cid}").status_code == 404  # signed out: the old card's session is gone
    again, signed = sign_in(app, new)
    assert signed.status_code == 303 and again.get(f"/en/class/{cid}").status_code == 200


def test_a_joined_pupils_code_is_never_the_teachers(app, teacher):
    client, cid = teacher
    pupil = app.test_client()
    join(pupil, join_code(client, cid))
    with app.app_context():
        store = store_of(app)
        learner = store.learners.by_public_id(session_learner(pupil))
        code, nick = (
            learner.device_code,
            store.classroom.members(store.classroom.class_by_public_id(cid).id)[0].nickname,
        )
    html = client.get(f"/en/teach/classes/{cid}/cards").get_data(as_text=True) + client.get(
        f"/en/teach/classes/{cid}/pupils/{nick}"
    ).get_data(as_text=True)
    assert code not in html and code[:4] + "-" + code[4:] not in html
    response = client.post(f"/en/teach/classes/{cid}/pupils/{nick}/code", data={"csrf_token": token(client)})
    assert response.status_code == 404


def count(model, *where) -> int:
    return db.session.scalar(select(func.count()).select_from(model).where(*where)) or 0


def test_deleting_the_class_deletes_its_made_pupils_only(app, teacher):
    client, cid = teacher
    add(client, cid, "Ana\nBruno")
    joined = app.test_client()
    join(joined, join_code(client, cid))
    with app.app_context():
        store = store_of(app)
        made = [m.learner_id for m in store.classroom.members(store.classroom.class_by_public_id(cid).id) if m.managed]
        kept = store.learners.by_public_id(session_learner(joined)).id
        for learner_id in (*made, kept):
            store.attempts.append(learner_id, [LogEntry("card-ranking/order", "lesson", True)])
    client.post(f"/en/teach/classes/{cid}/delete", data={"csrf_token": token(client), "confirm": "Year 2"})
    with app.app_context():
        assert count(Learner, Learner.id.in_(made)) == 0 and count(AttemptRow, AttemptRow.learner_id.in_(made)) == 0
        assert count(Learner, Learner.id == kept) == 1 and count(AttemptRow, AttemptRow.learner_id == kept) == 1


def test_a_copy_with_its_pupils_keeps_them_when_the_old_class_goes(app, teacher):
    client, cid = teacher
    add(client, cid, "Ana")
    ((nick, code),) = cards(client, cid).items()
    response = client.post(
        f"/en/teach/classes/{cid}/copy", data={"csrf_token": token(client), "name": "Year 3", "pupils": "1"}
    )
    copy_id = response.headers["Location"].rsplit("/", 1)[1]
    assert cards(client, copy_id) == {nick: code}
    client.post(f"/en/teach/classes/{cid}/delete", data={"csrf_token": token(client), "confirm": "Year 2"})
    pupil, signed = sign_in(app, code)
    assert signed.status_code == 303 and pupil.get(f"/en/class/{copy_id}").status_code == 200
    without = (
        client.post(f"/en/teach/classes/{copy_id}/copy", data={"csrf_token": token(client), "name": "Year 4"})
        .headers["Location"]
        .rsplit("/", 1)[1]
    )
    assert cards(client, without) == {}


def test_removing_a_made_pupil_deletes_their_learner(app, teacher):
    client, cid = teacher
    add(client, cid, "Ana")
    ((nick, code),) = cards(client, cid).items()
    client.post(f"/en/teach/classes/{cid}/pupils/{nick}/remove", data={"csrf_token": token(client)})
    assert sign_in(app, code)[1].status_code == 422
    with app.app_context():
        assert store_of(app).classroom.class_by_public_id(cid).members == 0
