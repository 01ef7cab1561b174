"""Four people at one 4-player table in Chromium (four browser contexts: the host at 1280 px, three
friends on phones at 390 px) play a whole hand from their own pages. Each page shows its own cards
only; no seña shows before a person makes one (a person's señas are theirs to make, not drawn from
their cards); the first to act ticks a seña with their card, and it shows on their own seat and on
their partner's page, and on an opponent's only marked as caught; then one of them opens the hand's
review, face up. Axe on a phone. The phones' table fits 390 px."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PageGuard, docs_screenshot, serious_violations
from tests.e2e.test_people import TABLE_URL, act_if_my_turn, my_cards, open_as_host

pytestmark = pytest.mark.e2e


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

    # Before anyone plays: no seña anywhere, and the choices only on the page of the one to act.
    dealt = {seat: my_cards(one) for seat, one in pages.items()}
    assert len(set().union(*dealt.values())) == 12  # four different hands of three
    for one in pages.values():
        assert faces_on(one, ".seat") == []
    first = next(seat for seat, one in pages.items() if one.locator(".card-button").count())
    assert [seat for seat, one in pages.items() if one.locator(".sena-choices").count()] == [first]
    mover = pages[first]
    mover.locator(".sena-choices summary").click()
    mover.get_by_role("checkbox", name="Bites the lower lip: a three").check()
    # At most two: with a second ticked the others are disabled, and enabled again when it is unticked.
    kiss = mover.get_by_role("checkbox", name="Purses the lips as for a kiss: a two")
    nothing = mover.get_by_role("checkbox", name="Closes the eyes: nothing good")
    kiss.check()
    expect(nothing).to_be_disabled()
    kiss.uncheck()
    expect(nothing).to_be_enabled()
    assert serious_violations(mover) == []
    before = mover.locator("#table").get_attribute("data-version")
    mover.locator(".card-button").first.click()
    mover.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=before)
    expect(mover.locator(".seat-me .senas .sena-bite_lip")).to_have_count(1)
    partner = pages[(first + 2) % 4]
    expect(partner.locator(".seat-partner .senas .sena-bite_lip")).to_have_count(1, timeout=10_000)
    expect(partner.locator(".seat-partner .senas")).to_have_attribute("aria-label", re.compile("Señas: "))
    for opponent in ((first + 1) % 4, (first + 3) % 4):
        one = pages[opponent]
        expect(one.locator("#table")).not_to_have_attribute("data-version", before, timeout=10_000)
        assert faces_on(one, ".seat-partner") == [] and faces_on(one, ".seat-me") == []
        if faces_on(one, ".seat-opponent"):  # caught now and then, and then marked so
            assert faces_on(one, ".seat-opponent") == ["bite_lip"]
            expect(one.locator(".seat-opponent .sena-caught")).to_have_count(1)
    for seat in (1, 2, 3):  # the phones: nothing wider than the screen
        width = pages[seat].evaluate("document.documentElement.scrollWidth")
        assert width <= 390, (seat, width)
    assert serious_violations(pages[2]) == []
    docs_screenshot(page, "people-table")  # the host's page at 1280 px: four people, a seña made

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
