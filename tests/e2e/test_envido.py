"""The envido checker in Chromium: keyboard use in Swedish, shared links in Polish, the QR code, axe."""

from __future__ import annotations

import io
import re

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import expect

from tests.e2e.conftest import serious_violations
from tutor.i18n import load_translations

pytestmark = pytest.mark.e2e


def say(lang: str, msgid: str, **variables) -> str:
    """A message as the language's catalog has it now (English until it is translated)."""
    text = load_translations(lang).gettext(msgid)
    return text % variables if variables else text


def card(lang: str, msgid: str) -> str:
    return load_translations(lang).pgettext("card", msgid)


def decode_qr(page) -> str:
    """The text of the QR code on the page, read from a screenshot of its image."""
    qr = page.locator("img.qr")
    expect(qr).to_be_visible()
    image = Image.open(io.BytesIO(qr.screenshot()))
    codes = zxingcpp.read_barcodes(image)
    assert len(codes) == 1, "no QR code could be read from the screenshot"
    return codes[0].text


def test_pick_three_cards_by_keyboard_in_swedish_and_check_the_answer(page, live_server):
    page.goto("/sv/envido")
    seven = page.get_by_role("checkbox", name=card("sv", "seven of coins"), exact=True)
    seven.focus()
    page.keyboard.press("Space")
    page.keyboard.press("Shift+Tab")  # the previous card of the suit: the six of coins
    expect(page.get_by_role("checkbox", name=card("sv", "six of coins"), exact=True)).to_be_focused()
    page.keyboard.press("Space")
    page.get_by_role("checkbox", name=card("sv", "three of clubs"), exact=True).focus()
    page.keyboard.press("Space")
    expect(page.locator('input[name="card"]:checked')).to_have_count(3)

    page.get_by_role("radio", name=say("sv", "Let me answer first (a puzzle you can share)")).focus()
    page.keyboard.press("Space")
    page.get_by_role("button", name=say("sv", "Count the envido")).focus()
    page.keyboard.press("Enter")

    guess = page.get_by_label(say("sv", "What is the envido of these cards?"))
    expect(guess).to_be_visible()
    expect(page).to_have_url(f"{live_server.url}/sv/envido?hand=3b,6o,7o&check=1")
    expect(page.locator("#result")).not_to_contain_text(say("sv", "The envido is %(points)s.", points=33))
    guess.focus()
    page.keyboard.type("33")
    page.keyboard.press("Enter")

    result = page.locator("#result")
    expect(result).to_contain_text(say("sv", "Right! The envido is %(points)s.", points=33))
    expect(result).to_contain_text("20 + 7 + 6 = 33")
    expect(page).to_have_url(f"{live_server.url}/sv/envido?hand=3b,6o,7o&check=1&guess=33")
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    assert decode_qr(page) == f"{live_server.url}/sv/envido?hand=3b,6o,7o&check=1"  # the puzzle, not the answer


def test_a_wrong_answer_says_why(page, live_server):
    page.goto("/en/envido?hand=7c,5c,12e&check=1")
    page.get_by_label("What is the envido of these cards?").fill("12")
    page.get_by_role("button", name="Check my answer").click()
    result = page.locator("#result")
    expect(result).to_contain_text("Not quite: you said 12, but the envido is 32.")
    expect(result).to_contain_text("You left out the 20")


def test_shared_link_opens_the_same_puzzle_in_polish(page, live_server):
    link = f"{live_server.url}/pl/envido?hand=4c,5c,12b&check=1"
    page.goto(link)
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    shown = page.locator("#result svg[data-card]")
    expect(shown).to_have_count(3)
    assert [shown.nth(i).get_attribute("data-card") for i in range(3)] == ["4c", "5c", "12b"]
    expect(shown.first).to_have_attribute("aria-label", card("pl", "four of cups"))
    expect(page.get_by_label(say("pl", "What is the envido of these cards?"))).to_be_visible()
    expect(page.locator("#result")).not_to_contain_text(say("pl", "The envido is %(points)s.", points=29))
    assert page.url == link
    expect(page.locator("img.qr")).to_have_count(0)  # nothing to share before there is a result
    page.get_by_label(say("pl", "What is the envido of these cards?")).fill("29")
    page.get_by_role("button", name=say("pl", "Check my answer")).click()
    expect(page.locator("#result")).to_contain_text(say("pl", "Right! The envido is %(points)s.", points=29))
    assert decode_qr(page) == link  # passing it on gives the same puzzle, unanswered


