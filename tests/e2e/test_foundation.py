"""The foundation in a real browser: languages, the deck, keyboard use, accessibility, print, screenshots."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import expect

from tests.conftest import LANGUAGES, ROOT
from tests.e2e.conftest import serious_violations

pytestmark = pytest.mark.e2e
SCREENSHOTS = ROOT / "docs" / "screenshots"


def card_label(lang: str, msgid: str = "ace of swords") -> str:
    """The card's name as the language's catalog has it (the English name until it is translated)."""
    if lang == "en":
        return msgid
    with open(ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po", "rb") as handle:
        message = read_po(handle, locale=lang).get(msgid, context="card")
    return message.string if message is not None and message.string and not message.fuzzy else msgid


def test_switching_language_stays_on_the_page(page):
    page.goto("/en/deck")
    languages = page.get_by_role("navigation", name="Language")
    languages.locator("summary").click()  # the languages are in a menu
    languages.get_by_role("link", name="Deutsch").click()
    expect(page).to_have_url(re.compile(r"/de/deck$"))
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.locator("#languages summary").click()
    page.get_by_role("navigation").locator('a[hreflang="pl"]').click()
    expect(page).to_have_url(re.compile(r"/pl/deck$"))
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    expect(page.locator('a[hreflang="pl"][aria-current="true"]')).to_have_count(1)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_deck_page_in_every_language(page, lang):
    page.goto(f"/{lang}/deck")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    cards = page.locator("#deck svg[role=img]")
    expect(cards).to_have_count(40)
    ace = page.locator('svg[data-card="1e"]')
    expected = card_label(lang)
    expect(ace).to_have_attribute("aria-label", expected)
    if lang != "en" and expected != "ace of swords":
        expect(ace).not_to_have_attribute("aria-label", "ace of swords")
    box = ace.bounding_box()
    assert box is not None and box["width"] > 20 and box["height"] > box["width"]
    expect(page.locator(".rank-row.is-mata")).to_have_count(4)


def test_card_face_swaps_with_htmx_and_sticks(page):
    page.goto("/en/deck")
    page.get_by_label(re.compile("French suits")).check()
    expect(page.locator("#deck")).to_have_class(re.compile(r"\bdeck-french\b"))
    expect(page.locator('svg[data-card="7o"]')).to_have_attribute("aria-label", "seven of diamonds")
    expect(page).to_have_url(re.compile(r"/en/deck$"))
    page.reload()
    expect(page.locator("#deck")).to_have_class(re.compile(r"\bdeck-french\b"))
    expect(page.get_by_label(re.compile("French suits"))).to_be_checked()


def test_card_face_without_javascript(browser, base_url):
    context = browser.new_context(java_script_enabled=False, base_url=base_url)
    try:
        page = context.new_page()
        page.goto("/en/deck")
        page.get_by_label(re.compile("French suits")).check()
        page.get_by_role("button", name="Show these faces").click()
        expect(page).to_have_url(re.compile(r"/en/deck$"))
        expect(page.locator("#deck")).to_have_class(re.compile(r"\bdeck-french\b"))
    finally:
        context.close()


def focused(page) -> dict:
    return page.evaluate(
        """() => { const e = document.activeElement; const s = getComputedStyle(e);
                   return {tag: e.tagName, id: e.id, text: (e.textContent || '').trim(), value: e.value || '',
                           outline: s.outlineStyle, width: parseFloat(s.outlineWidth)}; }"""
    )


def tab_to(page, predicate, limit: int = 30) -> dict:
    for _ in range(limit):
        page.keyboard.press("Tab")
        state = focused(page)
        if predicate(state):
            return state
    raise AssertionError("never reached by Tab")


def test_keyboard_only(page):
    page.goto("/en/")
    page.keyboard.press("Tab")
    first = focused(page)
    assert first["text"] == "Skip to main content"
    assert first["outline"] != "none" and first["width"] >= 2
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/en/#main$"))
    link = tab_to(page, lambda s: s["tag"] == "A" and s["text"] == "The deck")
    assert link["outline"] != "none"
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/en/deck$"))
    page.wait_for_load_state("load")  # the deck's script listens for the change (late on a busy machine)
    radio = tab_to(page, lambda s: s["tag"] == "INPUT" and s["value"] == "spanish")
    assert radio["outline"] != "none"
    page.keyboard.press("ArrowDown")
    expect(page.locator("#deck")).to_have_class(re.compile(r"\bdeck-french\b"))


PAGES = ["/en/", "/en/deck", "/en/device", "/de/deck", "/pl/", "/es/device", "/en/no-such-page", "/xx/"]


@pytest.mark.parametrize("path", PAGES)
def test_axe_finds_no_serious_violation(page, path):
    page.goto(path)
    assert serious_violations(page) == []


@pytest.mark.parametrize(("name", "width"), [("deck-phone", 390), ("deck-desktop", 1280)])
def test_deck_screenshots_for_the_readme(page, name, width):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto("/en/deck")
    expect(page.locator("#deck svg[role=img]")).to_have_count(40)
    page.wait_for_load_state("networkidle")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 10_000
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], "the page scrolls sideways"


def test_deck_prints_on_one_a4_page(page):
    page.goto("/en/deck")
    page.emulate_media(media="print")
    pdf = page.pdf(format="A4", print_background=False, prefer_css_page_size=True)
    pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
    assert pages == 1
    expect(page.locator(".site-header")).to_be_hidden()
    expect(page.locator(".face-form")).to_be_hidden()


def test_the_404_pages_languages_have_no_stray_separators(page):
    """Issue 11, bug 7: the list read "English• Deutsch•" (bullets at the end of the previous name)."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/es/nothing-here")
    items = page.locator("main .language-list li")
    expect(items).to_have_count(len(LANGUAGES))
    for i in range(len(LANGUAGES)):
        assert items.nth(i).evaluate("li => getComputedStyle(li).listStyleType") == "none"
    names = items.evaluate_all("lis => lis.map(li => li.textContent.trim())")
    assert names == ["English", "Deutsch", "Svenska", "Polski", "Español"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_phone_header_is_one_row_with_two_menus(page, lang):
    """Issue 11: at 390 px the header took about 160 px (the menu wrapped, "Español" alone on a line)."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"/{lang}/lessons/tricks-and-parda/parda")
    header = page.locator(".site-header").bounding_box()
    assert header["height"] <= 64, header
    sections = page.locator(".site-nav a")
    expect(sections.first).to_be_hidden()
    page.locator(".site-menu summary").click()
    expect(sections.first).to_be_visible()
    assert page.locator(".site-header").bounding_box()["height"] == header["height"]  # it drops over the page
    page.locator(".site-menu summary").click()
    page.locator("#languages summary").click()
    expect(page.locator("#languages a")).to_have_count(len(LANGUAGES))
    expect(page.locator(f'#languages a[hreflang="{lang}"]')).to_have_attribute("aria-current", "true")
    for link in page.locator("#languages a").all():
        expect(link).to_be_visible()
        box = link.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390


def test_on_a_laptop_the_sections_are_in_the_header_row(page):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/pl/deck")
    expect(page.locator(".site-menu summary")).to_be_hidden()
    links = page.locator(".site-nav a")
    expect(links.first).to_be_visible()
    tops = {round(box["y"]) for box in (link.bounding_box() for link in links.all())}
    assert len(tops) == 1 and page.locator(".site-header").bounding_box()["height"] <= 64


def test_the_language_menu_works_with_the_keyboard(page):
    page.goto("/en/deck")
    summary = page.locator("#languages summary")
    summary.focus()
    page.keyboard.press("Enter")
    expect(page.locator('#languages a[hreflang="sv"]')).to_be_visible()
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(page.locator('#languages a[hreflang="sv"]')).to_be_focused()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/sv/deck$"))


@pytest.mark.parametrize(
    "then, lands",
    [
        ("setTimeout(() => history.back(), 100)", "/en/quiz"),  # Back again
        ("setTimeout(() => document.querySelector('.site-nav a[href=\"/en/play\"]').click(), 100)", "/en/play"),
    ],
)
def test_the_page_shown_after_a_quick_back_is_the_one_in_the_address_bar(page, then, lands):
    """Back, then Back again or a link 100 ms later while the first page is still on its way.

    htmx brings a page back by fetching it and swapping it in, and never cancelled such a fetch:
    the slow page arrived last and stayed under the address of another (seen on a lesson walk: the
    step shown was not the step in the address bar). history.js lets only the newest fetch land.
    """
    page.set_viewport_size({"width": 1280, "height": 800})
    slow = {"on": False}

    def delay_the_deck(route):
        if slow["on"] and route.request.url.endswith("/en/deck"):
            page.wait_for_timeout(800)  # the deck comes late
        route.fallback()

    page.route("**/*", delay_the_deck)
    page.goto("/en/quiz")
    page.locator('.site-nav a[href="/en/deck"]').click()
    expect(page).to_have_url(re.compile(r"/en/deck$"))
    page.locator('.site-nav a[href="/en/envido"]').click()
    expect(page).to_have_url(re.compile(r"/en/envido$"))
    slow["on"] = True
    page.evaluate(f"setTimeout(() => history.back(), 0); {then}")  # timers: the script returns first
    expect(page).to_have_url(re.compile(rf"{lands}$"))
    expect(page.locator(".site-nav a[aria-current=page]")).to_have_attribute("href", lands)
    page.wait_for_timeout(1500)  # long after the deck would have come
    expect(page).to_have_url(re.compile(rf"{lands}$"))
    expect(page.locator(".site-nav a[aria-current=page]")).to_have_attribute("href", lands)
