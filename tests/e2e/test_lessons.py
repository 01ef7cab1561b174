"""The lessons in Chromium: a whole lesson with the keyboard only, a wrong answer then a right one,
progress across browser sessions, projector mode with the arrow keys, accessibility, sizes.

Each check is answered from the engine's answer for the seed in the page's hidden field (the
content API), then the form is operated with the keyboard like a learner would.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.conftest import ROOT
from tests.e2e.conftest import serious_violations
from tests.web.test_lessons import wrong_answer
from tutor.content import all_lessons, get_lesson
from tutor.content.checks import AnswerType, make_question
from tutor.engine.envido import envido

pytestmark = pytest.mark.e2e
SCREENSHOTS = ROOT / "docs" / "screenshots"


def focused_matches(page, selector: str) -> bool:
    return page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector)


def tab_to(page, selector: str, limit: int = 120) -> None:
    """Press Tab until the focused element matches ``selector`` (what a keyboard user does)."""
    for _ in range(limit):
        if focused_matches(page, selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def question_on_page(page, lesson_key: str):
    """The step shown (by its URL) and the engine's question for the seed in the form."""
    step_key = page.url.split("?")[0].rstrip("/").rsplit("/", 1)[1]
    step = get_lesson(lesson_key).step(step_key)
    seed = int(page.locator("#check input[name=seed]").get_attribute("value"))
    return step, make_question(step.check, seed)


def answer_with_keyboard(page, question) -> None:
    """Give the engine's answer through the form with Tab, Space, Enter and typing only."""
    kind = question.answer_type
    if kind is AnswerType.CHOICE:
        tab_to(page, f'#check button[name=answer][value="{question.expected}"]')
        page.keyboard.press("Enter")
        return
    if kind is AnswerType.CHOICES:
        for value in question.expected:
            tab_to(page, f'#check input[name=answer][value="{value}"]')
            page.keyboard.press("Space")
    elif kind is AnswerType.NUMBER:
        tab_to(page, "#answer-number")
        page.keyboard.type(str(question.expected))
    elif kind is AnswerType.ORDER:  # the cards are buttons (order.js): Enter on each, strongest first
        for group in question.expected:
            for number, card in enumerate(sorted(group)):
                if number:
                    tab_to(page, "#check .order-tie")
                    page.keyboard.press("Enter")
                tab_to(page, f'#check .order-card:has(svg[data-card="{card}"]) .order-pick')
                page.keyboard.press("Enter")
    else:
        tab_to(page, "#answer-points")
        page.keyboard.type(str(question.expected.points))
        tab_to(page, f'#check input[name=team][value="{question.expected.team}"]')
        page.keyboard.press("Space")
    tab_to(page, "#check .check-button")
    page.keyboard.press("Enter")


def test_a_learner_completes_lesson_2_in_polish_with_the_keyboard_only(page):
    lesson = get_lesson("card-ranking")
    page.goto("/pl/lessons")
    tab_to(page, f'a[href="/pl/lessons/{lesson.key}"]')
    page.keyboard.press("Enter")
    for number, expected_step in enumerate(lesson.steps, start=1):
        expect(page).to_have_url(re.compile(rf"/pl/lessons/{lesson.key}/{expected_step.key}$"))
        expect(page.locator("html")).to_have_attribute("lang", "pl")
        step, question = question_on_page(page, lesson.key)
        answer_with_keyboard(page, question)
        expect(page.locator("#feedback .verdict-right")).to_be_visible()
        # the feedback's main action has the focus, so Enter goes on
        next_link = page.locator("#feedback a.primary")
        expect(next_link).to_be_focused()
        expect(page.locator("#lesson-progress-bar")).to_have_attribute("value", str(number))
        page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(rf"/pl/lessons/{lesson.key}/done$"))
    expect(page.locator(".big-stars .star.is-on")).to_have_count(3)
    tab_to(page, '.actions a[href="/pl/lessons"]')
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/pl/lessons$"))
    card = page.locator(f"#lesson-{lesson.key}")
    expect(card).to_have_class(re.compile(r"\bis-complete\b"))
    expect(card.locator(".state-mark")).to_be_visible()
    expect(card.locator("progress")).to_have_attribute("value", str(len(lesson.steps)))
    expect(page.locator("#lesson-deck-and-table")).to_have_class(re.compile(r"\bis-new\b"))


