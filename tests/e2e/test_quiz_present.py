"""Projector mode of the quizzes and of the daily challenge in Chromium (issue 18): at 1280x720, in
English and in Polish (the app's longest words), every question of every topic quiz, of an exam and
of a day's challenge shows its prompt, its cards, the button that shows the answer and Previous /
Next without scrolling, and once the answer is shown the answer and the engine's
explanation too; the arrow keys move; axe finds nothing serious; nothing is recorded.

Which question stands at which place comes from ``tutor.learning.draw`` (the quiz's seed), never
from the page.
"""

from __future__ import annotations

import re
from datetime import date

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import serious_violations
from tutor.learning import EXAM, TOPICS
from tutor.learning.draw import DAILY, daily_seed, quiz_questions

pytestmark = pytest.mark.e2e

WIDTH, HEIGHT = 1280, 720
SEED = 5
DAY = date(2026, 1, 31)
IN_VIEW = (
    "#present-question",
    ".present-question .card-row",
    ".present-question .seats-block",
    ".present-question .log-block",
    ".present-question .facts",
    ".present-options",
    "[data-present-reveal]",
    ".present-nav .button",
    ".reveal-body .expected",
    ".reveal-body .explanation",
)
"""What must be inside the window (those the question has)."""


BOXES = """([selectors, width, height, absent, once]) => {
    const problems = [];
    for (const selector of absent) {
        if (document.querySelector(selector) !== null) problems.push(`${selector} is shown`);
    }
    for (const selector of once) {
        const count = document.querySelectorAll(selector).length;
        if (count !== 1) problems.push(`${selector}: ${count} on the page, not 1`);
    }
    for (const selector of selectors) {
        for (const element of document.querySelectorAll(selector)) {
            if (element.getClientRects().length === 0) {
                problems.push(`${selector} is not drawn`);
                continue;
            }
            const box = element.getBoundingClientRect();
            if (box.top < 0 || box.bottom > height || box.left < 0 || box.right > width) {
                problems.push(`${selector} at ${Math.round(box.top)}+${Math.round(box.height)}`);
            }
        }
    }
    const scroll = [document.scrollingElement.scrollWidth, document.scrollingElement.scrollHeight];
    if (scroll[0] > width || scroll[1] > height) {
        problems.push(`the page scrolls: [${scroll.join(", ")}]`);
    }
    return problems;
}"""
"""What is wrong with the page's layout, measured in the page in one call (a locator and a bounding
box for each part would cost two round trips to the browser each): an element of ``absent`` shown, an
element of ``once`` missing or repeated, a part not drawn or not wholly inside the window, a page that
scrolls."""
SITE_CHROME = ".site-header, .site-nav, .site-footer"
"""Projector mode shows none of the site's header, menu and footer."""


def outside_the_window(page, absent: tuple[str, ...] = (), once: tuple[str, ...] = ()) -> list[str]:
    """The parts of the page not wholly inside the 1280x720 window, and a page that scrolls (and what
    ``absent`` and ``once`` find wrong: see ``BOXES``)."""
    return page.evaluate(BOXES, [list(IN_VIEW), WIDTH, HEIGHT, list(absent), list(once)])


QUIZZES = [topic.key for topic in TOPICS] + [EXAM, DAILY]


def quiz_paths(lang: str, key: str):
    """Each question's projector page of one quiz (the exam, the daily challenge of ``DAY``)."""
    if key == DAILY:
        for number in range(1, len(quiz_questions(DAILY, daily_seed(DAY))) + 1):
            yield f"/{lang}/daily/present?date={DAY.isoformat()}&q={number}"
        return
    for number in range(1, len(quiz_questions(key, SEED)) + 1):
        yield f"/{lang}/quiz/{key}/present?seed={SEED}&q={number}"


def press_when_loaded(page, key: str) -> None:
    """Press a key once the page's deferred scripts have run (present.js binds the keys)."""
    page.wait_for_load_state("load")
    page.keyboard.press(key)


