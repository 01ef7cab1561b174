"""The classroom: teacher accounts, classes with join codes, pupils who join without an account, the
dashboard and its CSV (issue 17; docs/security.md, "The classroom")."""

from __future__ import annotations

import csv
import io
import re

import pytest
from sqlalchemy import event, select

from tests.conftest import find_all
from tests.web.classroom_helpers import (
    PASSWORD,
    cheap_hashes,
    join,
    join_code,
    log_in,
    new_class,
    nickname_on,
    recovery_code,
    session_learner,
    sign_up,
    token,
)
from tutor.content import get_lesson
from tutor.learning import TOPICS
from tutor.store import LogEntry, db, store_of
from tutor.store.classroom import MEMBER_CAP, ClassMember, SchoolClass, Teacher
from tutor.web.classroom.blueprint import JOIN_BUDGET, LOGIN_NAME_BUDGET
from tutor.web.classroom.dashboard import csv_text
from tutor.web.classroom.nicknames import REROLLS, WORDS

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

SCHOOL = "203.0.113.50"
LESSON = get_lesson(TOPICS[0].lessons[0])
STEP_ITEM = f"{LESSON.key}/{LESSON.checked_steps[0].key}"


@pytest.fixture(autouse=True)
def _cheap_hashes(monkeypatch):
    cheap_hashes(monkeypatch)


@pytest.fixture
def teacher(app):
    client = app.test_client()
    assert sign_up(client).status_code == 200
    return client


def teacher_row(app, login: str = "nowak") -> Teacher:
    with app.app_context():
        found = db.session.scalar(select(Teacher).where(Teacher.login == login))
        db.session.expunge_all()
        assert found is not None
        return found


# --- Accounts ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "password, message",
    [
        ("short pw", "at least 10 characters"),
        ("Password123", "too common"),
        ("qwertyuiop", "too common"),
        ("nowak-is-the-best", "must not contain your login name"),
    ],
)
def test_sign_up_refuses_weak_passwords(client, password, message):
    response = sign_up(client, password=password)
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)


def test_sign_up_refuses_a_bad_login_name_and_a_taken_one(client, app):
    assert sign_up(client, login="a").status_code == 422
    assert sign_up(client, login="nowak").status_code == 200
    other = app.test_client()
    response = sign_up(other, login="NOWAK")
    assert response.status_code == 422
    assert "This login name is taken" in response.get_data(as_text=True)


def test_the_password_and_the_recovery_code_are_stored_only_as_hashes(client, app):
    code = recovery_code(sign_up(client))
    row = teacher_row(app)
    assert row.password_hash.startswith("$argon2") and PASSWORD not in row.password_hash
    assert row.recovery_hash.startswith("$argon2") and code not in row.recovery_hash
    # Shown once: the class list does not show it again.
    assert code not in client.get("/en/teach/classes").get_data(as_text=True)


def test_a_teacher_keeps_their_own_learner_progress(app):
    client = app.test_client()
    client.get("/en/")
    before = session_learner(client)
    sign_up(client)
    assert session_learner(client) == before  # the browser's progress became the teacher's
    with app.app_context():
        learner_id = store_of(app).learners.by_public_id(before).id
    assert teacher_row(app).learner_id == learner_id
    client.post("/en/teach/logout", data={"csrf_token": token(client, "/en/teach/classes")})
    elsewhere = app.test_client()
    elsewhere.get("/en/")
    assert log_in(elsewhere).status_code == 303
    assert session_learner(elsewhere) == before