def test_a_wrong_then_right_answer_in_german_shows_the_engines_explanation(page):
    lesson = get_lesson("envido-counting")
    page.goto(f"/de/lessons/{lesson.key}/two-of-a-suit")
    step, question = question_on_page(page, lesson.key)
    field = page.locator("#answer-number")
    field.fill(str(wrong_answer(question)))
    page.locator("#check .check-button").click()
    verdict = page.locator("#feedback .verdict-wrong")
    expect(verdict).to_be_visible()
    result = envido(question.situation.cards)
    formula = " + ".join(str(v) for v in [20, *(card.envido_value for card in result.counted)])
    expect(verdict.locator(".formula")).to_contain_text(f"{formula} = {result.points}")
    expect(verdict.locator(".expected")).to_contain_text(str(result.points))
    expect(page).to_have_url(re.compile(r"/two-of-a-suit$"))  # the answer swapped in place

    page.locator("#feedback a.primary").click()  # try again: a fresh variant
    expect(page).to_have_url(re.compile(r"\?seed=\d+$"))
    expect(page.locator("#feedback .verdict")).to_have_count(0)
    step, again = question_on_page(page, lesson.key)
    assert again.seed != question.seed
    expect(page.locator("#answer-number")).to_be_focused()
    page.keyboard.type(str(again.expected))
    page.keyboard.press("Enter")
    expect(page.locator("#feedback .verdict-right")).to_be_visible()
    expect(page.locator("#feedback .explanation-headline")).to_contain_text(str(again.expected))


def test_a_step_without_a_check_is_continued_with_the_keyboard(page):
    lesson = get_lesson("envido-counting")
    first, second = lesson.steps[:2]
    assert first.check is None
    page.goto(f"/en/lessons/{lesson.key}")
    expect(page).to_have_url(re.compile(rf"/{first.key}$"))
    tab_to(page, ".continue-form button")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(rf"/{second.key}$"))
    expect(page.locator("h1")).to_have_text(second.title)
    expect(page.locator(".step-dot").first).to_have_class(re.compile(r"\bis-done\b"))


def _answer_first_check(page, lesson_key: str) -> None:
    page.goto(f"/en/lessons/{lesson_key}")
    step, question = question_on_page(page, lesson_key)
    answer_with_keyboard(page, question)
    expect(page.locator("#feedback .verdict-right")).to_be_visible()


def test_progress_survives_closing_the_browser(browser, live_server):
    first = browser.new_context(base_url=live_server.url)
    page = first.new_page()
    _answer_first_check(page, "card-ranking")
    saved = first.storage_state()
    first.close()  # the browser is closed; only what it stored on disk remains

    again = browser.new_context(base_url=live_server.url, storage_state=saved)
    page = again.new_page()
    page.goto("/en/lessons")
    expect(page.locator("#lesson-card-ranking progress")).to_have_attribute("value", "1")
    expect(page.locator(".resume a")).to_have_attribute("href", "/en/lessons/card-ranking")
    page.locator(".resume a").click()
    expect(page).to_have_url(re.compile(r"/en/lessons/card-ranking/matas$"))
    again.close()

    stranger = browser.new_context(base_url=live_server.url)
    page = stranger.new_page()
    page.goto("/en/lessons")
    expect(page.locator("#lesson-card-ranking progress")).to_have_attribute("value", "0")
    stranger.close()


def press_when_loaded(page, key):
    """Press a key once the page's deferred scripts have run (present.js binds the arrow keys)."""
    page.wait_for_load_state("load")
    page.keyboard.press(key)


