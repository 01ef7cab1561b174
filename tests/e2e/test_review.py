"""The review of mistakes and the progress page in Chromium: a wrong lesson answer comes back in the
review (with htmx, then without JavaScript), the header's badge and the lesson map count it, the
phone header stays one row, and axe finds no serious or critical violation on either page, empty or
full.

The live server runs in this process, so the app's clock (``tutor.store.OffsetClock``)
is moved forward by the test instead of waiting for FSRS's 1-minute learning step.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import serious_violations
from tutor.content import get_lesson
from tutor.content.checks import make_question

pytestmark = pytest.mark.e2e
LESSON = get_lesson("card-ranking")
STEP = LESSON.step("false-aces")  # a choice between cards


def seed_of(page) -> int:
    return int(page.locator("#check input[name=seed]").get_attribute("value"))


def answer_lesson_wrong(page, lang: str = "en") -> None:
    page.goto(f"/{lang}/lessons/{LESSON.key}/{STEP.key}")
    question = make_question(STEP.check, seed_of(page))
    accepted = question.accepted or {question.expected}
    wrong = next(o.value for o in question.options if o.value not in accepted)
    page.locator(f'#check button[name=answer][value="{wrong}"]').click()
    expect(page.locator("#feedback .verdict-wrong")).to_be_visible()


def test_a_missed_question_comes_back_in_the_review_and_goes_away_when_answered(page, later):
    answer_lesson_wrong(page)
    later(minutes=2)
    page.goto("/en/lessons")
    expect(page.locator(".review-line a")).to_have_text("1 question is due for review")
    page.locator(".review-line a").click()
    expect(page).to_have_url(f"{page.url.split('/en/')[0]}/en/review")
    expect(page.locator("#check-title")).to_have_text(STEP.title)
    badge = page.locator("#badge-review-index")
    expect(badge).to_have_attribute("id", "badge-review-index")
    assert "1" in badge.inner_text()
    assert serious_violations(page) == []

    question = make_question(STEP.check, seed_of(page))
    page.locator(f'#check button[name=answer][value="{question.expected}"]').click()
    expect(page.locator("#feedback .verdict-right")).to_be_visible()
    expect(page.locator("#feedback .explanation")).to_be_visible()
    expect(page.locator("#badge-review-index")).to_be_hidden()  # updated out of band
    expect(page.locator("#today")).to_contain_text("2 of 10")
    assert serious_violations(page) == []
    page.locator("#feedback a.primary").click()
    expect(page.locator("#check-title")).to_have_text("Nothing is due right now")
    assert serious_violations(page) == []


def test_the_review_works_without_javascript(browser, live_server, later):
    context = browser.new_context(java_script_enabled=False, base_url=live_server.url)
    page = context.new_page()
    try:
        answer_lesson_wrong(page, "de")
        later(minutes=2)
        page.goto("/de/review")
        question = make_question(STEP.check, seed_of(page))
        page.locator(f'#check button[name=answer][value="{question.expected}"]').click()
        expect(page.locator("#feedback .verdict-right")).to_be_visible()
        assert page.url.endswith(f"/de/review/{LESSON.key}/{STEP.key}")
    finally:
        context.close()


@pytest.mark.parametrize("path", ["/en/review", "/pl/progress"])
def test_axe_on_the_empty_review_and_progress_pages(page, path):
    page.goto(path)
    assert serious_violations(page) == []


@pytest.mark.parametrize("lang", ["en", "es"])
def test_axe_on_a_full_progress_page(page, later, lang):
    answer_lesson_wrong(page, lang)
    later(minutes=2)
    page.goto(f"/{lang}/progress")
    expect(page.locator(".accuracy-chart svg")).to_have_count(1)
    expect(page.locator(".missed-list li")).to_have_count(1)
    assert serious_violations(page) == []


@pytest.mark.parametrize("lang", ["en", "de", "sv", "pl", "es"])
@pytest.mark.parametrize("width", [390, 1280])
def test_the_header_with_a_badge_stays_one_row(page, later, width, lang):
    page.set_viewport_size({"width": width, "height": 844})
    answer_lesson_wrong(page, lang)
    later(minutes=2)
    page.goto(f"/{lang}/progress")
    assert page.locator(".site-header").bounding_box()["height"] <= 64
    if width == 390:
        page.locator(".site-menu summary").click()
    expect(page.locator("#badge-review-index")).to_be_visible()
    assert page.locator(".site-header").bounding_box()["height"] <= 64
    if width == 1280:
        tops = {round(box["y"]) for box in (link.bounding_box() for link in page.locator(".site-nav a").all())}
        assert len(tops) == 1