def test_login_rebuilds_the_session_and_logout_leaves_a_new_learner(app):
    sign_up(app.test_client())
    shared_pc = app.test_client()
    shared_pc.get("/en/")
    pupil = session_learner(shared_pc)
    old_token = token(shared_pc)
    assert log_in(shared_pc, password="wrong password!").status_code == 422
    assert log_in(shared_pc).status_code == 303
    teacher_learner = session_learner(shared_pc)
    assert teacher_learner != pupil
    # Nothing of the session before the login is still valid: not its CSRF token.
    refused = shared_pc.post(
        "/en/teach/classes/new", data={"csrf_token": old_token, "name": "X", "lang": "en", "age": "teens"}
    )
    assert refused.status_code == 400
    assert shared_pc.get("/en/teach/logout").status_code == 405  # logging out is a POST
    response = shared_pc.post("/en/teach/logout", data={"csrf_token": token(shared_pc, "/en/teach/classes")})
    assert response.status_code == 303
    shared_pc.get("/en/")
    assert session_learner(shared_pc) not in (pupil, teacher_learner, None)
    assert shared_pc.get("/en/teach/classes").status_code == 404


def test_changing_the_password_ends_the_other_sessions(app, teacher):
    laptop = app.test_client()
    assert log_in(laptop).status_code == 303
    response = teacher.post(
        "/en/teach/account/password",
        data={
            "csrf_token": token(teacher, "/en/teach/account"),
            "current": PASSWORD,
            "password": "retruco y vale cuatro",
        },
    )
    assert response.status_code == 303
    assert teacher.get("/en/teach/classes").status_code == 200  # this session goes on
    assert laptop.get("/en/teach/classes").status_code == 404
    assert log_in(laptop).status_code == 422
    assert log_in(laptop, password="retruco y vale cuatro").status_code == 303


def test_log_out_everywhere(app, teacher):
    laptop = app.test_client()
    log_in(laptop)
    response = teacher.post(
        "/en/teach/account/logout-everywhere", data={"csrf_token": token(teacher, "/en/teach/account")}
    )
    assert response.status_code == 303
    assert teacher.get("/en/teach/classes").status_code == 404
    assert laptop.get("/en/teach/classes").status_code == 404


def test_the_recovery_code_sets_a_new_password_once(app):
    client = app.test_client()
    code = recovery_code(sign_up(client))
    other = app.test_client()
    data = {"login": "nowak", "code": code.lower().replace("-", " "), "password": "el ancho de espada"}
    response = other.post("/en/teach/recover", data={"csrf_token": token(other, "/en/teach/recover"), **data})
    assert response.status_code == 200
    fresh = recovery_code(response)
    assert fresh != code
    assert client.get("/en/teach/classes").status_code == 404  # the old session ended
    again = app.test_client()
    response = again.post("/en/teach/recover", data={"csrf_token": token(again, "/en/teach/recover"), **data})
    assert response.status_code == 422  # the old code is spent
    assert log_in(again, password="el ancho de espada").status_code == 303


def test_the_operator_resets_a_password(app, teacher):
    result = app.test_cli_runner().invoke(args=["teacher", "reset-password", "NOWAK"])
    assert result.exit_code == 0, result.output
    password = re.search(r"New password for nowak: (\S+)", result.output).group(1)
    assert teacher.get("/en/teach/classes").status_code == 404
    assert log_in(app.test_client(), password=password).status_code == 303
    assert app.test_cli_runner().invoke(args=["teacher", "reset-password", "nobody"]).exit_code != 0


def test_a_login_guesser_is_stopped_but_not_the_rest_of_the_staff_room(app):
    for login in ("nowak", "garcia"):
        sign_up(app.test_client(), login=login)
    guesser = app.test_client()
    for number in range(LOGIN_NAME_BUDGET):
        assert log_in(guesser, password=f"guess number {number}", address=SCHOOL).status_code == 422
    refused = log_in(guesser, address=SCHOOL)  # the right password, after the account's budget is spent
    assert refused.status_code == 429
    assert 0 < int(refused.headers["Retry-After"]) <= 300
    # Another teacher behind the same address, with a typo first, still gets in.
    colleague = app.test_client()
    assert log_in(colleague, "garcia", "vale cuatro al maso", address=SCHOOL).status_code == 422
    assert log_in(colleague, "garcia", address=SCHOOL).status_code == 303


# --- Classes and joining ----------------------------------------------------------------------------


