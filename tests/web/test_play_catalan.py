"""Catalan Truc at the table (/play), and Truco Mineiro where the two games are tested alike: the set-up offers it (2 or 4 players, always to 12, no flor), a
whole match through the HTML forms with no hidden card on any page and a score told without malas or
buenas, the buttons of the decision on 11 and of the knock, the hint and the hand review."""

from __future__ import annotations

import random
import re

import pytest

from tests.budgets import budget
from tests.conftest import csrf_token, find_all
from tests.web.test_play import ACTION_RE, VERSION_RE, _assert_no_hidden_card, new_game, post_action, stored_table
from tutor.bots.table import Table
from tutor.engine import find_variant
from tutor.store import Game, db

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL


def test_the_setup_offers_catalan_truc(client):
    html = client.get("/en/play").get_data(as_text=True)
    assert find_all(html, "input", name="preset", value="catalan")
    assert "Catalan Truc: to 12 points" in html
    preselected = client.get("/en/play?preset=catalan").get_data(as_text=True)
    assert 'value="catalan" checked' in preselected


@pytest.mark.parametrize("players", ["2", "4"])
def test_a_catalan_game_is_always_to_12_whatever_the_target_choice(app, client, players):
    path = new_game(client, preset="catalan", players=players, target="30")
    game, table = stored_table(app, path)
    assert table.rules.variant == "catalan" and table.rules.target == 12 and table.rules.players == int(players)
    assert game.rules.startswith("catalan")


@pytest.mark.parametrize(
    "field,value,message",
    [("players", "6", "Catalan Truc is played by 2 or 4 players."), ("flor", "simple", "Catalan Truc has no flor.")],
)
def test_catalan_refuses_six_players_and_flor(app, client, field, value, message):
    token = csrf_token(client, "/en/play")
    data = {"players": "2", "preset": "catalan", "flor": "off", "target": "15", "level": "random", field: value}
    response = client.post("/en/play", data={**data, "csrf_token": token})
    assert response.status_code == 400 and message in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count(Game.id))) == 0


def _score_labels(html: str) -> list[str]:
    return re.findall(r'<figcaption aria-hidden="true">(.*?)</figcaption>', html, re.S)


@pytest.mark.parametrize("players", ["2", "4"])
@pytest.mark.parametrize("preset", ["catalan", "mineiro"])
def test_a_whole_match_of_another_game_through_the_forms(app, client, preset, players):
    """Catalan Truc and Truco Mineiro (docs/rules/mineiro.md), random legal choices to the end of the
    match: no page shows a card the learner has not seen (another seat's cards, its face-down cards,
    the threes nobody was shown), the score is plain points (no malas, no buenas), and every finished
    hand has its review."""
    rng = random.Random(int(players))
    for _game in range(budget(2, fast=1)):
        path = new_game(client, preset=preset, players=players, level=rng.choice(["random", "beginner"]))
        html = client.get(path).get_data(as_text=True)
        for _step in range(400):
            _, table = stored_table(app, path)
            _assert_no_hidden_card(html, table)
            labels = " ".join(_score_labels(html))
            assert "mala" not in labels and "buena" not in labels
            actions = ACTION_RE.findall(html)
            if not actions:
                assert table.is_over
                break
            response = post_action(client, path, html, rng.choice(actions))
            assert response.status_code == 303, response.get_data(as_text=True)[:300]
            html = client.get(response.headers["Location"]).get_data(as_text=True)
        else:
            pytest.fail("the match did not end")
        _, table = stored_table(app, path)
        assert max(table.match.scores) >= 12
        for index in range(1, table.hand_index + 2):
            assert client.get(f"{path}/review/{index}").status_code == 200


def _table_on_11(app, client, players: str = "2") -> tuple[str, Table]:
    """A Catalan game whose first hand finds the learner's team on 11 (scores set in the store's log
    cannot be, so the game is replaced by a table started at 11-4 with the same seed)."""
    path = new_game(client, preset="catalan", players=players, level="beginner")
    game, _ = stored_table(app, path)
    table = Table(find_variant("catalan").rules(players=int(players)), game.seed, "beginner", scores=(11, 4))
    return path, table


