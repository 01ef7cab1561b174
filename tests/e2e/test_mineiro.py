"""Truco Mineiro practice hands on a phone (390 × 844) in Chromium: from the practice list, a hand
played to its end by its ideal line, one by clicks (truco, then the zap) and one by keyboard (the 7 of
hearts on the espadilha, then the zap), every card drawn French, no sideways scroll, axe on each page.
The ideal lines are the hand files' (``tutor/content/hands/11-*.toml``), written out here."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import serious_violations

pytestmark = pytest.mark.e2e
RUN_URL = re.compile(r"/practice/[a-z0-9-]+/[0-9a-f]{16}")
WIDTH = 390


@pytest.fixture
def phone(page):
    """The guarded page (CSP, script errors, missing assets: tests/e2e/conftest.py) at a phone's size,
    the moves shown at once (no fade-in for axe to read half-way)."""
    page.set_viewport_size({"width": WIDTH, "height": 844})
    page.emulate_media(reduced_motion="reduce")
    return page


def version(page) -> str:
    return page.locator("#table").get_attribute("data-version")


def wait_moved(page, before: str) -> None:
    page.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=before)


def sprites(page) -> list[str]:
    return page.eval_on_selector_all("svg.card use", "uses => uses.map(u => u.getAttribute('href'))")


def assert_french_and_fits(page) -> None:
    drawn = sprites(page)
    assert drawn and all("/cards-french.svg" in href for href in drawn), drawn
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    assert serious_violations(page) == []


def open_hand(page, title: str) -> None:
    page.goto("/en/practice")
    section = page.locator("#lesson-truco-mineiro")
    expect(section.locator(".practice-game").first).to_have_text("Truco Mineiro")
    section.get_by_role("link", name=title).click()
    expect(page.locator("h1")).to_have_text(title)
    expect(page.locator("p.practice-game")).to_have_text("Truco Mineiro")
    assert serious_violations(page) == []
    page.get_by_role("button", name="Start the hand").click()
    page.wait_for_url(RUN_URL)


def test_the_zap_hand_by_clicks_truco_then_the_zap(phone):
    page = phone
    open_hand(page, "Bet Truco on the trick of your zap")
    assert_french_and_fits(page)
    before = version(page)
    page.locator("button[name=action][value=truco]").click()
    wait_moved(page, before)  # the script accepts at once: the trick decides the hand at 3
    before = version(page)
    page.locator("button.card-button:has(svg[data-card='4b'])").click()
    wait_moved(page, before)
    expect(page.locator(".verdict")).to_have_count(1)
    expect(page.locator(".verdict .stars")).to_have_attribute("aria-label", re.compile("3"))
    expect(page.locator(".verdict")).to_contain_text("Well bet")
    assert_french_and_fits(page)


def test_the_espadilha_hand_by_keyboard(phone):
    page = phone
    open_hand(page, "The espadilha is only the third manilha")
    led = page.locator(".seat-opponent .trick-slot svg.card").first
    expect(led).to_have_attribute("data-card", "1e")  # the script leads the espadilha
    expect(led.locator("use")).to_have_attribute("href", re.compile(r"cards-french\.svg.*#f1e$"))
    assert_french_and_fits(page)
    for card in ("7c", "4b"):  # the ideal line: the 7 of hearts takes the espadilha, then the zap leads
        key = page.locator(f"button.card-button:has(svg[data-card='{card}'])").get_attribute("data-key")
        before = version(page)
        page.keyboard.press(key)
        wait_moved(page, before)
    expect(page.locator(".verdict")).to_have_count(1)
    expect(page.locator(".verdict .stars")).to_have_attribute("aria-label", re.compile("3"))
    assert_french_and_fits(page)
