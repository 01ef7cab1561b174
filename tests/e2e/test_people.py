"""A table with people in Chromium: a host opens a 4-player table, a friend joins from another browser
context with the code read off the host's page, two computer players take the empty seats, and the
two people play a whole hand from their own pages (each page picks up the other's moves by polling),
then open the hand's review. Neither page ever holds the other person's cards."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout, expect

from tests.e2e.conftest import PageGuard, serious_violations

pytestmark = pytest.mark.e2e
TABLE_URL = re.compile(r"/people/[A-Z0-9]{6}$")
SHOTS = os.environ.get("PEOPLE_SHOTS")
"""A folder to save screenshots of the lobby and the table in (for a person to look at), if set."""


def shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def my_cards(page) -> set[str]:
    return set(page.locator(".my-cards [data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))


def act_if_my_turn(page) -> bool:
    """Play the first card, else the first call or answer, when it is this page's turn."""
    before = page.locator("#table").get_attribute("data-version")
    if page.locator(".card-button").count():
        page.locator(".card-button").first.click()
    elif page.locator("#table .calls button").count():
        page.locator("#table .calls button").first.click()
    else:
        return False
    try:  # a poll may swap the table in the instant of the click: then the click is lost, and tried again
        page.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=before, timeout=5000)
    except PlaywrightTimeout:
        return False
    return True


def open_as_host(page, guard: PageGuard, nick: str = "Ana") -> str:
    """Open a 4-player table to 15 against random bots from the set-up form; the table's code."""
    page.on("pageerror", guard.page_error)
    page.on("console", guard.console)
    page.goto("/en/people")
    page.get_by_label("Your nickname").fill(nick)
    page.check('input[name=players][value="4"]')
    page.check('input[name=target][value="15"]')
    page.check('input[name=level][value="random"]')
    page.get_by_role("button", name="Open the table").click()
    page.wait_for_url(TABLE_URL)
    return page.locator("[data-table-code]").inner_text()


def test_two_people_play_a_hand_at_a_four_player_table(page, browser, base_url):
    guard = PageGuard()
    code = open_as_host(page, guard)
    expect(page.locator("img.qr")).to_be_visible()
    assert serious_violations(page) == []

    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844})
    friend = context.new_page()
    friend.on("pageerror", guard.page_error)
    friend.on("console", guard.console)
    friend.goto("/en/people")
    friend.get_by_label("Table code").fill(code.lower())
    friend.get_by_role("button", name="Go to the table").click()
    friend.wait_for_url(TABLE_URL)  # else the nickname goes into the set-up form being left
    friend.get_by_label("Your nickname").fill("Bea")
    friend.check('input[name=seat][value="2"]')  # Ana's partner
    friend.get_by_role("button", name="Take a seat").click()
    expect(friend.locator('[data-status="seated"]')).to_be_visible()
    expect(page.locator("[data-nick]", has_text="Bea")).to_be_visible(timeout=10_000)  # the lobby polls
    shot(page, "lobby-host")

    page.get_by_role("button", name="Start the match").click()
    expect(friend.locator("#table")).to_be_visible(timeout=10_000)  # the friend's lobby reloads into the table
    assert serious_violations(friend) == []
    shot(friend, "table-friend")
    for _ in range(40):
        if page.locator(".hand-over").count() and friend.locator(".hand-over").count():
            break
        for one, other in ((page, friend), (friend, page)):
            assert not my_cards(one) & my_cards(other), "a page shows another seat's cards"
        if not act_if_my_turn(page) and not act_if_my_turn(friend):
            page.wait_for_timeout(500)  # the other page's poll brings the move
    else:
        pytest.fail("the hand did not end")
    expect(friend.locator(".hand-over")).to_be_visible(timeout=10_000)
    shot(page, "hand-over-host")
    friend.get_by_role("link", name="Review this hand").click()
    expect(friend.locator(".review-deal > li")).to_have_count(4)
    assert guard.problems == []
    context.close()


def test_a_nickname_being_typed_survives_someone_else_joining_the_lobby(page, browser, base_url):
    """The lobby reloads itself when someone joins; a visitor halfway through typing a nickname keeps it
    (the poll waits), and their click on "Take a seat" is not swallowed by a reload."""
    page.goto("/en/people")
    page.locator("input[name=nick]").fill("Ana")
    page.check('input[name=players][value="4"]')
    page.locator("form.setup button[type=submit]").click()
    page.wait_for_url(TABLE_URL)
    table = page.url
    other = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844})
    typing = other.new_page()
    typing.goto(table)
    typing.get_by_label("Your nickname").fill("Bea")  # and then a third person joins
    third = browser.new_context(base_url=base_url).new_page()
    third.goto(table)
    third.get_by_label("Your nickname").fill("Cai")
    third.get_by_role("button", name="Take a seat").click()
    expect(third.locator('[data-status="seated"]')).to_be_visible()
    expect(page.locator("[data-nick]", has_text="Cai")).to_be_visible(timeout=10_000)  # the host's lobby moved on
    typing.wait_for_timeout(3_000)  # more than one poll
    expect(typing.get_by_label("Your nickname")).to_have_value("Bea")
    typing.get_by_role("button", name="Take a seat").click()
    expect(typing.locator('[data-status="seated"]')).to_be_visible()
    expect(typing.locator("[data-nick]", has_text="Cai")).to_be_visible()
    other.close()
    third.context.close()