@pytest.mark.parametrize("key", QUIZZES)
@pytest.mark.parametrize("lang", ["en", "pl"])
def test_every_question_and_its_answer_fit_a_1280_by_720_projector(page, lang, key):
    """Every question of the quiz (one test per quiz, so that the workers share them), before and
    with the answer shown: the prompt, the cards, the options, the button, Previous / Next and then
    the answer and the explanation are inside the window, and the page does not scroll. (The R key
    that shows the answer is the next test's.)"""
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    problems = []
    for path in quiz_paths(lang, key):
        # The pages are drawn by the server: once loaded, what they show is there to measure.
        page.goto(path)
        problems += [f"{path}: {p}" for p in outside_the_window(page, absent=(SITE_CHROME,))]
        page.goto(path + "&reveal=1")
        problems += [f"{path}&reveal=1: {p}" for p in outside_the_window(page, once=(".reveal-body .explanation",))]
    assert problems == [], "\n".join(problems)


def test_the_start_page_opens_projector_mode_and_the_keys_move_and_reveal(page):
    drawn = quiz_questions("envido-counting", SEED)
    page.goto(f"/en/quiz/envido-counting?seed={SEED}")
    page.get_by_role("link", name="Projector mode").click()
    expect(page).to_have_url(re.compile(rf"/en/quiz/envido-counting/present\?seed={SEED}&q=1$"))
    expect(page.locator(".present-count")).to_have_text(f"Question 1 of {len(drawn)}")
    press_when_loaded(page, "ArrowRight")
    expect(page).to_have_url(re.compile(r"&q=2$"))
    press_when_loaded(page, "PageDown")
    expect(page).to_have_url(re.compile(r"&q=3$"))
    press_when_loaded(page, "PageUp")
    expect(page).to_have_url(re.compile(r"&q=2$"))
    press_when_loaded(page, "ArrowLeft")
    expect(page).to_have_url(re.compile(r"&q=1$"))
    press_when_loaded(page, "ArrowLeft")  # nothing before the first question
    expect(page).to_have_url(re.compile(r"&q=1$"))
    expect(page.locator(".reveal-body")).to_have_count(0)
    press_when_loaded(page, "r")
    expect(page.locator(".reveal-body .expected")).to_contain_text(str(drawn[0].question.expected))
    expect(page.locator(".reveal-body .explanation")).to_be_visible()
    press_when_loaded(page, "R")  # R again hides it
    expect(page).to_have_url(re.compile(r"&q=1$"))
    expect(page.locator(".reveal-body")).to_have_count(0)
    page.get_by_role("link", name="Show the answer").click()  # the button without a key
    expect(page.locator(".reveal-body .expected")).to_be_visible()
    page.get_by_role("link", name="Leave projector mode").click()
    expect(page).to_have_url(re.compile(rf"/en/quiz/envido-counting\?seed={SEED}$"))


def test_the_daily_page_opens_its_projector_mode(page):
    page.goto(f"/en/daily?date={DAY.isoformat()}")
    page.get_by_role("link", name="Projector mode").click()
    expect(page).to_have_url(re.compile(rf"/en/daily/present\?date={DAY.isoformat()}&q=1$"))
    drawn = quiz_questions(DAILY, daily_seed(DAY))
    expect(page.locator(".present-count")).to_have_text(f"Question 1 of {len(drawn)}")


@pytest.mark.parametrize(
    "path",
    [
        f"/en/quiz/flor/present?seed={SEED}&q=1",
        f"/en/quiz/flor/present?seed={SEED}&q=1&reveal=1",
        f"/pl/quiz/{EXAM}/present?seed={SEED}&q=2&reveal=1",
        f"/en/daily/present?date={DAY.isoformat()}&q=3",
        f"/pl/daily/present?date={DAY.isoformat()}&q=3&reveal=1",
        f"/en/quiz/flor/present?seed={SEED}&q=99",
    ],
)
def test_axe_finds_no_serious_or_critical_violation(page, path):
    page.goto(path)
    assert serious_violations(page) == []


@pytest.mark.parametrize("width", [320, 390])
def test_projector_pages_do_not_scroll_sideways_on_a_phone(page, width):
    page.set_viewport_size({"width": width, "height": 844})
    for path in (
        f"/pl/quiz/pairs-and-trios/present?seed={SEED}&q=5&reveal=1",
        f"/pl/quiz/truco-calls/present?seed={SEED}&q=9&reveal=1",
        f"/pl/daily/present?date={DAY.isoformat()}&q=2&reveal=1",
        f"/pl/quiz/flor/present?seed={SEED}&q=1",
    ):
        page.goto(path)
        assert page.evaluate("document.scrollingElement.scrollWidth") <= width, path
