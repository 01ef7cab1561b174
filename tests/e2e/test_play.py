"""The table in Chromium: a 2-player hand by keyboard in German with a hint and the review, a 4-player
hand with htmx in Spanish, a hand without JavaScript in Polish, the table at 390 px and 1280 px, axe.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.conftest import ROOT
from tests.e2e.conftest import serious_violations
from tests.e2e.test_lessons import tab_to

pytestmark = pytest.mark.e2e
SCREENSHOTS = ROOT / "docs" / "screenshots"
GAME_URL = re.compile(r"/play/[0-9a-f]{16}")


def start_game(page, lang: str, players: int, *, keyboard: bool = False, javascript: bool = True) -> str:
    page.goto(f"/{lang}/play")
    if keyboard:
        tab_to(page, f'input[name=players][value="{players}"]')
        page.keyboard.press("Space")
        tab_to(page, "form.setup button[type=submit]")
        page.keyboard.press("Enter")
    else:
        page.check(f'input[name=players][value="{players}"]')
        page.check('input[name=target][value="15"]')
        page.locator("form.setup button[type=submit]").click()
    page.wait_for_url(GAME_URL)
    # Chromium can paint the new page's first frame at the old page's scroll position and reset it
    # a frame later: let two frames pass, so that what a test reads is the page as the learner sees it.
    # (Without JavaScript the page runs no frame callbacks, and there is no script to move it.)
    if javascript:
        page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    return page.url.split("?")[0]


def version(page) -> str:
    return page.locator("#table").get_attribute("data-version")


def hand_over(page) -> bool:
    return page.locator(".hand-over").count() > 0


def act_with_keyboard(page) -> None:
    """One learner action, by keyboard only: key 1 plays the first card; an open call is answered."""
    before = version(page)
    if page.locator(".card-button").count():
        page.keyboard.press("1")
    else:
        selector = "#table .calls button.btn-answer-yes, #table .calls button.btn-answer-no"
        tab_to(page, selector)
        page.keyboard.press("Enter")
    page.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=before)


def test_a_two_player_hand_by_keyboard_in_german_with_hint_and_review(page):
    path = start_game(page, "de", 2, keyboard=True)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    if page.locator(".btn-hint").count():
        tab_to(page, ".btn-hint")
        page.keyboard.press("Enter")
        expect(page.locator("#hint")).to_be_visible()
        assert page.locator("#hint .hint-table tbody tr").count() >= 1
    for _ in range(40):
        if hand_over(page):
            break
        act_with_keyboard(page)
    assert hand_over(page)
    assert serious_violations(page) == []
    tab_to(page, ".hand-links a")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/review/1$"))
    assert page.locator(".review-deal > li").count() == 2
    assert page.locator(".review-deal svg.card").count() == 6  # both hands face up
    assert page.locator(".review-summary").count() == 1
    assert serious_violations(page) == []
    assert path in page.url


def test_a_four_player_hand_with_htmx_in_spanish(page):
    start_game(page, "es", 4)
    page.evaluate("window.__noReload = true")
    for _ in range(60):
        if hand_over(page):
            break
        before = version(page)
        if page.locator(".card-button").count():
            page.locator(".card-button").first.click()
        else:
            page.locator("#table .calls button").first.click()
        page.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=before)
        assert page.evaluate("window.__noReload === true"), "the table must swap in place, not reload"
    assert hand_over(page)
    assert page.locator(".seat").count() == 4
    # The partner signals with señas, drawn as a face with a text alternative in Spanish.
    assert page.locator("html").get_attribute("lang") == "es"


def test_a_hand_without_javascript_in_polish(browser, base_url):
    context = browser.new_context(java_script_enabled=False, base_url=base_url)
    page = context.new_page()
    start_game(page, "pl", 2, javascript=False)
    for _ in range(40):
        if hand_over(page):
            break
        if page.locator(".card-button").count():
            page.locator(".card-button").first.click()
        else:
            page.locator("#table .calls button").first.click()
        page.wait_for_load_state()
        if not hand_over(page):
            assert page.locator(".event.is-new").count() >= 1  # what happened since the learner's action
    assert hand_over(page)
    page.locator(".btn-next").click()
    page.wait_for_load_state()
    expect(page.locator("#table-title")).to_contain_text("2")
    context.close()


@pytest.mark.parametrize("width,height,name", [(1280, 900, "play-desktop"), (390, 844, "play-phone")])
def test_the_table_fits_and_passes_axe(page, width, height, name):
    page.set_viewport_size({"width": width, "height": height})
    start_game(page, "en", 4)
    page.wait_for_timeout(400)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    assert serious_violations(page) == []
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=False)


SAMPLE_WHEN_SWAPPED_IN = """
window.__firstStyle = null;
new MutationObserver(() => {
  const box = document.querySelector(%s);
  if (box && window.__firstStyle === null) {
    window.__firstStyle = {path: location.pathname, value: getComputedStyle(box)[%s]};
  }
}).observe(document, {subtree: true, childList: true});
"""


def test_the_play_pages_are_styled_the_moment_a_boosted_link_or_form_swaps_them_in(page, without_http_cache):
    """ "Page shown without styles": the play pages linked css/play.css inside <body>, which a boosted
    swap takes out and puts back (and a link in the play pages' <head> alone would be dropped by
    htmx). Sampled in the same task as the swap, before any paint, the new page is already styled:
    the set-up form's choices are play.css's blocks (a label is inline otherwise), and the table
    reached by the boosted set-up form has its green felt. (The browser's cache is off,
    ``without_http_cache``: each style sheet comes from the server again, as on a first visit.)"""
    page.add_init_script(SAMPLE_WHEN_SWAPPED_IN % ('"form.setup label.choice"', '"display"'))
    page.goto("/en/")
    page.locator('.site-nav a[href="/en/play"]').first.click()
    expect(page).to_have_url(re.compile(r"/en/play$"))
    assert page.evaluate("window.__firstStyle") == {"path": "/en/play", "value": "block"}
    page.evaluate("""window.__firstStyle = null; new MutationObserver(() => {
      const felt = document.querySelector(".felt");
      if (felt && window.__firstStyle === null) {
        window.__firstStyle = {path: location.pathname, value: getComputedStyle(felt).backgroundColor};
      }
    }).observe(document, {subtree: true, childList: true});""")
    page.locator("form.setup button[type=submit]").click()
    page.wait_for_url(GAME_URL)
    sampled = page.evaluate("window.__firstStyle")
    assert GAME_URL.search(sampled["path"]) and sampled["value"] == "rgb(13, 90, 58)"  # --felt, #0d5a3a
    assert page.evaluate("document.body.querySelectorAll('link[rel=stylesheet]').length") == 0