def test_projector_mode_moves_with_the_arrow_keys(page):
    lesson = get_lesson("envido-counting")
    page.goto("/en/lessons")
    page.locator(f'#lesson-{lesson.key} a[href$="/present/1"]').click()
    expect(page).to_have_url(re.compile(rf"/{lesson.key}/present/1$"))
    expect(page.locator("h1")).to_have_text(lesson.steps[0].title)
    press_when_loaded(page, "ArrowRight")
    expect(page).to_have_url(re.compile(rf"/{lesson.key}/present/2$"))
    expect(page.locator("h1")).to_have_text(lesson.steps[1].title)
    press_when_loaded(page, "ArrowRight")
    expect(page).to_have_url(re.compile(rf"/{lesson.key}/present/3$"))
    press_when_loaded(page, "ArrowLeft")
    expect(page).to_have_url(re.compile(rf"/{lesson.key}/present/2$"))
    expect(page.locator("h1")).to_have_text(lesson.steps[1].title)

    press_when_loaded(page, "ArrowRight")  # step 3 has a check: its answer stays hidden until asked for
    reveal = page.locator("details.reveal")
    expect(reveal.locator(".reveal-body")).to_be_hidden()
    tab_to(page, "details.reveal > summary")
    page.keyboard.press("Enter")
    expect(reveal.locator(".reveal-body")).to_be_visible()
    question = make_question(lesson.steps[2].check, 1)
    expect(reveal.locator(".expected")).to_contain_text(str(question.expected))
    press_when_loaded(page, "ArrowLeft")
    expect(page).to_have_url(re.compile(rf"/{lesson.key}/present/2$"))
    page.goto(f"/en/lessons/{lesson.key}/present/1")
    press_when_loaded(page, "ArrowLeft")  # nothing before the first step
    expect(page).to_have_url(re.compile(rf"/{lesson.key}/present/1$"))


@pytest.mark.parametrize(
    "path",
    [
        "/en/lessons",
        "/en/lessons/tricks-and-parda/a-trick",
        "/de/lessons/deck-and-table/mano",
        "/en/lessons/envido-counting/present/3",
    ],
)
def test_axe_finds_no_serious_or_critical_violation(page, path):
    page.goto(path)
    assert serious_violations(page) == []


def test_axe_after_an_answer_is_shown(page):
    page.goto("/en/lessons/pairs-and-trios/son-buenas")
    page.locator("#check .check-button").click()
    expect(page.locator("#feedback .verdict")).to_be_visible()
    assert serious_violations(page) == []


@pytest.mark.parametrize("width, height", [(360, 740), (1280, 800), (1920, 1080)])
def test_step_and_projector_pages_fit_phone_laptop_and_projector(page, width, height):
    page.set_viewport_size({"width": width, "height": height})
    for path in ("/en/lessons", "/en/lessons/envido-calls/when", "/en/lessons/pairs-and-trios/present/1"):
        page.goto(path)
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, (path, width, overflow)
    page.goto("/en/lessons/pairs-and-trios/present/1")
    box = page.locator(".present .card").first.bounding_box()
    assert box is not None and box["width"] >= 100  # large cards for the room


def test_screenshot_of_a_step_for_the_readme(page):
    page.set_viewport_size({"width": 1100, "height": 900})
    lesson = get_lesson("envido-counting")
    page.goto(f"/en/lessons/{lesson.key}/two-of-a-suit?seed=6")  # a fixed variant: the same picture each run
    step, question = question_on_page(page, lesson.key)
    assert question.seed == 6
    page.locator("#answer-number").fill(str(question.expected - 20))  # the usual mistake: no 20
    page.locator("#check .check-button").click()
    expect(page.locator("#feedback .mistake")).to_be_visible()
    expect(page.locator("#feedback .verdict-wrong")).to_be_visible()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "lesson-step.png"), full_page=True)
    assert (SCREENSHOTS / "lesson-step.png").stat().st_size > 20_000


def tap_in_order(page, groups) -> None:
    """Tap the cards strongest first; "Same place" before a card as strong as the one tapped last."""
    for group in groups:
        for number, card in enumerate(sorted(group)):
            if number:
                page.locator("#check .order-tie").click()
            page.locator(f'#check .order-card:has(svg[data-card="{card}"]) .order-pick').click()