def test_qr_code_follows_the_url_after_an_htmx_swap(page, live_server):
    page.goto("/en/envido/stakes")
    page.get_by_label("Call 1").first.select_option("envido")
    page.locator("#call-2").select_option("real_envido")
    page.get_by_label("Score of team 1").fill("12")
    page.get_by_label("Score of team 2").fill("20")
    page.get_by_role("button", name="Show what they are worth").click()
    expect(page.locator("#result")).to_contain_text("Quiero: 5 points. No quiero: 2 points.")
    expect(page).to_have_url(f"{live_server.url}/en/envido/stakes?calls=envido,real_envido&score=12,20")
    assert decode_qr(page) == page.url


def test_illegal_ladder_message_in_place(page, live_server):
    page.goto("/en/envido/stakes")
    page.locator("#call-1").select_option("real_envido")
    page.locator("#call-2").select_option("envido")
    page.get_by_role("button", name="Show what they are worth").click()
    expect(page.get_by_role("alert")).to_contain_text(
        "Call 2 is not allowed. The envido ladder goes Envido, Envido, Real envido, Falta envido"
    )
    expect(page).to_have_url(f"{live_server.url}/en/envido/stakes")


def test_showdown_form(page, live_server):
    page.goto("/en/envido/showdown")
    page.get_by_label("Player 1", exact=True).fill("7o 6o 3b")
    page.get_by_label("Player 2", exact=True).fill("27")
    page.get_by_label("Mano (speaks first)").select_option("2")
    page.get_by_role("button", name="Play the showdown").click()
    result = page.locator("#result")
    expect(result).to_contain_text("Player 2 is mano and states 27.")
    expect(result).to_contain_text("Player 1 wins the envido (team 1).")
    expect(page).to_have_url(f"{live_server.url}/en/envido/showdown?player=7o,6o,3b&player=27&mano=2")


def test_the_picker_works_without_javascript(browser, live_server):
    context = browser.new_context(java_script_enabled=False, base_url=live_server.url)
    try:
        page = context.new_page()
        page.goto("/en/envido")
        for name in ("ace of swords", "seven of swords", "king of cups"):
            page.get_by_role("checkbox", name=name, exact=True).check()
        page.get_by_role("button", name="Count the envido").click()
        expect(page).to_have_url(f"{live_server.url}/en/envido?hand=1e,7e,12c#result")  # opens at the result
        expect(page.locator("#result")).to_contain_text("The envido is 28.")
    finally:
        context.close()


@pytest.mark.parametrize(
    "path",
    [
        "/en/envido",
        "/en/envido?hand=7o,6o,3b",
        "/sv/envido?hand=3b,6o,7o&check=1",
        "/en/envido?hand=8o,6o,3b",
        "/pl/envido/showdown?player=20&player=7&player=30&player=25",
        "/en/envido/stakes?calls=envido,falta_envido&score=12,20&flor=contraflor",
    ],
)
def test_axe_finds_no_serious_violation(page, live_server, path):
    page.goto(path)
    assert serious_violations(page) == []


@pytest.mark.parametrize(
    "path",
    [
        "/en/envido/stakes?calls=envido,real_envido,falta_envido&truco=truco,retruco&score=12,20&flor=contraflor",
        "/de/envido/stakes?calls=envido",
        "/en/envido/showdown?player=20&player=30&player=25&player=28&player=7&player=33",
        "/pl/envido?hand=7o,6o,3b",
    ],
)
def test_checker_pages_fit_a_phone_without_sideways_scrolling(page, live_server, path):
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(live_server.url + path)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_language_links_follow_the_url_after_an_htmx_swap(page, live_server):
    page.goto("/en/envido/stakes")
    page.get_by_label("Call 1").first.select_option("envido")
    page.get_by_role("button", name="Show what they are worth").click()
    expect(page).to_have_url(f"{live_server.url}/en/envido/stakes?calls=envido")
    polski = page.locator('#languages a[hreflang="pl"]')
    expect(polski).to_have_attribute("href", re.compile(r"^/pl/envido/stakes\?.*calls=envido"))
    page.locator("#languages summary").click()
    polski.click()
    expect(page).to_have_url(f"{live_server.url}/pl/envido/stakes?calls=envido")
    expect(page.locator("html")).to_have_attribute("lang", "pl")


