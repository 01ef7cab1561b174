"""A seña round in Chromium: a teacher picks "A seña round" on the new-session form (keyboard and axe
checked), the projector (1280 × 720) draws the partner's seña large, a phone (390 px) chooses what
it stands for, and the reveal shows the share so far and the top five. The meaning of each face is
this file's copy of the seña table of docs/rules/decisions.md, not the app's."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PageGuard, serious_violations

pytestmark = pytest.mark.e2e
SEED = 5

FACE_MEANS = {
    "eyebrows": "The ace of espadas",
    "wink": "The ace of bastos",
    "mouth_right": "The seven of espadas",
    "mouth_left": "The seven of oros",
    "bite_lip": "A three",
    "kiss": "A two",
    "mouth_open": "A false ace (oros or copas)",
}


def test_a_sena_round_from_the_form_to_the_reveal(page, browser, base_url):
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto("/en/teach/signup")
    page.get_by_label("Login name").fill("sena-teacher")
    page.get_by_label("Your name as pupils see it").fill("Ms Seña")
    page.get_by_label("Password").fill("el ancho de espada")
    page.get_by_role("button", name="Create the account").click()
    page.get_by_role("link", name="I have kept it: go to my classes").click()
    page.get_by_role("link", name="Start a live session").click()
    assert serious_violations(page) == []
    page.get_by_label("A seña round", exact=False).check()
    page.get_by_label("Questions", exact=True).select_option("10")  # too many for a seña round
    page.locator("#live-seed").fill(str(SEED))
    page.get_by_role("button", name="Open the lobby", exact=True).click()
    expect(page.locator("#live-error")).to_contain_text("3, 5, or 7")
    expect(page.get_by_label("A seña round", exact=False)).to_be_checked()  # the form is kept
    page.get_by_label("Questions", exact=True).select_option("3")
    page.get_by_role("button", name="Open the lobby", exact=True).click()
    pin = page.locator("[data-live-pin]").get_attribute("data-live-pin")

    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844})
    phone = context.new_page()
    guard = PageGuard()
    phone.on("pageerror", guard.page_error)
    phone.on("console", guard.console)
    phone.goto("/en/live")
    phone.get_by_label("The PIN on the projector").fill(pin)
    phone.get_by_role("button", name="Join").click()
    expect(phone.locator(".live-wait")).to_be_visible()
    expect(page.locator(".live-players [data-nickname]")).to_have_count(1, timeout=10_000)

    page.get_by_role("button", name="Start the first question").click()
    sena = page.locator("[data-sena]")
    expect(sena).to_be_visible()
    face = sena.get_attribute("data-sena")
    assert page.locator(".situation-sena svg").bounding_box()["width"] >= 150  # large on the projector
    expect(phone.locator('input[name="question"]')).to_have_value("0", timeout=10_000)
    assert serious_violations(phone) == []
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll
    phone.get_by_role("button", name=FACE_MEANS[face], exact=True).click()
    expect(phone.locator("[data-given]")).to_contain_text(FACE_MEANS[face])
    expect(page.locator("[data-answers]")).to_have_attribute("data-answers", "1", timeout=10_000)
    page.get_by_role("button", name="Close the question and show the answers").click()
    expect(page.locator(".live-bar.is-right")).to_contain_text(FACE_MEANS[face])
    expect(page.locator("[data-so-far]")).to_have_attribute("data-so-far", "100")
    expect(page.locator("[data-top-name]")).to_have_count(1)
    assert serious_violations(page) == []
    expect(phone.locator('[data-result="right"]')).to_be_visible(timeout=10_000)
    assert guard.problems == []
    context.close()