def click_answer(page, question, answer) -> None:
    """Give ``answer`` with the mouse (or a finger), the way most learners do."""
    kind = question.answer_type
    if kind is AnswerType.CHOICE:
        page.locator(f'#check button[name=answer][value="{answer}"]').click()
        return
    if kind is AnswerType.CHOICES:
        for option in question.options:
            box = page.locator(f'#check input[name=answer][value="{option.value}"]')
            if (option.value in answer) != box.is_checked():
                box.click()
    elif kind is AnswerType.NUMBER:
        page.locator("#answer-number").fill(str(answer))
    elif kind is AnswerType.ORDER:
        tap_in_order(page, answer)
    else:
        page.locator("#answer-points").fill(str(answer.points))
        page.locator(f'#check input[name=team][value="{answer.team}"]').click()
    page.locator("#check .check-button").click()


def showing(page, step_key: str) -> None:
    """The address bar and the page both show this step (its dot is the current one)."""
    expect(page).to_have_url(re.compile(rf"/{step_key}(\?seed=\d+)?$"))
    expect(page.locator(".step-dot.is-current a")).to_have_attribute("href", re.compile(rf"/{step_key}$"))


def csp_reports(page_guard) -> list[str]:
    return [problem for problem in page_guard.problems if problem.startswith("CSP")]


@pytest.mark.parametrize("lang, width, lesson_key", [("pl", 390, "envido-calls"), ("es", 1280, "card-ranking")])
def test_a_lesson_walked_with_answers_retries_dots_and_screenshots_logs_no_csp_error(
    page, page_guard, tmp_path, lang, width, lesson_key
):
    """Issue 11, bug 5: the walk that logged "Applying inline style violates ... style-src 'self'".

    A screenshot hides the caret by writing an inline style on every input and then clearing it,
    which leaves ``style=""`` behind (browser extensions do the same); htmx used to copy that
    attribute onto the swapped-in elements and re-parse it from its history snapshots.
    """
    page.set_viewport_size({"width": width, "height": 800})
    lesson = get_lesson(lesson_key)
    shot = tmp_path / "shot.png"
    page.goto(f"/{lang}/lessons/{lesson.key}")
    for index, step in enumerate(lesson.steps):
        expect(page).to_have_url(re.compile(rf"/{step.key}$"))
        page.screenshot(path=shot)
        if step.check is None:
            page.locator(".continue-form button").click()
            continue
        _step, question = question_on_page(page, lesson.key)
        click_answer(page, question, wrong_answer(question))
        expect(page.locator("#feedback .verdict-wrong")).to_be_visible()
        page.screenshot(path=shot)
        page.locator("#feedback a.primary").click()  # try again: a new variant, swapped in
        expect(page.locator("#feedback .verdict")).to_have_count(0)
        page.screenshot(path=shot)
        _step, question = question_on_page(page, lesson.key)
        click_answer(page, question, question.expected)
        expect(page.locator("#feedback .verdict-right")).to_be_visible()
        page.screenshot(path=shot)
        earlier = lesson.steps[max(index - 1, 0)]
        page.locator(".step-dot a").nth(max(index - 1, 0)).click()  # a step dot back, then the browser's buttons
        showing(page, earlier.key)
        page.go_back()
        showing(page, step.key)
        page.go_forward()
        showing(page, earlier.key)
        page.go_back()
        showing(page, step.key)
        page.screenshot(path=shot)
        page.locator(".step-nav a[rel=next]").click()
    expect(page).to_have_url(re.compile(rf"/{lesson.key}/done$"))
    assert csp_reports(page_guard) == []


SAMPLE_WHEN_SWAPPED_IN = """
window.__firstStyle = null;
new MutationObserver(() => {
  const box = document.querySelector(%s);
  if (box && window.__firstStyle === null) {
    window.__firstStyle = {path: location.pathname, background: getComputedStyle(box).backgroundColor};
  }
}).observe(document, {subtree: true, childList: true});
"""


