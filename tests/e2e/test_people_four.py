"""Four people at one 4-player table in Chromium (four browser contexts: the host at 1280 px, three
friends on phones at 390 px) play a whole hand from their own pages. Each page shows its own cards
only; a seña shows only on the partner's seat, never on an opponent's or one's own, and what it
says is true of the partner's cards (checked against the set of señas as the rules state it, not
the code that picks them); then one of them opens the hand's review, face up. Axe on a phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PageGuard, docs_screenshot, serious_violations
from tests.e2e.test_people import TABLE_URL, act_if_my_turn, my_cards, open_as_host

pytestmark = pytest.mark.e2e

TOP = ("1e", "1b", "7e", "7o")
SENA_CARDS = {
    "eyebrows": {"1e"},
    "wink": {"1b"},
    "mouth_right": {"7e"},
    "mouth_left": {"7o"},
    "bite_lip": {"3e", "3b", "3o", "3c"},
    "kiss": {"2e", "2b", "2o", "2c"},
    "mouth_open": {"1o", "1c"},
}
"""Which cards each seña's face stands for (docs/rules/decisions.md, "Señas"); puffed cheeks stand for
a flor (none here: the table plays without flor) and closed eyes for none of these cards."""
ALL_SIGNALLED = set().union(*SENA_CARDS.values())


def faces_on(page, where: str) -> list[str]:
    """The seña faces drawn in the seats matching ``where`` (by their ``sena-<face>`` class)."""
    classes = page.locator(f"{where} .senas .sena-face").evaluate_all("els => els.map(e => e.getAttribute('class'))")
    return [next(name for name in re.findall(r"\bsena-([a-z_]+)", c) if name != "face") for c in classes]


def test_four_people_play_a_hand_with_senas_and_the_review(page, browser, base_url):
    guard = PageGuard()
    page.set_viewport_size({"width": 1280, "height": 800})
    code = open_as_host(page, guard)

    pages = {0: page}
    contexts = []
    for nick, seat in (("Bea", 2), ("Caro", 1), ("Dani", 3)):
        context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844})
        contexts.append(context)
        phone = context.new_page()
        phone.on("pageerror", guard.page_error)
        phone.on("console", guard.console)
        phone.goto(f"/en/people?code={code}")
        phone.wait_for_url(TABLE_URL)
        phone.get_by_label("Your nickname").fill(nick)
        phone.check(f'input[name=seat][value="{seat}"]')
        phone.get_by_role("button", name="Take a seat").click()
        expect(phone.locator('[data-status="seated"]')).to_be_visible()
        pages[seat] = phone
    expect(page.locator("[data-nick]")).to_have_count(4, timeout=10_000)
    page.get_by_role("button", name="Start the match").click()
    for one in pages.values():
        expect(one.locator("#table")).to_be_visible(timeout=10_000)
        expect(one.locator(".my-cards [data-card]")).to_have_count(3)

    # Before anyone plays: every page's señas, on the partner's seat only, true of the partner's cards.
    dealt = {seat: my_cards(one) for seat, one in pages.items()}
    assert len(set().union(*dealt.values())) == 12  # four different hands of three
    for seat, one in pages.items():
        assert faces_on(one, ".seat-opponent") == [] and faces_on(one, ".seat-me") == []
        partner_cards = dealt[(seat + 2) % 4]
        faces = faces_on(one, ".seat-partner")
        assert faces, f"seat {seat} sees no seña from its partner (closed eyes, at least)"
        for face in faces:
            if face == "eyes_closed":
                assert not partner_cards & ALL_SIGNALLED, (seat, partner_cards)
            else:
                assert partner_cards & SENA_CARDS[face], (seat, face, partner_cards)
    assert serious_violations(pages[2]) == []
    docs_screenshot(page, "people-table")  # the host's page at 1280 px: four people, the partner's seña

    for _ in range(60):
        if all(one.locator(".hand-over").count() for one in pages.values()):
            break
        for seat, one in pages.items():
            others = set().union(*(my_cards(o) for s, o in pages.items() if s != seat))
            assert not my_cards(one) & others, "a page shows another seat's cards"
        if not any(act_if_my_turn(one) for one in pages.values()):
            page.wait_for_timeout(400)  # the other pages' polls bring the move
    else:
        pytest.fail("the hand did not end")
    for one in pages.values():
        expect(one.locator(".hand-over")).to_be_visible(timeout=10_000)
    dani = pages[3]
    dani.get_by_role("link", name="Review this hand").click()
    expect(dani.locator(".review-deal > li")).to_have_count(4)
    review_cards = set(dani.locator(".review-deal [data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))
    assert set().union(*dealt.values()) <= review_cards  # face up: every seat's cards
    assert guard.problems == []
    for context in contexts:
        context.close()
