"""Catalan Truc in Chromium: the set-up offers it under "More rules", a match to 12 starts, the learner
acts a few times by clicking (cards, answers, the decision on 11 or the knock, whatever the buttons
are), at four players makes a seña to its partner with its first move, the score is plain points to
12, a hint and axe on the table."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import serious_violations

pytestmark = pytest.mark.e2e
GAME_URL = re.compile(r"/play/[0-9a-f]{16}")


def version(page) -> str:
    return page.locator("#table").get_attribute("data-version")


def act(page) -> bool:
    """Click the learner's first button (a card when it holds one); False when there is none."""
    before = version(page)
    buttons = page.locator("#table .card-button, #table .calls button")
    if not buttons.count():
        return False
    buttons.first.click()
    page.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=before)
    return True


@pytest.mark.parametrize("players", [2, 4])
def test_a_catalan_match_at_the_table(page, players):
    page.goto("/en/play")
    page.locator("details.more-options summary").click()
    page.check(f'input[name=players][value="{players}"]')
    page.check('input[name=preset][value="catalan"]')
    page.check('input[name=level][value="beginner"]')
    page.locator("form.setup button[type=submit]").click()
    page.wait_for_url(GAME_URL)
    expect(page.locator("#table")).to_be_visible()
    score = page.locator("#table figcaption").first.inner_text()
    assert "mala" not in score and "buena" not in score
    if page.locator(".btn-hint").count():
        page.locator(".btn-hint").click()
        expect(page.locator("#hint")).to_be_visible()
    choices = page.locator(".sena-choices input[name=sena]")
    if players == 4 and choices.count():  # the learner signals to its partner with its first move
        assert choices.count() == 3  # the Catalan set: one eye closed, pursed lips, the tongue
        assert serious_violations(page) == []
        page.locator(".sena-choices summary").click()
        page.get_by_role("checkbox", name="Closes one eye: a three").check()
        assert act(page)
        if not page.locator(".hand-over").count():
            expect(page.locator(".seat-me .senas .sena-face.sena-wink")).to_have_count(1)
            expect(page.locator(".sena-choices")).to_have_count(0)  # once a hand
    acted = 0
    for _ in range(12):
        if page.locator(".hand-over").count():
            next_hand = page.locator('#table button[value="next"]')
            if not next_hand.count():
                break
            before = version(page)
            next_hand.click()
            page.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=before)
            continue
        if not act(page):
            break
        acted += 1
    assert acted >= 3
    text = page.locator("#table").inner_text()
    assert "Envido" not in text and "Truco" not in text  # Catalan's bets are Truc and Retruc
    page.emulate_media(reduced_motion="reduce")  # axe reads the news as it is, not halfway through fading in
    page.wait_for_timeout(100)
    assert serious_violations(page) == []