@pytest.mark.parametrize(
    "start, link, selector, lands",
    [
        (
            "/en/lessons/envido-counting/practice",
            '.breadcrumb a[href$="/envido-counting/done"]',
            ".lesson-summary-box",
            "/en/lessons/envido-counting/done",
        ),
        ("/en/envido", '.site-nav a[href="/en/lessons"]', ".lesson-card", "/en/lessons"),
    ],
)
def test_a_lesson_page_is_styled_the_moment_a_boosted_link_swaps_it_in(
    page, without_http_cache, start, link, selector, lands
):
    """Issue 11, bug 9: right after the lesson-summary link the summary showed without its styles.

    The lesson stylesheet was linked inside <body>. A boosted link swaps the body, so the link was
    taken out and put in again, and the browser painted the new page before it had the sheet again
    (static files were served with Cache-Control: no-cache, so it asked the server each time; the
    test keeps the browser's cache off, ``without_http_cache``, so it still does). Sampled in the same
    task as the swap, before any paint, the new page's panels must already be white.
    """
    page.add_init_script(SAMPLE_WHEN_SWAPPED_IN % json.dumps(selector))
    page.goto(start)
    page.locator(link).first.click()
    expect(page).to_have_url(re.compile(rf"{re.escape(lands)}$"))
    assert page.evaluate("window.__firstStyle") == {"path": lands, "background": "rgb(255, 255, 255)"}


@pytest.mark.parametrize("lesson_key", ["flor", "deck-and-table"])
def test_a_learner_who_moves_with_the_step_dots_completes_the_lesson(page, lesson_key):
    """Issue 11, bug 8: reading-only steps used to count only after "Continue"."""
    lesson = get_lesson(lesson_key)
    page.goto("/en/lessons")
    page.locator(f"#lesson-{lesson.key} h2 a").click()
    for index, step in enumerate(lesson.steps):
        showing(page, step.key)
        if step.check is not None:
            _step, question = question_on_page(page, lesson.key)
            click_answer(page, question, question.expected)
            expect(page.locator("#feedback .verdict-right")).to_be_visible()
        expect(page.locator(".step-dot").nth(index)).to_have_class(re.compile(r"\bis-done\b"))
        if index + 1 < len(lesson.steps):
            page.locator(".step-dot a").nth(index + 1).click()
    page.locator('.breadcrumb a[href$="/done"]').click()
    expect(page.locator(".big-stars .star.is-on")).to_have_count(3)
    page.goto("/en/lessons")
    expect(page.locator(f"#lesson-{lesson.key}")).to_have_class(re.compile(r"\bis-complete\b"))


def test_an_order_is_given_by_tapping_the_cards_and_taken_back_by_tapping_again(page):
    """Issue 11: ordering checks used one dropdown per card; now the cards are tapped in order."""
    lesson = get_lesson("card-ranking")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"/en/lessons/{lesson.key}/equal-cards")
    _step, question = question_on_page(page, lesson.key)
    expect(page.locator("#check select")).to_have_count(len(question.situation.cards))
    expect(page.locator("#check select").first).to_be_hidden()
    expect(page.locator("#check .order-help-tap")).to_be_visible()
    first = page.locator(".order-pick").first
    first.click()
    expect(first.locator(".order-place")).to_have_text("1")
    expect(page.locator(".order-status")).to_contain_text("place 1")
    first.click()  # taken back
    expect(first.locator(".order-place")).to_have_text("")
    assert page.locator("#check select").first.input_value() == ""
    tap_in_order(page, question.expected)
    for place, group in enumerate(question.expected, start=1):
        for card in group:
            expect(page.locator(f"#place-{card}")).to_have_value(str(place))
            button = page.locator(f'.order-card:has(svg[data-card="{card}"]) .order-pick')
            expect(button).to_have_attribute("aria-label", re.compile(rf", place {place}$"))
    page.locator("#check .check-button").click()
    expect(page.locator("#feedback .verdict-right")).to_be_visible()
    expect(page.locator(".order-pick").first).to_be_disabled()


def test_an_order_without_javascript_uses_one_select_per_card(browser, live_server):
    context = browser.new_context(java_script_enabled=False, base_url=live_server.url)
    try:
        page = context.new_page()
        lesson = get_lesson("card-ranking")
        page.goto(f"/en/lessons/{lesson.key}/matas")
        _step, question = question_on_page(page, lesson.key)
        expect(page.locator(".order-pick")).to_have_count(0)
        for place, group in enumerate(question.expected, start=1):
            for card in group:
                page.locator(f"#place-{card}").select_option(str(place))
        page.locator("#check .check-button").click()
        expect(page.locator("#feedback .verdict-right")).to_be_visible()
    finally:
        context.close()


