"""Truco Mineiro is drawn with French cards on its own pages, the other games with the learner's face.

The lesson of Truco Mineiro (its steps, its checks' situations, projector mode) and its practice
hands (the table, "show me", the projector, the replay) draw every card from ``cards-french.svg``
whatever face the learner chose; the Catalan and Argentine lessons and hands keep the Spanish deck,
or the French one when the learner asked for it. The practice list names the game of a Mineiro hand.
Sprites are read from the page's ``<use href>``s; the expected cards are written out here from the
lesson and hand files, and looked up in the sprite file itself.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import csrf_token
from tutor.content import get_hand
from tutor.content.practice import Practice
from tutor.store import PracticeRun, db

pytestmark = pytest.mark.store  # starting and playing a practice hand writes the store

USE = re.compile(r'<use href="[^"#]*/(cards(?:-french)?\.svg)\?[^"#]*#([a-z0-9]+)"')
STATIC = Path(__file__).resolve().parents[2] / "tutor" / "static"
FRENCH_IDS = set(re.findall(r'<symbol id="([a-z0-9]+)"', (STATIC / "cards-french.svg").read_text(encoding="utf-8")))

ESPADILHA = "the-espadilha-is-third"
ESPADILHA_CARDS = {"f7c", "f4b", "f5o"}  # the learner's cards in 11-the-espadilha-is-third.toml
MANILHAS = {"f4b", "f7c", "f1e", "f7o"}  # the cards of the step "manilhas" of 11-truco-mineiro.toml


def sprites(html: str) -> list[tuple[str, str]]:
    """(sprite file, symbol id) of every card drawn on the page."""
    return USE.findall(html)


def assert_all_french(html: str) -> set[str]:
    found = sprites(html)
    assert found, "no card drawn"
    assert {file for file, _ in found} == {"cards-french.svg"}, sorted(set(found))
    ids = {symbol for _, symbol in found}
    assert ids <= FRENCH_IDS  # every symbol exists in the French sprite
    return ids


def assert_all_spanish(html: str) -> None:
    found = sprites(html)
    assert found, "no card drawn"
    assert {file for file, _ in found} == {"cards.svg"}, sorted(set(found))
    assert all(symbol == "back" or symbol.startswith("s") for _, symbol in found)


def test_the_french_sprite_has_a_symbol_for_each_card_these_tests_expect():
    assert MANILHAS | ESPADILHA_CARDS <= FRENCH_IDS


# --- The lesson ------------------------------------------------------------------------------------


@pytest.mark.parametrize("face", [None, "spanish", "french"])
def test_a_mineiro_lesson_step_draws_its_cards_and_its_check_french(client, face):
    if face:
        client.set_cookie("card_face", face)
    html = client.get("/en/lessons/truco-mineiro/manilhas?seed=3").get_data(as_text=True)
    ids = assert_all_french(html)
    assert ids >= MANILHAS  # the step's cards (and the check's, all French)
    assert 'aria-label="four of clubs"' in html and 'aria-label="four of bastos"' not in html


def test_a_mineiro_check_answered_is_explained_with_french_cards(client):
    client.set_cookie("card_face", "spanish")
    page = client.get("/en/lessons/truco-mineiro/same-number?seed=11").get_data(as_text=True)
    assert_all_french(page)
    token = re.search(r'name="attempt" value="([^"]+)"', page).group(1)
    option = re.findall(r'name="answer" value="([^"]+)"', page)[0]
    answered = client.post(
        "/en/lessons/truco-mineiro/same-number",
        data={"csrf_token": csrf_token(client, "/en/lessons"), "seed": "11", "attempt": token, "answer": option},
    )
    assert answered.status_code == 200
    assert_all_french(answered.get_data(as_text=True))


@pytest.mark.parametrize("number", [2, 3, 7, 8])
def test_the_mineiro_lesson_in_projector_mode_is_french(client, number):
    html = client.get(f"/en/lessons/truco-mineiro/present/{number}").get_data(as_text=True)
    ids = assert_all_french(html)
    if number == 2:
        assert ids >= MANILHAS


@pytest.mark.parametrize(
    "url",
    [
        "/en/lessons/catalan-truc/card-order?seed=3",
        "/en/lessons/catalan-truc/present/3",
        "/en/lessons/card-ranking/matas?seed=3",
        "/en/lessons/card-ranking/present/2",
    ],
)
def test_the_other_lessons_keep_the_spanish_deck_or_the_learners_face(client, url):
    assert_all_spanish(client.get(url).get_data(as_text=True))
    client.set_cookie("card_face", "french")
    assert_all_french(client.get(url).get_data(as_text=True))


# --- The practice hands ----------------------------------------------------------------------------


def test_the_practice_list_names_the_game_of_the_mineiro_hands(client):
    html = client.get("/en/practice").get_data(as_text=True)
    section = html.split('id="lesson-truco-mineiro"', 1)[1].split("</section>", 1)[0]
    for key in (ESPADILHA, "bet-on-the-trick-of-your-zap", "the-jack-beats-the-queen", "on-eleven-look-then-decide"):
        item = section.split(f'href="/en/practice/{key}"', 1)[1].split("</li>", 1)[0]
        assert '<span class="practice-game">Truco Mineiro</span>' in item
    argentine = html.split('id="lesson-tricks-and-parda"', 1)[1].split("</section>", 1)[0]
    assert "practice-game" not in argentine
    page = client.get(f"/en/practice/{ESPADILHA}").get_data(as_text=True)
    assert '<p class="practice-game">Truco Mineiro</p>' in page


def _run(app, public_id: str) -> PracticeRun:
    with app.app_context():
        return db.session.scalar(db.select(PracticeRun).where(PracticeRun.public_id == public_id))


LEARNER_CARDS = {  # the learner's cards in each hand file, as French sprite ids
    ESPADILHA: ESPADILHA_CARDS,
    "bet-on-the-trick-of-your-zap": {"f4b", "f5c", "f6e"},
    "the-jack-beats-the-queen": {"f10c", "f12e", "f5b"},
    "on-eleven-look-then-decide": {"f4b", "f7c", "f5e"},
}
PLAYED_FIRST = {  # the French name of the learner's first card on the ideal line
    ESPADILHA: "seven of hearts",
    "bet-on-the-trick-of-your-zap": "four of clubs",
    "the-jack-beats-the-queen": "jack of hearts",
    "on-eleven-look-then-decide": "four of clubs",
}


@pytest.mark.parametrize("key", sorted(LEARNER_CARDS))
def test_a_mineiro_practice_hand_is_french_at_the_table_and_in_its_replay(app, client, key):
    client.set_cookie("card_face", "spanish")
    token = csrf_token(client, f"/en/practice/{key}")
    location = client.post(f"/en/practice/{key}", data={"csrf_token": token}).headers["Location"]
    html = client.get(location).get_data(as_text=True)
    assert LEARNER_CARDS[key] <= assert_all_french(html)
    public_id = location.rsplit("/", 1)[1]
    spec = get_hand(key)
    for _ in range(8):
        practice = Practice(spec, _run(app, public_id).seed, log=_run(app, public_id).log)
        if practice.over:
            break
        action = practice.ideal_action()
        assert f'name="action" value="{action}"' in html  # the ideal action is one of the page's buttons
        version = re.search(r'name="version" value="(\d+)"', html).group(1)
        response = client.post(location, data={"csrf_token": token, "version": version, "action": action})
        assert response.status_code == 303
        html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Goal reached!" in html and "3 stars of 3" in html
    assert_all_french(html)
    review = client.get(f"{location}/review").get_data(as_text=True)  # the moves in words, no drawings
    assert PLAYED_FIRST[key] in review
    assert not re.search(r"of (espadas|bastos|oros|copas)", review)


def test_the_mao_de_onze_hand_offers_the_decision_before_any_card(client):
    token = csrf_token(client, "/en/practice/on-eleven-look-then-decide")
    location = client.post("/en/practice/on-eleven-look-then-decide", data={"csrf_token": token}).headers["Location"]
    html = client.get(location).get_data(as_text=True)
    assert 'name="action" value="play11"' in html and 'name="action" value="run11"' in html
    assert 'class="card-button"' not in html  # no card to play before the decision
    assert "the mão de onze" in html


@pytest.mark.parametrize("page", ["show", "present"])
def test_show_me_and_the_projector_of_a_mineiro_hand_are_french(client, page):
    client.set_cookie("card_face", "spanish")
    html = client.get(f"/en/practice/{ESPADILHA}/{page}?seed=0&step=2&faces=1").get_data(as_text=True)
    assert ESPADILHA_CARDS | {"f1e", "f3o", "f6c"} <= assert_all_french(html)  # every seat face up


@pytest.mark.parametrize("key", ["the-ace-is-only-an-ace", "lowest-card-that-wins"])
def test_a_catalan_or_argentine_hand_keeps_the_learners_face(client, key):
    url = f"/en/practice/{key}/show?seed=0&step=1"
    assert_all_spanish(client.get(url).get_data(as_text=True))
    client.set_cookie("card_face", "french")
    assert_all_french(client.get(url).get_data(as_text=True))


# --- A table with people -----------------------------------------------------------------------------


def test_the_review_of_a_mineiro_hand_at_a_table_with_people_deals_french(client):
    from tests.web.test_people import ACTION_RE, host_do, open_table, post_action

    client.set_cookie("card_face", "spanish")
    path = open_table(client, players="2", preset="mineiro")
    assert host_do(client, path, "start").status_code == 303
    for _ in range(12):
        html = client.get(path).get_data(as_text=True)
        if f"{path}/review/1" in html:
            break
        actions = ACTION_RE.findall(html)
        cards = [a for a in actions if re.fullmatch(r"\d+[ebco]", a)]
        assert post_action(client, path, html, (cards or actions)[0]).status_code == 303
    review = client.get(f"{path}/review/1")
    assert review.status_code == 200
    html = review.get_data(as_text=True)
    assert len(sprites(html)) >= 6  # the deal, face up
    assert_all_french(html)
    assert not re.search(r"of (swords|coins|cups)", html)
