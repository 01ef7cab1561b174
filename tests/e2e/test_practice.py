"""Practice hands in Chromium: a lesson-3 hand in Swedish by keyboard with one deviation, "show me" on a
lesson-5 hand in Spanish with the arrow keys, a hand without JavaScript in Polish, axe on every page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import serious_violations
from tests.e2e.test_lessons import tab_to
from tutor.content import hands_for
from tutor.engine.cards import Card
from tutor.engine.ranking import ARGENTINE

pytestmark = pytest.mark.e2e
RUN_URL = re.compile(r"/practice/[a-z0-9-]+/[0-9a-f]{16}")
KEY = "lowest-card-that-wins"


def version(page) -> str:
    return page.locator("#table").get_attribute("data-version")


def over(page) -> bool:
    return page.locator(".verdict").count() > 0


def settled_violations(page) -> list:
    """Axe on the moves as they stand, not half faded in (they appear one by one after an htmx swap,
    over several seconds; with reduced motion they are there at once)."""
    page.emulate_media(reduced_motion="reduce")
    page.wait_for_timeout(100)
    return serious_violations(page)


def wait_moved(page, before: str) -> None:
    page.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=before)


def test_a_lesson_3_hand_in_swedish_by_keyboard_with_one_deviation(page):
    page.goto(f"/sv/practice/{KEY}")
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    tab_to(page, ".practice-actions button[type=submit]")
    page.keyboard.press("Enter")
    page.wait_for_url(RUN_URL)
    # The opponent has led (the script); the coach says so, in the live region too.
    expect(page.locator(".coach-note")).to_have_count(1)
    led = Card.parse(page.locator(".seat-opponent .trick-slot svg.card").first.get_attribute("data-card"))
    buttons = page.locator("button.card-button")
    mine = [
        (
            Card.parse(buttons.nth(i).locator("svg.card").get_attribute("data-card")),
            buttons.nth(i).get_attribute("data-key"),
        )
        for i in range(buttons.count())
    ]
    winners = [(c, k) for c, k in mine if ARGENTINE.compare(c, led) > 0]
    assert len(winners) >= 2  # the deal pattern gives the learner two matas
    strongest = max(winners, key=lambda item: ARGENTINE.strength(item[0]))
    before = version(page)
    page.keyboard.press(strongest[1])  # the deviation: the strongest winner, not the cheapest
    wait_moved(page, before)
    expect(page.locator(".coach-note.is-mistake")).to_have_count(1)
    for _ in range(10):
        if over(page):
            break
        before = version(page)
        page.keyboard.press("1")
        wait_moved(page, before)
    assert over(page)
    expect(page.locator(".verdict .stars")).to_have_attribute("aria-label", re.compile("1"))
    assert settled_violations(page) == []
    # Try again by keyboard: a fresh run starts.
    first = page.url
    tab_to(page, ".hand-over button.btn-next")
    page.keyboard.press("Enter")
    page.wait_for_function("u => location.href !== u", arg=first)
    assert RUN_URL.search(page.url)
    expect(page.locator(".verdict")).to_have_count(0)


def test_show_me_on_a_lesson_5_hand_in_spanish_with_the_arrow_keys(page):
    spec = hands_for("envido-calls")[0]
    page.goto(f"/es/practice/{spec.key}/show?seed=11")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    count = page.locator(".walk-count")
    total = int(re.search(r"(\d+)\D*$", count.inner_text()).group(1))
    assert total >= 2
    notes_seen = 0
    for step in range(1, total + 1):
        page.keyboard.press("ArrowRight")
        page.wait_for_url(re.compile(rf"step={step}\b"))
        notes_seen = max(notes_seen, page.locator(".coach-note").count())
    assert notes_seen >= 1  # the coach spoke along the ideal line
    assert page.locator("[data-present-next]").count() == 0  # the end of the line
    assert serious_violations(page) == []
    page.keyboard.press("ArrowLeft")
    page.wait_for_url(re.compile(rf"step={total - 1}\b"))


def test_a_practice_hand_without_javascript_in_polish(browser, base_url):
    context = browser.new_context(java_script_enabled=False, base_url=base_url)
    page = context.new_page()
    page.goto(f"/pl/practice/{KEY}")
    page.locator(".practice-actions button[type=submit]").click()
    page.wait_for_url(RUN_URL)
    for _ in range(12):
        if over(page):
            break
        if page.locator(".card-button").count():
            page.locator(".card-button").first.click()
        else:
            page.locator("#table .calls button").first.click()
        page.wait_for_load_state()
    assert over(page)
    assert page.locator(".coach-note").count() >= 2
    page.locator(".hand-links a[href$='/review']").click()
    page.wait_for_load_state()
    assert page.locator(".review-step").count() >= 4
    context.close()


@pytest.mark.parametrize(
    "path",
    [
        "/en/practice",
        f"/de/practice/{KEY}",
        f"/es/practice/{KEY}/show?seed=3&step=2",
        f"/sv/practice/{KEY}/present?seed=3&step=1&faces=1",
    ],
)
def test_practice_pages_pass_axe(page, path):
    page.goto(path)
    assert serious_violations(page) == []


@pytest.mark.parametrize("width", [390, 1280])
def test_the_practice_table_fits_and_passes_axe(page, width):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"/en/practice/{KEY}")
    page.locator(".practice-actions button[type=submit]").click()
    page.wait_for_url(RUN_URL)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    assert settled_violations(page) == []
