"""Pica-pica in Chromium: the set-up (of /play and of a table with people) shows the choice only with 6
players and the Argentine rules, a six-player match with it starts, the learner clicks its way to a
pica-pica round, the table names the duel being played, and the page passes axe without scrolling
sideways at 1280x720 and at 390 px."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import serious_violations

pytestmark = pytest.mark.e2e
GAME_URL = re.compile(r"/play/[0-9a-f]{16}")
SEED = 12
"""The deals and the computer players' seed of the match (the live server runs in this process)."""


def version(page) -> str:
    return page.locator("#table").get_attribute("data-version")


def step(page) -> bool:
    """One click of the learner: the next hand once one is over, else the first card (or button)."""
    before = version(page)
    if page.locator(".hand-over").count():
        buttons = page.locator('#table button[value="next"]')
    else:
        buttons = page.locator("#table .card-button, #table .calls button")
    if not buttons.count():
        return False
    buttons.first.click()
    page.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=before)
    return True


@pytest.mark.parametrize("width,height", [(1280, 720), (390, 844)])
def test_a_pica_pica_match_names_the_duel_on_the_table(page, monkeypatch, width, height):
    monkeypatch.setattr("tutor.web.play.views.new_seed", lambda: SEED)
    page.set_viewport_size({"width": width, "height": height})
    page.goto("/en/play")
    page.locator("details.more-options summary").click()
    option = page.locator(".pica-option")
    page.check('input[name=players][value="4"]')
    expect(option).to_be_hidden()  # not with 4 players
    page.check('input[name=players][value="6"]')
    expect(option).to_be_visible()
    page.check('input[name=preset][value="fixed"]')
    expect(option).to_be_hidden()  # nor with another ruleset
    page.check('input[name=preset][value="argentino"]')
    page.check('input[name=level][value="beginner"]')
    page.check('input[name=target][value="15"]')
    page.check('input[name="pica"]')
    assert serious_violations(page) == []
    page.locator("form.setup button[type=submit]").click()
    page.wait_for_url(GAME_URL)
    for _ in range(150):
        if page.locator("#table .pica").count() and not page.locator(".hand-over").count():
            break
        assert step(page), "the match ended before a pica-pica round"
    else:
        pytest.fail("no pica-pica round in 150 clicks")
    panel = page.locator("#table .pica")
    expect(panel).to_be_visible()
    current = panel.locator('[aria-current="step"]')
    expect(current).to_have_count(1)
    # On the learner's turn the duel under way is the learner's own, against the opponent opposite.
    expect(current).to_contain_text(
        re.compile(r"Duel [123]: (You – the opponent opposite you|The opponent opposite you – you)")
    )
    expect(page.locator("#table .play-rules")).to_contain_text(re.compile(r"pica-pica: duel [123] of 3"))
    expect(page.locator("#table .seat-me .badge", has_text=re.compile(r"^duel [123]$"))).to_have_count(1)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    page.emulate_media(reduced_motion="reduce")
    page.wait_for_timeout(100)
    assert serious_violations(page) == []
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width


def test_the_people_setup_shows_the_choice_as_the_play_setup_does(page):
    """A table with people offers the same choice, under the same conditions (css/play.css)."""
    page.goto("/en/people")
    page.locator("details.more-options summary").click()
    option = page.locator(".pica-option")
    expect(option).to_be_hidden()  # 2 players by default
    page.check('input[name=players][value="6"]')
    expect(option).to_be_visible()
    page.check('input[name=preset][value="fixed"]')
    expect(option).to_be_hidden()
    page.check('input[name=preset][value="argentino"]')
    page.check('input[name="pica"]')
    assert serious_violations(page) == []