def test_classes_list_and_archive(app, teacher):
    cid = new_class(teacher, "Thursday club")
    assert "Thursday club" in teacher.get("/en/teach/classes").get_data(as_text=True)
    teacher.post(
        f"/en/teach/classes/{cid}/archive",
        data={"csrf_token": token(teacher, "/en/teach/classes"), "action": "archive"},
    )
    assert "Thursday club" not in teacher.get("/en/teach/classes").get_data(as_text=True)
    assert "Thursday club" in teacher.get("/en/teach/classes?archived=1").get_data(as_text=True)
    pupil = app.test_client()
    code = join_code(teacher, cid)
    assert join(pupil, code).status_code == 409  # an archived class takes nobody
    bad = {"csrf_token": token(teacher, "/en/teach/classes/new"), "name": " ", "lang": "xx", "age": "?"}
    assert teacher.post("/en/teach/classes/new", data=bad).status_code == 422


def test_a_pupil_joins_with_the_code_in_any_case_with_dashes_and_spaces(app, teacher):
    cid = new_class(teacher)
    code = join_code(teacher, cid)
    pupil = app.test_client()
    typed = f" {code[:3].lower()} - {code[3:]} "
    response = pupil.post("/en/join", data={"csrf_token": token(pupil), "code": typed})
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/en/j/{code}")
    page = pupil.get(f"/en/j/{code}").get_data(as_text=True)
    assert "What your teacher will see" in page and "leave the class at any time" in page
    offered = nickname_on(page)
    assert offered.rsplit(" ", 1)[0] in WORDS
    response = join(pupil, code)
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/en/class/{cid}")
    assert nickname_on(pupil.get(f"/en/class/{cid}").get_data(as_text=True)) == offered
    assert offered in teacher.get(f"/en/teach/classes/{cid}/screen").get_data(as_text=True)
    # Joining again changes nothing.
    assert join(pupil, code).headers["Location"].endswith(f"/en/class/{cid}")
    with app.app_context():
        assert db.session.scalar(select(SchoolClass.members)) == 1


def test_three_rerolls_then_the_nickname_stays(app, teacher):
    code = join_code(teacher, new_class(teacher))
    pupil = app.test_client()
    seen = [nickname_on(pupil.get(f"/en/j/{code}").get_data(as_text=True))]
    for _ in range(REROLLS + 2):
        html = pupil.post(f"/en/j/{code}", data={"csrf_token": token(pupil), "action": "reroll"}).get_data(as_text=True)
        seen.append(nickname_on(html))
    assert len(set(seen[: REROLLS + 1])) == REROLLS + 1  # each re-roll is another nickname
    assert seen[REROLLS] == seen[REROLLS + 1] == seen[REROLLS + 2]  # then no more
    assert "Another nickname" not in html


def test_a_wrong_code_changed_code_and_closed_joining(app, teacher):
    cid = new_class(teacher)
    code = join_code(teacher, cid)
    pupil = app.test_client()
    assert pupil.get("/en/j/ZZZZZZ").status_code == 404
    assert pupil.post("/en/join", data={"csrf_token": token(pupil), "code": "nonsense"}).status_code == 422
    form = {"csrf_token": token(teacher, f"/en/teach/classes/{cid}")}
    teacher.post(f"/en/teach/classes/{cid}/code", data={**form, "action": "close"})
    assert join(pupil, code).status_code == 409
    teacher.post(f"/en/teach/classes/{cid}/code", data={**form, "action": "open"})
    teacher.post(f"/en/teach/classes/{cid}/code", data={**form, "action": "new"})
    fresh = join_code(teacher, cid)
    assert fresh != code
    assert pupil.get(f"/en/j/{code}").status_code == 404
    assert join(pupil, fresh).status_code == 303


def test_leaving_the_class(app, teacher):
    cid = new_class(teacher)
    pupil = app.test_client()
    join(pupil, join_code(teacher, cid))
    response = pupil.post(f"/en/class/{cid}/leave", data={"csrf_token": token(pupil)})
    assert response.status_code == 303
    assert pupil.get(f"/en/class/{cid}").status_code == 404
    assert "Nobody has joined yet" in teacher.get(f"/en/teach/classes/{cid}").get_data(as_text=True)