@pytest.mark.parametrize("width", [320, 390])
def test_the_step_dots_stay_on_one_line_on_a_phone(page, width):
    """Issue 11: with nine steps the ninth dot sat alone on a second line."""
    page.set_viewport_size({"width": width, "height": 800})
    for lesson in all_lessons():
        page.goto(f"/en/lessons/{lesson.key}/{lesson.steps[0].key}")
        dots = page.locator(".step-dot a")
        expect(dots).to_have_count(len(lesson.steps))
        boxes = [dot.bounding_box() for dot in dots.all()]
        assert len({round(box["y"]) for box in boxes}) == 1, lesson.key
        assert min(box["width"] for box in boxes) >= 24  # still a target a finger can hit
        assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("lesson_key", [lesson.key for lesson in all_lessons()])
def test_projector_mode_at_1280_by_720_shows_the_question_and_r_the_answer_with_the_buttons_in_view(page, lesson_key):
    """At 1280x720, on every step of the lesson: no site menu, the title and the question in the window
    (issue 11: the menu stayed and the question was below the fold at 1280x800); after the answer is
    shown (by the R key the page's help names), the step buttons are still inside the window, and R
    again hides it (issue 24, item 13)."""
    page.set_viewport_size({"width": 1280, "height": 720})
    lesson = get_lesson(lesson_key)
    for number, step in enumerate(lesson.steps, start=1):
        where = f"{lesson.key}/{step.key}"
        page.goto(f"/en/lessons/{lesson.key}/present/{number}")
        page.wait_for_load_state("load")
        expect(page.locator(".site-header, .site-nav, .site-footer")).to_have_count(0)
        expect(page.locator("h1")).to_be_in_viewport(ratio=1)
        if step.check is None:
            continue
        prompt = page.locator("#present-question").bounding_box()
        assert prompt["y"] >= 0 and prompt["y"] + prompt["height"] <= 720, where
        first = (
            page.locator(".present-check")
            .locator(".card-row, .seats-block, .log-block, .facts, .present-options")
            .first.bounding_box()
        )
        assert first is not None and first["y"] < 720 - 60, where  # the question's first row shows too
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280, where
        expect(page.locator(".present-keys")).to_contain_text("R")
        reveal = page.locator("details.reveal")
        expect(reveal).not_to_have_attribute("open", "")
        page.keyboard.press("r")
        expect(reveal).to_have_attribute("open", "")
        expect(page.locator(".reveal-body .expected")).to_be_visible()
        for button in page.locator(".present-nav .button").all():
            box = button.bounding_box()
            assert box is not None
            assert box["y"] >= 0 and box["y"] + box["height"] <= 720, (where, box)
        page.keyboard.press("r")
        expect(reveal).not_to_have_attribute("open", "")


@pytest.mark.parametrize("width", [390, 1280])
def test_the_lesson_pictures_are_readable_on_a_phone_and_a_laptop(page, width):
    """Issue 11: the drawings of lessons 5-7 fit the screen and their words are not too small to read."""
    page.set_viewport_size({"width": width, "height": 900})
    for lesson in all_lessons():
        for step in lesson.steps:
            if not step.picture:
                continue
            page.goto(f"/de/lessons/{lesson.key}/{step.key}")
            svg = page.locator(".lesson-picture svg")
            expect(svg).to_have_attribute("role", "img")
            box = svg.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, step.key
            assert page.evaluate("document.documentElement.scrollWidth") <= width, step.key
            sizes = svg.locator("text").evaluate_all("ts => ts.map(t => t.getBoundingClientRect().height)")
            assert min(sizes) >= 11, (step.key, min(sizes))  # about an 11 px font at least
            inside = svg.locator("text").evaluate_all(
                "ts => ts.every(t => { const r = t.getBoundingClientRect(), s = t.ownerSVGElement.getBoundingClientRect();"
                " return r.left >= s.left - 1 && r.right <= s.right + 1; })"
            )
            assert inside, step.key  # no word runs off the drawing
    page.goto("/de/lessons/truco-calls/raises")
    assert serious_violations(page) == []
