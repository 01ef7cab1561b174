"""A live session in Chromium: a teacher's projector (1280 × 720) and five phones (390 px, each its own
browser context) at once. The phones join with the PIN read off the projector, the lobby shows them
by itself (htmx polling: 0, then 5), the teacher removes one, whose phone cannot get back in, and two
envido questions go by: the projector counts the answers without showing them, a phone changes its
answer before the close, another reloads mid-question and finds its answer, the reveal shows the
bars of the numbers given and the engine's explanation, each phone its own result; then the teacher
ends the session and the summary has each pupil's score. The right
answers come from the engine (``quiz_questions`` draws what the session asks)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PageGuard, serious_violations
from tutor.learning.draw import quiz_questions

pytestmark = pytest.mark.e2e
TOPIC, SEED = "envido-counting", 42
SHOTS = os.environ.get("LIVE_SHOTS")
"""A folder to save screenshots of the projector and a phone in (for a person to look at), if set."""


def shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


def test_a_teacher_runs_two_questions_with_five_phones(page, browser, base_url):
    questions = [d.question for d in quiz_questions(TOPIC, SEED)[:2]]
    assert all(q.answer_type.value == "number" for q in questions)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto("/en/teach/signup")
    page.get_by_label("Login name").fill("live-teacher")
    page.get_by_label("Your name as pupils see it").fill("Ms Live")
    page.get_by_label("Password").fill("el ancho de espada")
    page.get_by_role("button", name="Create the account").click()
    page.get_by_role("link", name="I have kept it: go to my classes").click()
    page.get_by_role("link", name="Start a live session").click()
    page.get_by_label("Topic quiz").select_option(TOPIC)
    page.get_by_label("Questions", exact=True).select_option("3")
    page.locator("#live-seed").fill(str(SEED))
    page.get_by_role("button", name="Open the lobby", exact=True).click()
    pin = page.locator("[data-live-pin]").get_attribute("data-live-pin")
    assert pin and re.fullmatch(r"\d{6}", pin)
    expect(page.locator("img.qr")).to_be_visible()
    assert serious_violations(page) == []
    expect(page.locator(".live-players [data-nickname]")).to_have_count(0)

    phones, contexts = [], []
    for _ in range(5):
        context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844})
        contexts.append(context)
        phone = context.new_page()
        guard = PageGuard()
        phone.on("pageerror", guard.page_error)
        phone.on("console", guard.console)
        phone.goto("/en/live")
        assert phone.get_by_label("The PIN on the projector").get_attribute("inputmode") == "numeric"
        phone.get_by_label("The PIN on the projector").fill(pin)
        phone.get_by_role("button", name="Join").click()
        expect(phone.locator(".live-wait")).to_be_visible()
        phones.append((phone, guard))
    assert serious_violations(phones[0][0]) == []
    expect(page.locator(".live-players [data-nickname]")).to_have_count(5, timeout=10_000)
    shot(page, "projector-lobby")

    # The teacher removes the fifth phone: it is told so, and neither it nor its nickname gets back in.
    kicked, kicked_guard = phones.pop()
    nickname = kicked.locator("[data-nickname]").inner_text()
    page.get_by_role("button", name=f"Remove {nickname}").click()
    expect(page.locator(".live-players [data-nickname]")).to_have_count(4)
    expect(kicked.get_by_text("The teacher removed you from this session.")).to_be_visible(timeout=10_000)
    kicked.goto(f"/en/live?pin={pin}")
    kicked.get_by_role("button", name="Join").click()
    expect(kicked.get_by_role("alert")).to_contain_text("The teacher removed you from this session.")
    assert kicked_guard.problems == []

    page.get_by_role("button", name="Start the first question").click()
    for number, question in enumerate(questions):
        right = int(question.expected)
        for phone, _guard in phones:  # the phones pick the question up by polling
            expect(phone.locator('input[name="question"]')).to_have_value(str(number), timeout=10_000)
        expect(page.locator("[data-answers]")).to_have_attribute("data-answers", "0")

        def send(phone, value: int) -> None:
            phone.locator('input[name="answer"]').fill(str(value))
            phone.get_by_role("button", name="Send my answer").click()
            expect(phone.locator("[data-given]")).to_contain_text(str(value))

        send(phones[0][0], right)
        send(phones[1][0], right + 1)
        send(phones[1][0], right)  # changed before the close
        send(phones[2][0], right + 2)
        send(phones[3][0], right)
        phones[3][0].reload()  # a phone that reloads mid-question finds its answer
        expect(phones[3][0].locator("[data-given]")).to_contain_text(str(right))
        expect(phones[3][0].locator('input[name="answer"]')).to_have_value(str(right))
        expect(page.locator("[data-answers]")).to_have_attribute("data-answers", "4", timeout=10_000)
        expect(page.locator(".live-bars")).to_have_count(0)  # no distribution while it is open
        if number == 0:
            shot(page, "projector-question")
            shot(phones[1][0], "phone-question")
            assert serious_violations(phones[1][0]) == []
        page.get_by_role("button", name="Close the question and show the answers").click()
        expect(page.locator(".live-bar")).to_have_count(2)
        expect(page.locator(".live-bar.is-right")).to_contain_text("3 answers")
        expect(page.locator(".live-bar:not(.is-right)")).to_contain_text(str(right + 2))
        expect(page.locator(".explanation-headline")).to_be_visible()
        if number == 0:
            assert serious_violations(page) == []
            shot(page, "projector-reveal")
        for index, (phone, _guard) in enumerate(phones):
            result = "wrong" if index == 2 else "right"
            expect(phone.locator(f'[data-result="{result}"]')).to_be_visible(timeout=10_000)
        if number == 0:
            page.get_by_role("button", name="Next question").click()

    page.get_by_role("button", name="End the session").click()
    expect(page.locator(".live-summary").first).to_be_visible()
    shot(page, "projector-summary")
    for index, (phone, guard) in enumerate(phones):
        expect(phone.locator("[data-score]")).to_have_attribute(
            "data-score", "0" if index == 2 else "2", timeout=10_000
        )
        assert guard.problems == []
    for context in contexts:
        context.close()