def test_a_class_takes_at_most_sixty(app, teacher):
    cid = new_class(teacher)
    code = join_code(teacher, cid)
    with app.app_context():
        store = store_of(app)
        found = store.classroom.class_by_public_id(cid)
        for number in range(MEMBER_CAP):
            learner = store.learners.ensure(None)
            assert store.classroom.join(found, learner.id, [f"Mazo {number}"]).new
    late = app.test_client()
    response = join(late, code)
    assert response.status_code == 409
    assert "This class is full" in response.get_data(as_text=True)


def test_thirty_pupils_behind_one_address_with_two_typos_each_all_get_in_and_a_guesser_is_stopped(app, teacher):
    cid = new_class(teacher)
    code = join_code(teacher, cid)
    wrong = "ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY"
    for number in range(30):
        pupil = app.test_client()
        form = {"csrf_token": token(pupil)}
        for typo in (wrong, code[:5]):
            response = pupil.post("/en/join", data={**form, "code": typo}, environ_base={"REMOTE_ADDR": SCHOOL})
            assert response.status_code == 422, number
        assert join(pupil, code, address=SCHOOL).status_code == 303, number
    with app.app_context():
        assert len(store_of(app).classroom.members(store_of(app).classroom.class_by_public_id(cid).id)) == 30
    guesser = app.test_client()
    form = {"csrf_token": token(guesser)}
    spent = 0
    for _ in range(JOIN_BUDGET):
        response = guesser.post("/en/join", data={**form, "code": wrong}, environ_base={"REMOTE_ADDR": SCHOOL})
        if response.status_code == 429:
            break
        spent += 1
    assert spent == JOIN_BUDGET - 60  # the class's 60 typos and the guesser's share the budget
    stopped = guesser.post("/en/join", data={**form, "code": code}, environ_base={"REMOTE_ADDR": SCHOOL})
    assert stopped.status_code == 429  # the right code too: a guesser learns nothing
    assert 0 < int(stopped.headers["Retry-After"]) <= 60
    assert guesser.get(f"/en/j/{code}", environ_base={"REMOTE_ADDR": SCHOOL}).status_code == 429
    # Another address is not affected.
    assert join(app.test_client(), code, address="198.51.100.9").status_code == 303


def test_the_limit_forgives_one_wrong_code_a_minute(app, teacher):
    from tutor.store import ManualClock, use_clock

    clock = use_clock(app, ManualClock())
    guesser = app.test_client()
    form = {"csrf_token": token(guesser)}
    for _ in range(JOIN_BUDGET):
        guesser.post("/en/join", data={**form, "code": "ZZZZZZ"})
    assert guesser.post("/en/join", data={**form, "code": "ZZZZZZ"}).status_code == 429
    clock.advance(seconds=61)
    assert guesser.post("/en/join", data={**form, "code": "ZZZZZZ"}).status_code == 422
    assert guesser.post("/en/join", data={**form, "code": "ZZZZZZ"}).status_code == 429


# --- Dashboard and CSV -----------------------------------------------------------------------------


def pupils_with_answers(app, teacher, count: int):
    cid = new_class(teacher)
    code = join_code(teacher, cid)
    for _ in range(count):
        join(app.test_client(), code)
    with app.app_context():
        store = store_of(app)
        found = store.classroom.class_by_public_id(cid)
        assert found is not None
        members = store.classroom.members(found.id)
        for number, member in enumerate(members):
            entries = [LogEntry(STEP_ITEM, "lesson", number % 2 == 0) for _ in range(10)]
            store.attempts.append(member.learner_id, entries)
    return cid, members