def test_the_decision_on_11_has_its_buttons(app, client):
    _, table = _table_on_11(app, client)
    from tutor.web.components.table.view import _buttons

    cards, others = _buttons(table.view())
    assert cards == [] and [(b.value, b.label) for b in others] == [
        ("play11", "Play the hand of 11"),
        ("run11", "Refuse the hand of 11"),
    ]


def test_the_knock_and_the_dealers_choice_have_buttons():
    from tutor.engine import parse_action
    from tutor.web.components.table.view import _buttons

    hand = find_variant("catalan").new_hand("3e,4c,5c|1e,12c,6c", 0, (0, 0))
    _, others = _buttons(hand.view_for(0))
    assert ("knock", "Knock on the pack") in [(b.value, b.label) for b in others]
    hand.apply(parse_action("0:knock"))
    _, dealer = _buttons(hand.view_for(1))
    assert [(b.value, b.label) for b in dealer] == [("deal1", "Deal one card each"), ("deal3", "Deal three cards each")]


def test_the_hint_at_a_catalan_table(app, client):
    path = new_game(client, preset="catalan", players="2", level="beginner")
    html = client.get(path).get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    version = VERSION_RE.search(html).group(1)
    response = client.post(path + "/hint", data={"csrf_token": token, "version": version})
    assert response.status_code == 303
    page = client.get(path).get_data(as_text=True)
    assert 'id="hint"' in page
    hint_part = page[page.index('id="hint"') :][:3000]
    assert "nvido" not in hint_part  # no envido in this game, not even in the hint


def test_a_four_player_catalan_table_shows_the_games_own_senas(app, client):
    seen = set()
    for _ in range(6):
        path = new_game(client, preset="catalan", players="4", level="beginner")
        html = client.get(path).get_data(as_text=True)
        seen |= set(re.findall(r'class="sena-face sena-([a-z_]+)"', html))
    assert seen, "some computer player signals in six deals"
    assert seen <= {"wink", "kiss", "tongue"}  # one eye closed, pursed lips, the tip of the tongue


# --- Truco Mineiro at the table (docs/rules/mineiro.md) ---------------------------------------------


def test_the_setup_offers_truco_mineiro_always_to_12(app, client):
    html = client.get("/en/play").get_data(as_text=True)
    assert find_all(html, "input", name="preset", value="mineiro")
    path = new_game(client, preset="mineiro", players="4", target="30")
    game, table = stored_table(app, path)
    assert table.rules.variant == "mineiro" and table.rules.target == 12 and game.rules.startswith("mineiro")
    token = csrf_token(client, "/en/play")
    data = {"players": "6", "preset": "mineiro", "flor": "off", "target": "15", "level": "random"}
    response = client.post("/en/play", data={**data, "csrf_token": token})
    assert response.status_code == 400 and "Truco Mineiro is played by 2 or 4 players." in response.get_data(
        as_text=True
    )


def test_a_mineiro_table_draws_french_cards_whatever_the_learners_face(app, client):
    client.set_cookie("card_face", "spanish")
    path = new_game(client, preset="mineiro", players="2", level="beginner")
    html = client.get(path).get_data(as_text=True)
    assert "cards-french.svg" in html and "/cards.svg" not in html
    assert re.search(r"(ace|two|three|four|five|six|seven|jack|queen|king) of (spades|clubs|diamonds|hearts)", html)


