"""The roster in Chromium: a teacher adds two pupils by name, the login cards page (axe) shows a card
each; a tablet (390 px, its own context) opens a card's link with the code in the fragment, finds it in
the device form with the button focused and the fragment gone from the address bar, and is then in the
class; a colleague accepts an invitation link and co-teaches; the pupil, copy and invitation pages
pass axe too."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PageGuard, serious_violations

pytestmark = pytest.mark.e2e
PASSWORD = "el ancho de espada"


def sign_up(page, login: str, name: str) -> None:
    page.goto("/en/teach/signup")
    page.get_by_label("Login name").fill(login)
    page.get_by_label("Your name as pupils see it").fill(name)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Create the account").click()
    page.get_by_role("link", name="I have kept it: go to my classes").click()


def test_login_cards_sign_a_tablet_in_and_a_colleague_co_teaches(page, browser, base_url):
    page.set_viewport_size({"width": 1280, "height": 800})
    sign_up(page, "e2e-cards", "Ms Nowak")
    page.get_by_role("link", name="New class").click()
    page.get_by_label("Name of the class").fill("Year 2")
    page.get_by_role("button", name="Create the class").click()
    expect(page.locator("h1")).to_have_text("Year 2")
    class_url = page.url
    page.get_by_label("Names, one per line").fill("Ana María\nBruno")
    page.get_by_role("button", name="Add these pupils").click()
    expect(page.locator(".login-card")).to_have_count(2)
    assert serious_violations(page) == [], "login cards"
    code = page.locator("[data-login-code]").first.inner_text()
    assert re.fullmatch(r"[2-9A-Z]{4}-[2-9A-Z]{4}", code)

    tablet_context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844})
    tablet = tablet_context.new_page()
    guard = PageGuard()
    tablet.on("pageerror", guard.page_error)
    tablet.on("console", guard.console)
    tablet.goto("/en/device#" + code.replace("-", ""))
    field = tablet.locator("input[data-device-code-field]")
    expect(field).to_have_value(code.replace("-", ""))
    expect(tablet.get_by_role("button", name="Continue with this code")).to_be_focused()
    assert "#" not in tablet.url
    tablet.get_by_role("button", name="Continue with this code").click()
    expect(tablet.locator(".flash-success")).to_contain_text("Welcome back")
    tablet.goto(class_url.replace("/teach/classes/", "/class/"))
    expect(tablet.locator("h1")).to_contain_text("Year 2")
    assert guard.problems == []
    tablet_context.close()

    page.goto(class_url)
    page.locator("ul.roster a").first.click()
    expect(page.get_by_role("button", name="Give a new login code")).to_be_visible()
    assert serious_violations(page) == [], "pupil page"
    page.goto(class_url + "/copy")
    assert serious_violations(page) == [], "copy page"
    page.goto(class_url)
    page.get_by_role("button", name="Invite a co-teacher").click()
    link = page.locator("[data-invite-link]").inner_text()
    assert serious_violations(page) == [], "invitation link"

    colleague_context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 800})
    colleague = colleague_context.new_page()
    sign_up(colleague, "e2e-colleague", "Mr Díaz")
    colleague.goto(link)
    expect(colleague.locator("main")).to_contain_text("Ms Nowak invites you to co-teach the class Year 2.")
    assert serious_violations(colleague) == [], "invitation"
    colleague.get_by_role("button", name="Co-teach this class").click()
    expect(colleague.locator(".flash-success")).to_contain_text("You now co-teach Year 2.")
    expect(colleague.locator("ul.roster")).to_contain_text("Ana María")
    colleague_context.close()