def test_every_checker_page_used_with_screenshots_and_history_logs_no_csp_error(
    page, page_guard, live_server, tmp_path
):
    """Issue 11, bug 5: swaps, errors, back and forward on the four tools, with screenshots in between
    (a screenshot leaves an empty ``style`` attribute on every input, as browser extensions do)."""
    shot = tmp_path / "shot.png"
    page.goto("/es/envido")
    page.screenshot(path=shot)
    for notation in ("7o", "6o", "3b"):
        page.locator(f'input[name=card][value="{notation}"]').check()
    page.locator("#envido-form button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"hand=3b,6o,7o$"))
    page.screenshot(path=shot)
    page.locator("#hand-text").fill("7o 6o 9b")  # no 9s in the Spanish deck: an error in place
    page.locator("#envido-form button[type=submit]").click()
    expect(page.get_by_role("alert")).to_be_visible()
    page.screenshot(path=shot)
    page.locator("#hand-text").fill("4c 5c 12b")
    page.locator('input[name=check][value="1"]').check()
    page.locator("#envido-form button[type=submit]").click()
    page.locator("#guess").fill("12")
    page.screenshot(path=shot)
    page.locator(".guess-form button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"guess=12$"))
    page.go_back()
    expect(page).to_have_url(re.compile(r"check=1$"))
    page.go_forward()
    expect(page).to_have_url(re.compile(r"guess=12$"))

    page.goto("/es/envido/showdown")
    page.locator("#player-1").fill("7o 6o 3b")
    page.locator("#player-2").fill("27")
    page.screenshot(path=shot)
    page.locator("#showdown-form button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"player=27"))
    page.screenshot(path=shot)
    page.locator("#player-3").fill("40")  # three players: an error
    page.locator("#showdown-form button[type=submit]").click()
    expect(page.get_by_role("alert")).to_be_visible()

    page.goto("/es/envido/stakes")
    page.locator("#call-1").select_option("envido")
    page.locator("#score-1").fill("12")
    page.screenshot(path=shot)
    page.locator("#stakes-form button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"calls=envido"))
    page.screenshot(path=shot)
    page.locator("#call-2").select_option("envido")
    page.locator("#call-3").select_option("envido")  # a third Envido is not allowed
    page.locator("#stakes-form button[type=submit]").click()
    expect(page.get_by_role("alert")).to_be_visible()
    expect(page).to_have_url(re.compile(r"calls=envido&score=12,0$"))  # an error pushes no new address
    page.go_back()
    expect(page).to_have_url(re.compile(r"/stakes$"))
    page.go_forward()
    expect(page.locator("#result .envido-stake")).to_be_visible()

    assert [problem for problem in page_guard.problems if problem.startswith("CSP")] == []


def pick_three_cards(page):
    for notation in ("7o", "6o", "3b"):
        page.locator(f'input[name=card][value="{notation}"]').check()


def fill_showdown(page):
    page.locator("#player-1").fill("7o 6o 3b")
    page.locator("#player-2").fill("27")


def fill_stakes(page):
    page.locator("#call-1").select_option("envido")
    page.locator("#call-2").select_option("real_envido")


def puzzle_mode(page):
    pick_three_cards(page)
    page.locator('input[name=check][value="1"]').check()


CHECKER_BUTTONS = {
    "hand": ("/es/envido", pick_three_cards, "#envido-form button[type=submit]"),
    "hand-error": (
        "/es/envido",
        lambda page: page.locator("#hand-text").fill("7o 6o 9b"),
        "#envido-form button[type=submit]",
    ),
    "hand-puzzle": ("/es/envido", puzzle_mode, "#envido-form button[type=submit]"),
    "showdown": ("/es/envido/showdown", fill_showdown, "#showdown-form button[type=submit]"),
    "stakes": ("/es/envido/stakes", fill_stakes, "#stakes-form button[type=submit]"),
}


def in_viewport(page, selector: str) -> bool:
    """True when the top of the element is on screen (what the learner sees without scrolling)."""
    return page.evaluate(
        """s => { const r = document.querySelector(s).getBoundingClientRect();
                  return r.top > -2 && r.top < window.innerHeight && r.bottom > 0; }""",
        selector,
    )


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 800)])
@pytest.mark.parametrize("tool", list(CHECKER_BUTTONS))
def test_the_result_is_in_view_after_pressing_the_button(page, live_server, tool, width, height):
    """Issue 11, bug 1: the result used to land at the top of the page, 1,400 px above the button."""
    page.set_viewport_size({"width": width, "height": height})
    path, fill, button = CHECKER_BUTTONS[tool]
    page.goto(path)
    fill(page)
    page.locator(button).first.scroll_into_view_if_needed()
    page.locator(button).first.click()
    focused = page.locator(":focus")
    expect(focused).to_have_count(1)
    if tool == "hand-puzzle":
        expect(focused).to_have_id("guess")  # the answer field, ready for typing (again, after a wrong answer)
    else:
        expect(focused).to_have_id("result")
        expect(page.locator("#result")).not_to_be_empty()
    assert page.evaluate("document.activeElement.id") in ("result", "guess")
    assert in_viewport(page, "#" + page.evaluate("document.activeElement.id")), page.evaluate(
        "() => [scrollY, document.activeElement.getBoundingClientRect().top, innerHeight]"
    )
    if tool == "hand-error":
        expect(page.get_by_role("alert")).to_be_visible()
        assert in_viewport(page, "[role=alert]")


def test_without_javascript_the_page_after_the_button_opens_at_the_result(browser, live_server):
    context = browser.new_context(
        java_script_enabled=False, base_url=live_server.url, viewport={"width": 390, "height": 844}
    )
    try:
        page = context.new_page()
        page.goto("/es/envido/stakes")
        fill_stakes(page)
        page.locator("#stakes-form button[type=submit]").click()
        expect(page).to_have_url(re.compile(r"calls=envido,real_envido#result$"))
        expect(page.locator("#result")).to_be_focused()
        assert in_viewport(page, "#result")
    finally:
        context.close()


@pytest.mark.parametrize("path, field", [("/es/envido", "#hand-text"), ("/es/envido/showdown", "#player-1")])
def test_typed_cards_show_as_typed_in_lowercase(page, live_server, path, field):
    """Issue 11, bug 2: "7o 6o 3b" was displayed as "7O 6O 3B", which reads as 70 60."""
    page.goto(path)
    page.locator(field).fill("7o 6o 3b")
    assert page.locator(field).evaluate("e => getComputedStyle(e).textTransform") == "none"
    expect(page.locator(field)).to_have_value("7o 6o 3b")
    page.goto("/es/device")  # device codes are capitals anyway: shown that way
    assert page.locator("#code").evaluate("e => getComputedStyle(e).textTransform") == "uppercase"


def test_a_score_out_of_range_is_told_by_the_server_in_spanish(page, live_server):
    """Issue 11, bug 4: no browser bubble in the browser's language; the page's own message, in place."""
    page.goto("/es/envido/stakes")
    page.locator("#call-1").select_option("envido")
    page.locator("#score-1").fill("40")
    page.locator("#stakes-form button[type=submit]").click()
    expected = say(
        "es",
        "The scores must be two whole numbers from 0 to %(max)s, one per team, separated by a comma: “12,20” means 12 and 20.",
        max=29,
    )
    expect(page.get_by_role("alert")).to_contain_text(expected)
    assert page.locator("#score-1").evaluate("e => e.validationMessage") == ""


@pytest.mark.parametrize("width, smallest, per_row", [(390, 44, 5), (1280, 64, 10)])
def test_the_picker_cards_are_as_large_as_the_screen_allows(page, live_server, width, smallest, per_row):
    """Issue 11: the 40-card grid was about 30 px a card even on a laptop."""
    page.set_viewport_size({"width": width, "height": 800})
    page.goto("/es/envido")
    cards = page.locator(".picker svg.card")
    expect(cards).to_have_count(40)
    boxes = [card.bounding_box() for card in cards.all()]
    assert min(box["width"] for box in boxes) >= smallest
    first_suit = boxes[:10]
    assert sum(1 for box in first_suit if round(box["y"]) == round(first_suit[0]["y"])) == per_row
    assert page.evaluate("document.documentElement.scrollWidth") <= width
