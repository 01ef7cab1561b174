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

from tests.e2e.conftest import PageGuard, docs_screenshot, serious_violations

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


def sign_up(page, login: str, name: str) -> None:
    """An organiser's teacher account, signed in, on the list of classes."""
    page.goto("/en/teach/signup")
    page.get_by_label("Login name").fill(login)
    page.get_by_label("Your name as pupils see it").fill(name)
    page.get_by_label("Password").fill("el siete de oro manda")
    page.get_by_role("button", name="Create the account").click()
    page.get_by_role("link", name="I have kept it: go to my classes").click()


def phone_with_code(browser, base_url: str, code: str):
    """A 390 px phone (its script errors and console messages watched) that typed ``code`` on the club page."""
    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844})
    phone = context.new_page()
    guard = PageGuard()
    phone.on("pageerror", guard.page_error)
    phone.on("console", guard.console)
    phone.goto("/en/club")
    phone.get_by_label("Code").fill(code)
    phone.get_by_role("button", name="Go to the club night").click()
    return phone, guard


def test_three_players_play_four_boards_and_two_of_them_tie(page, browser, base_url, live_server):
    live_server.app.config["CLUB_POLL"] = "1s"
    page.set_viewport_size({"width": 1280, "height": 720})
    sign_up(page, "club-organiser", "Ms Club")
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
        phone, guard = phone_with_code(browser, base_url, code.lower())
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
    page.locator("[data-club-standings]").scroll_into_view_if_needed()
    docs_screenshot(page, "club-results")
    assert serious_violations(page) == []


def test_a_scorekeeper_enters_the_boards_of_a_real_table_on_a_phone(page, browser, base_url, live_server):
    """A night at two real tables: the organiser prints the movement card; table 1's scorekeeper types
    its code on a 390 px phone, enters its boards (one refused: no hand ends 0 to 0), corrects one,
    and the organiser's result table shows both sides of the table."""
    live_server.app.config["CLUB_POLL"] = "1s"
    page.set_viewport_size({"width": 1280, "height": 720})
    sign_up(page, "club-tables", "Ms Tables")
    page.goto("/en/teach/club/new")
    page.get_by_label("Title", exact=True).fill("Tables on Friday")
    page.get_by_label("Boards", exact=True).select_option("4")
    page.get_by_role("radio", name=re.compile("At real tables, with cards")).check()
    page.get_by_label("Tables (at real tables only)").select_option("2")
    page.get_by_role("button", name="Create the club night").click()
    # The organiser names two of the four entrants (a 1-against-1 night: players), with the keyboard.
    page.get_by_role("link", name="Names of the players").click()
    page.get_by_label("A1", exact=True).fill("Ana")
    page.keyboard.press("Tab")
    page.keyboard.type("Beto")  # the next field is A2
    page.get_by_label("B1", exact=True).fill("ana")  # the same name as A1: refused, nothing saved
    page.get_by_role("button", name="Save the names").click()
    expect(page.locator("#B1-error")).to_have_text("A1 already has this name: give each one its own.")
    assert serious_violations(page) == []
    page.get_by_label("B1", exact=True).fill("Caro")
    page.get_by_label("B1", exact=True).press("Enter")
    expect(page.get_by_role("status")).to_have_text("The names are saved.")
    page.get_by_role("link", name="The movement card and the scorekeepers' codes, to print").click()
    expect(page.locator("[data-table-card]")).to_have_count(2)
    expect(page.locator('[data-round="1"] [data-table="1"]')).to_contain_text("A1 (Ana) against B1 (Caro)")
    assert serious_violations(page) == []
    shot(page, "movement")
    code = page.locator('[data-table-card="1"] [data-table-code]').get_attribute("data-table-code")
    organiser_url = page.url.rsplit("/movement", 1)[0]

    phone, guard = phone_with_code(browser, base_url, f"{code[:4].lower()} {code[4:].lower()}")
    expect(phone.get_by_role("heading", name="Table 1", exact=True)).to_be_visible()
    expect(phone.get_by_role("heading", name="Round 1: A1 (Ana) against B1 (Caro)")).to_be_visible()
    assert serious_violations(phone) == []
    boards = phone.locator("a.keeper-board")
    expect(boards).to_have_count(4)  # two rounds of two boards: every table plays every board
    box = boards.first.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 300  # a big target
    numbers = [int(n) for n in boards.evaluate_all("els => els.map(e => e.dataset.board)")]
    entered = dict(zip(numbers, [(3, 1), (0, 2), (1, 0), (2, 2)], strict=True))
    for index, number in enumerate(numbers):
        phone.locator(f'a.keeper-board[data-board="{number}"]').click()
        expect(phone.get_by_role("heading", name=f"Board {number}")).to_be_visible()
        if index == 0:
            phone.get_by_label("Side A won").fill("0")
            phone.get_by_label("Side B won").fill("0")
            phone.get_by_role("button", name="Save the result").click()
            expect(phone.get_by_role("alert")).to_contain_text("No hand of this night's rules ends with A 0 and B 0")
            assert serious_violations(phone) == []
            shot(phone, "keeper-refused")
            assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        a, b = entered[number]
        phone.get_by_label("Side A won").fill(str(a))
        phone.get_by_label("Side B won").fill(str(b))
        phone.get_by_role("button", name="Save the result").click()
        expect(phone.locator("[data-saved]")).to_have_text(f"Board {number} is saved: A {a}, B {b}.")
    # A correction of the first board.
    phone.locator(f'a.keeper-board[data-board="{numbers[0]}"]').click()
    phone.get_by_label("Side A won").fill("2")
    phone.get_by_label("Side B won").fill("1")
    phone.get_by_role("button", name="Save the correction").click()
    expect(phone.locator(f'a.keeper-board[data-board="{numbers[0]}"]')).to_have_attribute("data-entered", "2-1")
    shot(phone, "keeper")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert serious_violations(phone) == []
    assert guard.problems == []

    page.goto(organiser_url)
    expect(page.locator("#club-results")).to_contain_text("Results entered: 4 of 8", timeout=10_000)
    rows = page.locator("[data-club-standings] tbody tr")
    expect(rows).to_have_count(2)  # side A's pair 1 and side B's pair 1 (alone on their side so far)
    assert sorted(rows.evaluate_all("els => els.map(e => e.dataset.player)")) == ["A1 (Ana)", "B1 (Caro)"]
    assert serious_violations(page) == []
