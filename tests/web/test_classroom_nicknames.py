"""Nicknames people choose (a pupil in a class of teens and adults, a teacher renaming a pupil): the
blocklist, matched without case or accents and on parts of words, and the join page's own-nickname
form (issue 17)."""

from __future__ import annotations

import pytest

from tests.web.classroom_helpers import cheap_hashes, join_code, new_class, sign_up, token
from tutor.store import store_of
from tutor.web.classroom.nicknames import nickname_problem
from tutor.web.shared.blocklist import blocked, blocked_words
from tutor.web.shared.nicknames import NUMBERS, WORDS

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

HARMLESS = [
    "Computadora", "Ahora", "Principal", "Vergüenza", "Ana María", "Bruno", "Łucja", "Zoë", "Grażyna",
    "Essex", "Sexto", "Analía", "Canal", "Peacock", "Dickens", "Hancock", "Controlo", "Cálculo", "Pijama",
    "Ortografía", "Concha", "Ignazio", "Kukkonen", "Pedał", "Christoph", "Dorota", "Hortensia", "Cocktail",
    "Sebastián", "Jebediah", "Cipriano", "Björn", "Åsa", "Małgorzata", "Sorbete", "Cabra", "Pendiente",
]  # fmt: skip
"""Words and names that contain a listed word's letters in part or look close to one, and are harmless."""
OFFENSIVE = [
    "Sh1t head", "SCHEISSE 9", "Scheiße", "ku.rwa", "KURWA 3", "Pelotudo 7", "Hijo de puta", "F.u.c.k",
    "Arsch-loch", "fitta", "PIERDOLE", "jebać", "Mierda 27", "BOLUDA", "maricón", "wichser99", "5h1t",
]  # fmt: skip


def test_no_generated_nickname_is_blocked():
    assert [name for w in WORDS for n in NUMBERS if blocked(name := f"{w} {n}")] == []


@pytest.mark.parametrize("name", HARMLESS)
def test_harmless_names_pass(name):
    assert not blocked(name)


@pytest.mark.parametrize("name", OFFENSIVE)
def test_offensive_words_are_caught_in_any_case_spelling_or_part(name):
    assert blocked(name)
    assert nickname_problem(name) in ("blocked", "chars")


def test_every_language_has_a_list():
    import tomllib
    from pathlib import Path

    import tutor.web.shared.blocklist as module

    data = tomllib.loads(Path(module.__file__).with_name("nickname-blocklist.toml").read_text(encoding="utf-8"))
    assert set(data) == {"en", "de", "sv", "pl", "es"} and all(len(words) >= 10 for words in data.values())
    assert len(blocked_words()) >= 50


@pytest.fixture(autouse=True)
def _cheap_hashes(monkeypatch):
    cheap_hashes(monkeypatch)


@pytest.fixture
def classes(app):
    teacher = app.test_client()
    sign_up(teacher)
    teens, children = new_class(teacher, "Evening club", age="teens"), new_class(teacher, "Year 3")
    return teacher, join_code(teacher, teens), join_code(teacher, children)


def own(client, code, nickname, lang="en"):
    return client.post(f"/{lang}/j/{code}", data={"csrf_token": token(client), "action": "own", "own": nickname})


def test_a_teen_joins_under_a_nickname_of_their_own(app, classes):
    _teacher, teens, _children = classes
    pupil = app.test_client()
    assert "Or a nickname of your own" in pupil.get(f"/en/j/{teens}").get_data(as_text=True)
    response = own(pupil, teens, "  La   Gata ")
    assert response.status_code == 303
    with app.app_context():
        store = store_of(app)
        assert [m.nickname for m in store.classroom.members(store.classroom.class_by_code(teens).id)] == ["La Gata"]


def test_a_blocked_or_taken_nickname_is_refused_with_a_message(app, classes):
    _teacher, teens, _children = classes
    assert own(app.test_client(), teens, "Gata").status_code == 303
    for nickname, message in (
        ("Pelotudo 1", "This nickname is not allowed."),
        ("gata", "already has this nickname"),
        ("", "Type a nickname."),
        ("<b>", "Use letters, digits and spaces only"),
    ):
        pupil = app.test_client()
        response = own(pupil, teens, nickname)
        assert response.status_code == 422 and message in response.get_data(as_text=True)
        assert pupil.get(f"/en/j/{teens}").status_code == 200  # not joined


def test_children_classes_take_generated_nicknames_only(app, classes):
    _teacher, _teens, children = classes
    pupil = app.test_client()
    assert "Or a nickname of your own" not in pupil.get(f"/en/j/{children}").get_data(as_text=True)
    assert own(pupil, children, "La Gata").status_code == 400


def test_a_teacher_cannot_rename_a_pupil_to_a_blocked_word(app, classes):
    teacher, teens, _children = classes
    own(app.test_client(), teens, "Gata")
    with app.app_context():
        cid = store_of(app).classroom.class_by_code(teens).public_id
    response = teacher.post(
        f"/en/teach/classes/{cid}/pupils/Gata/rename", data={"csrf_token": token(teacher), "nickname": "Scheiße"}
    )
    assert response.status_code == 422 and "not allowed" in response.get_data(as_text=True)
