"""The class against the bot in Chromium: a teacher's projector (1280 × 720) and two phones (390 px)
play one hand. At each decision both phones vote (the first legal move the engine lists), the last
vote closes the vote by itself, the projector picks up the votes by polling and offers the class's
move; the teacher plays it (at the first decision, another move instead, to show why), the projector
shows how the move was chosen, and the teacher opens the next vote until the hand is over and the
review is shown, naming the teacher's move.
Axe on the projector's table and a phone's vote."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PageGuard, serious_violations

pytestmark = pytest.mark.e2e
SEED = 11


def test_the_class_plays_one_hand_against_the_bot(page, browser, base_url):
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto("/en/teach/signup")
    page.get_by_label("Login name").fill("bot-teacher")
    page.get_by_label("Your name as pupils see it").fill("Mr Bot")
    page.get_by_label("Password").fill("el ancho de espada")
    page.get_by_role("button", name="Create the account").click()
    page.get_by_role("link", name="I have kept it: go to my classes").click()
    page.get_by_role("link", name="Start a live session").click()
    page.get_by_label("Seed (optional: the same seed deals the same hand)").fill(str(SEED))
    page.get_by_role("button", name="Open the lobby for the class against the computer player").click()
    pin = page.locator("[data-live-pin]").get_attribute("data-live-pin")
    assert pin and re.fullmatch(r"\d{6}", pin)

    phones, contexts = [], []
    for _ in range(2):
        context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844})
        contexts.append(context)
        phone = context.new_page()
        guard = PageGuard()
        phone.on("pageerror", guard.page_error)
        phone.on("console", guard.console)
        phone.goto(f"/en/live?pin={pin}")
        phone.get_by_role("button", name="Join").click()
        expect(phone.locator(".live-wait")).to_be_visible()
        phones.append((phone, guard))
    expect(page.locator(".live-players [data-nickname]")).to_have_count(2, timeout=10_000)
    page.get_by_role("button", name="Deal the hand").click()

    taught = False
    for step in range(20):
        expect(page.locator("[data-answers]")).to_have_attribute("data-answers", "0", timeout=10_000)
        expect(page.locator(".live-table .card-back").first).to_be_visible()  # the bot's cards hidden
        for phone, _guard in phones:
            # Until its poll brings the new vote, a phone still shows its vote on the last one.
            expect(phone.locator("[data-given]")).to_have_count(0, timeout=10_000)
            vote = phone.locator(".live-vote button").first
            expect(vote).to_be_visible(timeout=10_000)
            if step == 0 and phone is phones[0][0]:
                assert serious_violations(phone) == []
                assert serious_violations(page) == []
            with phone.expect_response(lambda response: response.url.endswith("/vote")):
                vote.click()
        play_class = page.locator("[data-play-class-move]")
        expect(play_class).to_be_visible(timeout=10_000)
        expect(phones[0][0].get_by_text("The vote is closed.")).to_be_visible(timeout=10_000)
        others = page.locator(".live-other-moves button")
        if step == 0 and others.count():
            taught = True
            others.first.click()
            expect(page.locator("[data-decision]")).to_contain_text("The teacher played", timeout=10_000)
        else:
            play_class.click()
            expect(page.locator("[data-decision]")).to_contain_text("The class played", timeout=10_000)
        expect(page.locator(".live-narration")).to_be_visible()
        if page.get_by_role("button", name="Show the end of the hand").count():
            page.get_by_role("button", name="Show the end of the hand").click()
            break
        page.get_by_role("button", name="Next vote").click()
    expect(page.locator(".live-review")).to_be_visible()
    assert taught  # seed 11: the class has more than one legal move at its first decision
    expect(page.locator("[data-teacher-move]")).to_have_count(1)
    assert serious_violations(page) == []
    for phone, guard in phones:
        expect(phone.get_by_text("The hand is over. Thank you for playing!")).to_be_visible(timeout=10_000)
        assert guard.problems == []
    for context in contexts:
        context.close()
