"""The home page (issue 24, item 15): a card picture with a text alternative, and a first step for
someone who half-knows the game (the table, or skipping lessons by passing their quizzes)."""

from __future__ import annotations

import re

import pytest

from tests.conftest import LANGUAGES, find_all
from tutor.engine.ranking import MATAS
from tutor.i18n import use_language
from tutor.learning.attempts import QUIZ_PASS_SHARE
from tutor.narration.cards import card_name


def test_the_home_page_shows_the_four_matas_with_their_names(client):
    html = client.get("/en/").get_data(as_text=True)
    (hand,) = find_all(html, "ul", class_="home-cards")
    cards = re.findall(r'<svg class="card[^>]*aria-label="([^"]+)"[^>]*data-card="([^"]+)"', html)
    assert [notation for _name, notation in cards] == [card.notation for card in MATAS]
    with use_language("en"):
        names = [card_name(card, "spanish") for card in MATAS]
    assert [name for name, _n in cards] == names
    label = hand.attrs["aria-label"]
    assert label.startswith("The four strongest cards of Truco") and all(name in label for name in names)


def test_the_home_page_offers_the_table_and_testing_out_to_who_half_knows_the_game(client):
    html = client.get("/en/").get_data(as_text=True)
    (start,) = find_all(html, "section", class_="home-start")
    part = html[html.index('class="home-start') : html.index("</section>", html.index('class="home-start'))]
    links = {" ".join(a.text.split()): a.attrs["href"] for a in find_all(part, "a")}
    assert links == {"Go straight to the table": "/en/play", "Skip the lessons you know": "/en/quiz"}
    right, num = QUIZ_PASS_SHARE
    assert f"at least {right} of {num} right" in " ".join(start.text.split())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_home_page_renders_in_every_language(client, lang):
    response = client.get(f"/{lang}/")
    assert response.status_code == 200
    assert len(find_all(response.get_data(as_text=True), "svg", class_="card")) == len(MATAS)
