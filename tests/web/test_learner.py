"""The learner store: anonymous identity, device codes, the learning log's rows."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from tests.conftest import csrf_token, find_all
from tutor.store import DEVICE_CODE_ALPHABET, AttemptRow, Learner, db
from tutor.web.device.views import BROWSER

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

UNAMBIGUOUS = set("23456789ABCDEFGHJKMNPQRSTUVWXYZ")  # no 0/O, 1/I/L


def learner_count(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Learner))


def shown_code(client) -> str:
    """The code on the device page, asking for it with the button if the browser has none yet."""
    html = client.get("/en/device").get_data(as_text=True)
    if not find_all(html, "p", class_="device-code"):
        token = csrf_token(client, "/en/device")
        response = client.post("/en/device", data={"action": "show", "csrf_token": token})
        assert response.status_code == 303
        html = client.get("/en/device").get_data(as_text=True)
    return find_all(html, "p", class_="device-code")[0].text


def enter_code(client, code: str):
    token = csrf_token(client, "/en/device")
    return client.post("/en/device", data={"code": code, "csrf_token": token})


def test_alphabet_is_unambiguous():
    assert set(DEVICE_CODE_ALPHABET) == UNAMBIGUOUS


def test_reading_a_page_writes_nothing(app, client):
    for path in ("/en/", "/en/deck", "/de/", "/en/device", "/de/device"):
        assert client.get(path).status_code == 200
    assert learner_count(app) == 0


def test_device_page_offers_a_button_instead_of_creating_a_code(app, client):
    html = client.get("/en/device").get_data(as_text=True)
    assert find_all(html, "p", class_="device-code") == []
    assert "This device has no code yet." in html
    (action,) = [i for i in find_all(html, "input") if i.attrs.get("name") == "action"]
    assert action.attrs["value"] == "show"
    assert "Show my code" in html
    assert client.post("/en/device", data={"action": "show"}).status_code == 400  # CSRF token required
    assert learner_count(app) == 0


def test_device_page_creates_the_learner_once(app, client):
    code = shown_code(client)
    assert re.fullmatch(r"[A-Z0-9]{4}-[A-Z0-9]{4}", code)
    assert set(code.replace("-", "")) <= UNAMBIGUOUS
    assert shown_code(client) == code
    assert learner_count(app) == 1


def test_two_browsers_are_two_learners(app):
    first, second = app.test_client(), app.test_client()
    assert shown_code(first) != shown_code(second)
    assert learner_count(app) == 2


@pytest.mark.parametrize("typed", ["{code}", "{lower}", " {a} {b} ", "{a}-{b}"])
def test_a_code_restores_the_identity_on_another_device(app, typed):
    phone, laptop = app.test_client(), app.test_client()
    code = shown_code(phone)
    a, b = code.split("-")
    entry = typed.format(code=code.replace("-", ""), lower=code.lower(), a=a, b=b)
    response = enter_code(laptop, entry)
    assert response.status_code == 303
    page = laptop.get("/en/device").get_data(as_text=True)
    assert "Welcome back! This device now continues your progress." in page
    assert shown_code(laptop) == code
    assert learner_count(app) == 1  # the laptop never asked for a code of its own, so it got no row


def test_unknown_code_is_a_clear_error(client):
    shown_code(client)
    response = enter_code(client, "ZZZZ-ZZZZ")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "No learner has this code." in html
    field = find_all(html, "input", id="code")[0]
    assert field.attrs["aria-invalid"] == "true" and field.attrs["aria-describedby"] == "code-error"
    assert field.attrs["value"] == "ZZZZ-ZZZZ"


LOOK_ALIKES_NOTE = "Codes leave out 0, 1, I, L and O, which are easily mistaken for other letters and digits."


@pytest.mark.parametrize(
    "typed, said",
    [
        ("", ["Type the code from your other device, for example K7M2-QX9D."]),
        ("ABC", ["A code has 8 letters and digits, for example K7M2-QX9D; this one has 3."]),
        ("ABCD-EFGH-J", ["A code has 8 letters and digits, for example K7M2-QX9D; this one has 9."]),
        # issue 11, bug 3: eight characters, but codes never use the digit 1
        ("ZZZZ-1234", ["Codes never contain “1”.", LOOK_ALIKES_NOTE]),
        ("o0o0-i1i1", ["Codes never contain “O”, “0”, “I”, “1”.", LOOK_ALIKES_NOTE]),
        ("ABCD EFG!", ["Codes never contain “!”."]),
        (
            "ABC!",
            ["A code has 8 letters and digits, for example K7M2-QX9D; this one has 4.", "Codes never contain “!”."],
        ),
    ],
)
def test_a_code_that_cannot_be_one_is_told_what_is_wrong(client, typed, said):
    response = enter_code(client, typed)
    assert response.status_code == 422
    error = find_all(response.get_data(as_text=True), "p", id="code-error")[0]
    assert " ".join(error.text.split()) == " ".join(said)


def test_own_code_changes_nothing(client):
    code = shown_code(client)
    response = enter_code(client, code)
    assert response.status_code == 303
    assert "This is already the code of this device." in client.get("/en/device").get_data(as_text=True)
    assert shown_code(client) == code


def test_restoring_keeps_the_own_learner_of_a_device_that_had_one(app):
    phone, laptop = app.test_client(), app.test_client()
    code, own = shown_code(phone), shown_code(laptop)
    assert enter_code(laptop, code).status_code == 303
    assert shown_code(laptop) == code != own
    assert learner_count(app) == 2


def test_too_many_wrong_codes_slow_down_guessing(app):
    from tutor.store import ManualClock, use_clock

    use_clock(app, ManualClock())  # no failure leaks away during the test
    owner, guesser = app.test_client(), app.test_client()
    real = shown_code(owner)
    for _ in range(BROWSER.budget):  # one browser's budget (tests/web/test_device_limit.py: the others)
        assert enter_code(guesser, "ZZZZ-ZZZZ").status_code == 422
    blocked = enter_code(guesser, real)
    assert blocked.status_code == 429
    assert "Too many wrong codes were entered on this device." in blocked.get_data(as_text=True)
    assert shown_code(guesser) != real


def test_attempt_rows(app, client):
    """The log keeps every attempt, even two alike (no unique key), belongs to a learner that exists,
    and goes when its learner is deleted."""
    shown_code(client)
    with app.app_context():
        learner = db.session.scalar(select(Learner))
        for _ in range(2):
            db.session.add(
                AttemptRow(learner_id=learner.id, item="envido-counting/no-pair", source="lesson", correct=False)
            )
        db.session.commit()
        rows = db.session.scalars(select(AttemptRow)).all()
        assert len(rows) == 2 and all(row.hinted is False and row.at is not None for row in rows)
        db.session.add(AttemptRow(learner_id=learner.id + 1000, item="flor/value", source="lesson", correct=True))
        with pytest.raises(IntegrityError):
            db.session.commit()
        db.session.rollback()
        db.session.delete(db.session.get(Learner, learner.id))
        db.session.commit()
        assert db.session.scalar(select(func.count()).select_from(AttemptRow)) == 0
