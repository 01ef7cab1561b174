"""A club night in Chromium: an organiser (1280 × 720) creates an event of four boards; three players
(three browser contexts at 390 px) join with the code read off the organiser's page and play all four
boards, two of them making the same moves (so they tie on every board), the third others; every
player gets the same cards on each board; the organiser's result table (polled) ranks them by
matchpoints with ½ for a tie, and a player who has finished sees the table and a board's traveller."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout, expect

from tests.e2e.conftest import PageGuard, serious_violations

pytestmark = pytest.mark.e2e
BOARDS = 4
SHOTS = os.environ.get("CLUB_SHOTS")
"""A folder to save screenshots of the organiser's page, a board and the traveller in (for a person to look at), if set."""


def shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def my_cards(page) -> list[str]:
    return page.locator(".my-cards [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")


def act(page, last: bool, keyboard: bool) -> None:
    """One action: the first (or last) card, else the first (or last) call or answer; then wait for the table."""
    before = page.locator("#table").get_attribute("data-version")
    buttons = page.locator("#table .card-button")
    if not buttons.count():
        buttons = page.locator("#table .calls button")
    button = buttons.last if last else buttons.first
    if keyboard:
        button.focus()
        page.keyboard.press("Enter")
    else:
        button.click()
    try:
        page.wait_for_function(
            "v => document.querySelector('#table').dataset.version !== v", arg=before, timeout=10_000
        )
    except PlaywrightTimeout:  # pragma: no cover - the page answers every action
        page.reload()


def play_board(page, number: int, last: bool = False, keyboard: bool = False, boards: int = BOARDS) -> int:
    """Play board ``number`` to its end (the first or last action each time); the result the page shows."""
    expect(page.locator("#table-title")).to_have_text(f"Board {number} of {boards}")
    for _step in range(60):
        result = page.locator("[data-club-result]")
        if result.count():
            return int(result.get_attribute("data-club-result"))
        act(page, last, keyboard)
    raise AssertionError("the board never ended")


def test_three_players_play_four_boards_and_two_of_them_tie(page, browser, base_url, live_server):
    live_server.app.config["CLUB_POLL"] = "1s"
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto("/en/teach/signup")
    page.get_by_label("Login name").fill("club-organiser")
    page.get_by_label("Your name as pupils see it").fill("Ms Club")
    page.get_by_label("Password").fill("el siete de oro manda")
    page.get_by_role("button", name="Create the account").click()
    page.get_by_role("link", name="I have kept it: go to my classes").click()
    page.get_by_role("link", name="Club nights: everyone plays the same hands").click()
    page.get_by_role("link", name="Create a club night").click()
    assert serious_violations(page) == []
    page.get_by_label("Title", exact=True).fill("Friday duplicate")
    page.get_by_label("Boards", exact=True).select_option(str(BOARDS))
    page.get_by_label("Seed (optional: the same seed deals the same boards)").fill("2026")
    page.get_by_role("button", name="Create the club night").click()
    code = page.locator("[data-club-code]").get_attribute("data-club-code")
    assert code and re.fullmatch(r"[A-Z0-9]{6}", code)
    expect(page.locator("img.qr")).to_be_visible()
    assert serious_violations(page) == []

    players, names = [], ("Ancho 12", "Basto 34", "Copa 56")
    for name in names:
        context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844})
        phone = context.new_page()
        guard = PageGuard()
        phone.on("pageerror", guard.page_error)
        phone.on("console", guard.console)
        phone.goto("/en/club")
        phone.get_by_label("Code").fill(code.lower())
        phone.get_by_role("button", name="Go to the club night").click()
        nick = phone.get_by_label("Your nickname (keep the one suggested, or type your own)")
        expect(nick).to_have_value(re.compile(r".+ \d+$"))  # a generated nickname, to keep or replace
        if not players:
            assert serious_violations(phone) == []
        nick.fill(name)
        phone.get_by_role("button", name="Join and play board 1").click()
        players.append((phone, guard))
    expect(page.locator("#club-results")).to_contain_text("3 players have joined", timeout=10_000)

    points: dict[str, list[int]] = {name: [] for name in names}
    for number in range(1, BOARDS + 1):
        dealt = []
        for index, (phone, _guard) in enumerate(players):
            if number > 1:
                phone.locator("[data-next-board]").click()
            expect(phone.locator("#table-title")).to_have_text(f"Board {number} of {BOARDS}")
            dealt.append(my_cards(phone))
            if number == 1 and index == 0:
                shot(phone, "board")
                assert serious_violations(phone) == []
                assert phone.evaluate("document.documentElement.scrollWidth") <= 390
            points[names[index]].append(play_board(phone, number, last=index == 2, keyboard=index == 0))
        assert dealt[0] and dealt[0] == dealt[1] == dealt[2]  # the same cards for everyone
    assert points[names[0]] == points[names[1]]  # the same moves against the same bot: the same results

    for name, (phone, guard) in zip(names, players, strict=True):
        phone.locator("[data-club-results]").click()
        expect(phone.locator("[data-club-standings]")).to_be_visible()
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        assert guard.problems == [], name
    first = players[0][0]
    assert serious_violations(first) == []
    first.get_by_role("link", name="Board 1", exact=True).click()
    expect(first.locator("[data-club-traveller] tbody tr")).to_have_count(3)
    expect(first.get_by_role("heading", name="Every hand face up")).to_be_visible()
    shot(first, "traveller")
    assert first.evaluate("document.documentElement.scrollWidth") <= 390
    assert serious_violations(first) == []

    # The board slips for real tables: every board, each seat's three cards.
    slips = browser.new_context(
        base_url=base_url, viewport={"width": 390, "height": 844}, storage_state=page.context.storage_state()
    )
    slip_page = slips.new_page()
    slip_page.goto(page.url + "/slips")
    expect(slip_page.locator(".board-slip")).to_have_count(BOARDS)
    expect(slip_page.locator(".board-slip").first.locator("[data-card]")).to_have_count(6)
    assert slip_page.evaluate("document.documentElement.scrollWidth") <= 390
    assert serious_violations(slip_page) == []

    # The organiser's table, polled: matchpoints computed here from each board's points.
    rows = page.locator("[data-club-standings] tbody tr")
    expect(rows).to_have_count(3, timeout=10_000)
    expected = {name: 0.0 for name in names}
    for board in range(BOARDS):
        for name in names:
            mine = points[name][board]
            expected[name] += sum(
                1.0 if mine > points[o][board] else 0.5 if mine == points[o][board] else 0.0 for o in names if o != name
            )
    shown = {
        rows.nth(i).get_attribute("data-player"): (
            float(rows.nth(i).get_attribute("data-mp")),
            rows.nth(i).get_attribute("data-place"),
        )
        for i in range(3)
    }
    assert {name: mp for name, (mp, _place) in shown.items()} == expected
    assert shown[names[0]][1] == shown[names[1]][1]  # the tie shares its place
    tied = page.locator(f'[data-club-standings] tr[data-player="{names[0]}"] td').first
    expect(tied).to_have_text(f"{shown[names[0]][1]}=")
    shot(page, "organiser")
    shot(slip_page, "slips")
    assert serious_violations(page) == []