def test_the_dashboard_shows_levels_as_icon_and_letter_and_who_needs_help(app, teacher):
    cid, members = pupils_with_answers(app, teacher, 2)
    html = teacher.get(f"/en/teach/classes/{cid}/dashboard").get_data(as_text=True)
    cells = find_all(html, "td", class_="level-cell")
    assert len(cells) == 2 * len(TOPICS)
    texts = [" ".join(cell.text.split()) for cell in cells]
    assert any(text.startswith("◑ P") and "Practised" in text for text in texts)  # 10 of 10 right
    assert any(text.startswith("◔ L!") and "Learning" in text for text in texts)  # 0 of 10 right: needs help
    assert sum(text.startswith("○ N") for text in texts) == 2 * (len(TOPICS) - 1)  # one topic answered
    helped = teacher.get(f"/en/teach/classes/{cid}/dashboard?filter=help").get_data(as_text=True)
    assert len(find_all(helped, "th", scope="row")) == 1  # the one pupil who needs help
    assert "Most missed this week" in html and "10 wrong answers" in html
    by_topic = teacher.get(f"/en/teach/classes/{cid}/dashboard?sort=card-ranking").get_data(as_text=True)
    first = find_all(by_topic, "th", scope="row")[0].text
    assert "needs help" not in first  # the practised pupil comes first
    page = teacher.get(f"/en/teach/classes/{cid}/pupils/{members[1].nickname}")
    assert page.status_code == 200 and "0 of 10 right" in page.get_data(as_text=True)
    assert teacher.get(f"/en/teach/classes/{cid}/pupils/Nobody 1").status_code == 404


def test_the_dashboard_reads_a_constant_number_of_queries(app, teacher):
    counts = []
    for size in (2, 6):
        cid, _members = pupils_with_answers(app, teacher, size)
        statements: list[str] = []

        def seen(conn, cursor, statement, *args, found=statements) -> None:
            found.append(statement)

        with app.app_context():
            engine = db.engine
        event.listen(engine, "before_cursor_execute", seen)
        try:
            assert teacher.get(f"/en/teach/classes/{cid}/dashboard").status_code == 200
        finally:
            event.remove(engine, "before_cursor_execute", seen)
        counts.append(len(statements))
    assert counts[0] == counts[1]


@pytest.mark.parametrize("lang, delimiter", [("en", ","), ("de", ";"), ("es", ";"), ("pl", ";"), ("sv", ";")])
def test_the_csv_export(app, teacher, lang, delimiter):
    cid, members = pupils_with_answers(app, teacher, 2)
    assert teacher.get(f"/{lang}/teach/classes/{cid}/export.csv").status_code == 405
    refused = teacher.post(f"/{lang}/teach/classes/{cid}/export.csv")
    assert refused.status_code == 400  # no CSRF token
    response = teacher.post(
        f"/{lang}/teach/classes/{cid}/export.csv", data={"csrf_token": token(teacher, "/en/teach/classes")}
    )
    assert response.status_code == 200 and response.mimetype == "text/csv"
    body = response.get_data()
    assert body.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig")), delimiter=delimiter))
    assert len(rows) == 1 + 2 and len(rows[0]) == 4 + len(TOPICS)
    assert sorted(row[0] for row in rows[1:]) == sorted(m.nickname for m in members)
    assert {row[2] for row in rows[1:]} == {"10"}


def test_csv_cells_that_look_like_formulas_are_escaped():
    text = csv_text(["a", "b"], [["=HYPERLINK(1)", "+1"], ["-2", "@x"], ["Ancho 27", "7"]], "en")
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    assert rows[1] == ["'=HYPERLINK(1)", "'+1"] and rows[2] == ["'-2", "'@x"] and rows[3] == ["Ancho 27", "7"]


def test_nicknames_are_unique_per_class(app, teacher):
    cid = new_class(teacher)
    with app.app_context():
        store = store_of(app)
        found = store.classroom.class_by_public_id(cid)
        first, second = store.learners.ensure(None), store.learners.ensure(None)
        assert store.classroom.join(found, first.id, ["Ancho 27"]).member.nickname == "Ancho 27"
        joined = store.classroom.join(found, second.id, ["Ancho 27", "Flor 3"])
        assert joined.member.nickname == "Flor 3"
        assert db.session.scalar(select(SchoolClass.members).where(SchoolClass.id == found.id)) == 2
        assert len(db.session.scalars(select(ClassMember)).all()) == 2
