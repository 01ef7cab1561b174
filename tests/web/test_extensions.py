"""Extension points (tutor/web/shared/extensions.py): what the practice and review features show on the
lesson pages, through the points, and the lesson pages without the practice feature at all."""

from __future__ import annotations

import pytest
from flask import Blueprint, Flask

from tests.conftest import dispose, find_all, make_app
from tutor.content import all_lessons, get_lesson, hands_for
from tutor.i18n import load_translations
from tutor.web.shared import extensions
from tutor.web.shared.extensions import (
    LESSON_END_LINKS,
    LESSON_MAP_LINKS,
    LESSON_MAP_NOTES,
    LESSON_SUMMARY_SECTIONS,
    POINTS,
    ExtensionPoint,
    Link,
)

LESSON = next(lesson for lesson in all_lessons() if len(hands_for(lesson.key)) >= 2)
"""A lesson with practice hands."""


def last_step_url(lesson, lang: str = "en") -> str:
    return f"/{lang}/lessons/{lesson.key}/{lesson.steps[-1].key}"


# --- The registry -------------------------------------------------------------------------------------


def first(text: str) -> Link:
    return Link("/first", text)


def second(text: str) -> Link | None:
    return None if text == "quiet" else Link("/second", text.upper())


def test_a_point_calls_its_contributions_in_order_and_drops_the_nones():
    point: ExtensionPoint[[str], Link] = ExtensionPoint("probe", "A probe.")
    app, other = Flask("probe"), Flask("other")
    with app.app_context():
        assert point.gather("x") == []  # nothing registered: nothing shown, no error
    point.register(app, second, order=20)
    point.register(app, first, order=10)
    point.register(app, first, order=10)  # again: replaced, not doubled
    with app.app_context():
        assert point.gather("hi") == [Link("/first", "hi"), Link("/second", "HI")]
        assert point.gather("quiet") == [Link("/first", "quiet")]
        assert point.contributions() == [first, second]
    with other.app_context():
        assert point.gather("hi") == []  # kept per app


def test_the_app_registers_the_lesson_pages_contributions(app):
    who = {point.name: [f"{c.__module__}.{c.__name__}" for c in point.contributions(app)] for point in POINTS}
    assert who == {
        "lesson map notes": ["tutor.web.review.views.lesson_map_note"],
        "lesson map links": ["tutor.web.practice.views.lesson_map_link"],
        "lesson end links": ["tutor.web.practice.views.lesson_end_link"],
        "lesson summary sections": ["tutor.web.practice.views.lesson_summary_section"],
        "home links": [
            "tutor.web.classroom.my_class_link",
            "tutor.web.people.home_link",
            "tutor.web.club.home_link",
            "tutor.web.classroom.for_teachers",
            "tutor.web.classroom.join_link",
        ],
        "teacher links": ["tutor.web.club.teacher_link", "tutor.web.live.start_link"],
        "class page links": ["tutor.web.live.class_start_link", "tutor.web.people.class_tables_link"],
        "class page sections": ["tutor.web.live.class_sessions"],
        "live summary actions": ["tutor.web.classroom.live_assign_missed"],
        "footer links": [
            "tutor.web.device.views._footer_link",
            "tutor.web.privacy.privacy_link",
            "tutor.web.privacy.my_data_link",
        ],
    }
    assert {
        getattr(extensions, name)
        for name in dir(extensions)
        if name.startswith(("LESSON_", "HOME_", "TEACHER_", "CLASS_PAGE_", "LIVE_", "FOOTER_"))
    } == set(POINTS)


# --- What the lesson pages show of the other features --------------------------------------------------


def test_the_lesson_pages_link_to_the_lessons_practice_hands(client):
    count = len(hands_for(LESSON.key))
    card = find_all(client.get("/en/lessons").get_data(as_text=True), "li", id=f"lesson-{LESSON.key}")
    assert card
    html = client.get("/en/lessons").get_data(as_text=True)
    assert f'<a href="/en/practice#lesson-{LESSON.key}">{count} practice hands<span class="visually-hidden">' in html
    step = client.get(last_step_url(LESSON)).get_data(as_text=True)
    assert f"Play this lesson at the table: {count} practice hands</a>" in step
    done = client.get(f"/en/lessons/{LESSON.key}/done").get_data(as_text=True)
    titles = [a.text for a in find_all(done, "a") if a.attrs.get("href", "").startswith("/en/practice/")]
    assert titles == [spec.title for spec in hands_for(LESSON.key)]
    assert "<h2" in done and "Play it at the table</h2>" in done
    first_step = client.get(f"/en/lessons/{LESSON.key}/{LESSON.steps[0].key}").get_data(as_text=True)
    assert "Play this lesson at the table" not in first_step  # only on the last step


def test_the_contributions_speak_the_pages_language(client):
    count = len(hands_for(LESSON.key))
    de = load_translations("de")
    html = client.get("/de/lessons").get_data(as_text=True)
    assert de.ngettext("%(num)s practice hand", "%(num)s practice hands", count) % {"num": count} in html
    step = client.get(last_step_url(LESSON, "de")).get_data(as_text=True)
    invitation = de.ngettext(
        "Play this lesson at the table: %(num)s practice hand",
        "Play this lesson at the table: %(num)s practice hands",
        count,
    ) % {"num": count}
    assert invitation in step and invitation != f"Play this lesson at the table: {count} practice hands"


# --- Without the practice feature --------------------------------------------------------------------


@pytest.fixture
def app_without_practice(tmp_path, monkeypatch):
    """The app as create_app builds it, but the practice feature's blueprint and init_app left out."""
    import tutor.web.practice

    monkeypatch.setattr(tutor.web.practice, "bp", Blueprint("no_practice", __name__))
    monkeypatch.setattr(tutor.web.practice, "init_app", lambda app: None)
    app = make_app(tmp_path)
    yield app
    dispose(app)


def test_the_lesson_pages_render_without_the_practice_feature(app_without_practice):
    app = app_without_practice
    assert not [rule for rule in app.url_map.iter_rules() if rule.endpoint.startswith("practice.")]
    for point in (LESSON_MAP_LINKS, LESSON_END_LINKS, LESSON_SUMMARY_SECTIONS):
        assert point.contributions(app) == []
    assert [c.__name__ for c in LESSON_MAP_NOTES.contributions(app)] == ["lesson_map_note"]  # the review's is there
    client = app.test_client()
    pages = {
        url: client.get(url)
        for url in (
            "/en/lessons",
            last_step_url(LESSON),
            f"/en/lessons/{LESSON.key}/done",
            "/de/lessons",
            f"/en/lessons/{LESSON.key}/present/1",
        )
    }
    assert {url: response.status_code for url, response in pages.items()} == dict.fromkeys(pages, 200)
    for url, response in pages.items():
        html = response.get_data(as_text=True)
        assert "/en/practice" not in html and "/de/practice" not in html and "practice hand" not in html, url
    assert "Projector mode" in pages["/en/lessons"].get_data(as_text=True)  # the lessons' own links stay
    assert find_all(pages[f"/en/lessons/{LESSON.key}/done"].get_data(as_text=True), "ol", class_="summary-steps")


def test_a_lesson_without_hands_gets_no_practice_link(client):
    without = [lesson for lesson in all_lessons() if not hands_for(lesson.key)]
    if not without:
        pytest.skip("every lesson has practice hands")
    lesson = get_lesson(without[0].key)
    assert "Play this lesson at the table" not in client.get(last_step_url(lesson)).get_data(as_text=True)
    assert "Play it at the table" not in client.get(f"/en/lessons/{lesson.key}/done").get_data(as_text=True)