def test_the_mineiro_buttons_keep_pass_burn_face_down_and_the_mao_de_ferro():
    from tutor.engine import parse_action
    from tutor.web.components.table.view import _buttons

    mineiro = find_variant("mineiro")
    four = mineiro.rules(players=4)
    deal = "4e,5o,6b|3c,2c,1c|4b,7c,1e|3b,2b,1o|12e,12b,12o|11e,11b,11o|10e,10b,10o"
    hand = four.new_hand(deal, 0, (0, 0))
    _, others = _buttons(hand.view_for(0), "french")
    assert [(b.value, b.label) for b in others] == [
        ("keep", "Keep these three"),
        ("pass", "Pass them to the partner"),
        ("burn", "Burn them"),
    ]
    two = mineiro.new_hand("3o,4b,5e|4e,5c,6c", 0, (0, 0))
    for text in ["0:3o", "1:4e"]:
        two.apply(parse_action(text))
    cards, others = _buttons(two.view_for(0), "french")
    assert [b.label for b in cards] == ["four of clubs", "five of spades"]  # French names (4♣ is the zap)
    assert ("~4b", "Face down: four of clubs") in [(b.value, b.label) for b in others]
    iron = mineiro.new_hand("3o,4b,5e|4e,5c,6c", 0, (11, 11))
    cards, others = _buttons(iron.view_for(0), "french")
    assert cards == [] and [(b.value, b.label) for b in others] == [("3o", "Turn up your next card")]


def _a_page_with_a_face_down_card(app, client, rng) -> tuple[str, str, Table] | None:
    """A Mineiro match against random players, played until a computer seat's face-down card is on
    the table (its path, page and table), or None when the match ends first."""
    path = new_game(client, preset="mineiro", players="2", level="random")
    html = client.get(path).get_data(as_text=True)
    for _step in range(200):
        _, table = stored_table(app, path)
        if any(seat != table.learner_seat for seat in getattr(table.hand, "face_down", {}).values()):
            return path, html, table
        actions = ACTION_RE.findall(html)
        if not actions:
            return None
        response = post_action(client, path, html, rng.choice(actions))
        html = client.get(response.headers["Location"]).get_data(as_text=True)
    return None


def test_another_seats_face_down_card_is_drawn_as_a_back_and_the_hint_works(app, client):
    """A computer seat's face-down card: a card back in its trick slot and no name for it on the page;
    then the hint on a Mineiro table (no envido in it)."""
    rng = random.Random(11)
    found = None
    for _game in range(8):
        found = _a_page_with_a_face_down_card(app, client, rng)
        if found is not None:
            break
    assert found is not None, "no computer player played face down in eight matches"
    _, html, table = found
    assert "card-back" in html[html.index('class="played"') :]
    _assert_no_hidden_card(html, table)
    path = new_game(client, preset="mineiro", players="2", level="beginner")
    html = client.get(path).get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    version = VERSION_RE.search(html).group(1)
    assert client.post(path + "/hint", data={"csrf_token": token, "version": version}).status_code == 303
    page = client.get(path).get_data(as_text=True)
    assert 'id="hint"' in page and "nvido" not in page[page.index('id="hint"') :][:3000]


def test_the_replay_of_a_mineiro_hand_draws_its_deal_french_whatever_the_learners_face(app, client):
    client.set_cookie("card_face", "spanish")
    rng = random.Random(3)
    path = new_game(client, preset="mineiro", players="2", level="random")
    html = client.get(path).get_data(as_text=True)
    for _step in range(60):
        _, table = stored_table(app, path)
        if table.hand_index > 0 or table.is_over:
            break
        response = post_action(client, path, html, rng.choice(ACTION_RE.findall(html)))
        html = client.get(response.headers["Location"]).get_data(as_text=True)
    else:
        pytest.fail("the first hand did not end")
    replay = client.get(f"{path}/review/1").get_data(as_text=True)
    drawn = re.findall(r'<use href="[^"#]*/(cards(?:-french)?\.svg)[^"#]*#(\w+)"', replay)
    assert drawn and {file for file, _ in drawn} == {"cards-french.svg"}, sorted(set(drawn))[:5]
    deal = {f"f{card.notation}" for seat in table.hands()[0].deal[:2] for card in seat}
    assert deal <= {symbol for _, symbol in drawn}  # both seats' cards, face up
