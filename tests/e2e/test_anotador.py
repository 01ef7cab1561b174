"""The anotador on a phone (390 × 844) in Chromium: a match to 30 between two teams, awards from the
engine's values (a falta envido computed from the score), undo, the live region, axe, and a reload
with the network gone (the service worker answers from the cache, the score from localStorage)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import docs_screenshot, serious_violations

pytestmark = pytest.mark.e2e


def award(page, label: str) -> None:
    page.get_by_role("button", name=label, exact=False).first.click()


def team_text(page, index: int) -> str:
    return page.locator("#anotador-teams figure").nth(index).inner_text()


def test_a_match_kept_undone_and_reloaded_offline_on_a_phone(browser, base_url):
    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto("/en/anotador")
    page.get_by_label("A game to 30 points").check()
    page.get_by_label("Name of team 1").fill("Ana")
    page.get_by_label("Name of team 2").fill("Beto")
    page.get_by_label("Deals the first hand").select_option("1")
    page.get_by_role("button", name="Start the match").click()
    assert page.locator("#anotador-dealer").inner_text() == "Next to deal: Beto"

    page.get_by_label("Ana", exact=True).check()
    award(page, "Envido: Quiero")
    assert "2 malas" in team_text(page, 0)
    expect(page.locator("#anotador-status")).to_contain_text("Ana: Envido: Quiero, plus 2.")

    page.get_by_label("Beto", exact=True).check()
    # Falta envido with the leader on 2 of 30: what the leader needs, 28 (docs/rules §4.2.5).
    assert page.locator('[data-award="falta_envido:q"] .award-points').inner_text() == "+28"
    award(page, "Falta envido: Quiero")
    assert "13 buenas" in team_text(page, 1)
    page.get_by_role("button", name="Undo").click()
    assert "0 points" in team_text(page, 1) or "0 malas" in team_text(page, 1)
    expect(page.locator("#anotador-status")).to_contain_text("Undone: Beto, Falta envido: Quiero.")

    award(page, "Truco: Quiero")
    assert "2 malas" in team_text(page, 1)
    assert page.locator("#anotador-dealer").inner_text() == "Next to deal: Ana"
    assert page.locator("#anotador-history h3").all_inner_texts() == ["Hand 1 (dealer: Beto)"]
    assert page.locator("#anotador-history li").all_inner_texts() == [
        "Ana plus 2, Envido: Quiero (2–0)",
        "Beto plus 2, Truco: Quiero (2–2)",
    ]

    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert serious_violations(page) == []
    docs_screenshot(page, "anotador-phone")

    # Offline: the service worker controls the page and the cache holds it and its files.
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.wait_for_function("async () => !!(await (await caches.open('anotador-v1')).match(location.pathname))")
    context.set_offline(True)
    try:
        page.reload()
        assert "2 malas" in team_text(page, 0) and "2 malas" in team_text(page, 1)
        page.get_by_label("Beto", exact=True).check()
        award(page, "Flor")
        assert "5 malas" in team_text(page, 1)
        expect(page.locator("#anotador-status")).to_contain_text("Beto: Flor, plus 3.")
    finally:
        context.set_offline(False)
    context.close()


def test_a_shared_score_follows_the_keeper_on_another_phone(browser, base_url):
    keeper_context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844})
    keeper = keeper_context.new_page()
    keeper.goto("/en/anotador")
    keeper.get_by_label("A game to 15 points").check()
    keeper.get_by_label("3 teams").check()
    for n, name in enumerate(["Ana", "Beto", "Caro"], start=1):
        keeper.get_by_label(f"Name of team {n}").fill(name)
    keeper.get_by_role("button", name="Start the match").click()
    keeper.get_by_role("button", name="Share the score").click()
    link = keeper.locator("#anotador-link-url")
    expect(link).to_have_attribute("href", re.compile(r"/en/anotador/s/[0-9a-f]{16}$"))
    viewer_context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844})
    viewer = viewer_context.new_page()
    viewer.goto(link.get_attribute("href"))
    expect(viewer.locator("#anotador-teams figure")).to_have_count(3)
    assert viewer.locator("[data-award]").count() == 0 and viewer.locator("#anotador-undo").count() == 0
    keeper.get_by_label("Caro", exact=True).check()
    # Falta envido in a game to 15 with nobody scored yet: the leader needs 15 (docs/rules §4.2.5).
    keeper.locator('[data-award="falta_envido:q"]').click()
    expect(viewer.locator("#anotador-teams figure").nth(2)).to_contain_text("15")
    expect(viewer.locator("#anotador-dealer")).to_contain_text("Caro")
    # Caro has won the game to 15: no award counts any more, and none shows points.
    expect(keeper.locator('[data-award="falta_envido:q"]')).to_be_disabled()
    assert set(keeper.locator("[data-award] .award-points").all_inner_texts()) == {""}
    # The shared history words the award as the keeper's phone does, not by its key.
    keeper_history = keeper.locator("#anotador-history").inner_text()
    expect(viewer.locator("#anotador-history")).to_contain_text("Falta envido")
    assert "falta_envido:q" not in viewer.locator("#anotador-history").inner_text()
    assert viewer.locator("#anotador-history").inner_text() == keeper_history
    keeper_context.close()
    viewer_context.close()
