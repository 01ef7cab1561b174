"""Pica-pica at the table (docs/rules/argentine.md §7.4): the set-up choice, refused combinations, and
whole six-player matches played through the forms with the computer players and hints, every
pica-pica round checked against the engine's own record of its duels."""

from __future__ import annotations

import random
import re

import pytest

from tests.conftest import csrf_token
from tutor.engine.pica import PicaPicaHand
from tutor.engine.state import EventKind
from tutor.narration.cards import card_name
from tutor.store import Game, db

from .test_play import ACTION_RE, new_game, post_action, stored_table

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

SIX = {"players": "6", "preset": "argentino", "flor": "off", "target": "15"}


def test_the_setup_offers_pica_pica_off_by_default(client):
    html = client.get("/en/play").get_data(as_text=True)
    box = re.search(r'<input type="checkbox" name="pica" value="1"[^>]*>', html)
    assert box is not None and "checked" not in box.group(0)
    assert 'class="pica-option"' in html


@pytest.mark.parametrize(
    "fields",
    [
        {"players": "4", "pica": "1"},
        {"players": "2", "pica": "1"},
        {"preset": "catalan", "players": "4", "pica": "1"},
        {"players": "6", "pica": "yes"},
    ],
)
def test_a_combination_without_pica_pica_is_a_400_with_its_message_and_no_game(app, client, fields):
    data = {"players": "2", "preset": "argentino", "flor": "off", "target": "15", "level": "random", **fields}
    response = client.post("/en/play", data={**data, "csrf_token": csrf_token(client, "/en/play")})
    assert response.status_code == 400
    body = response.get_data(as_text=True)
    expected = "either on or off" if fields["pica"] != "1" else "Pica-pica is played only by 6 players"
    assert re.search(rf'<p id="err-pica" class="field-error">[^<]*{expected}', body)
    # The page of another language says it in that language's page (the message goes through gettext).
    spanish = client.post("/es/play", data={**data, "csrf_token": csrf_token(client, "/es/play")})
    assert spanish.status_code == 400
    assert 'id="err-pica"' in spanish.get_data(as_text=True) and "Repartir las cartas" in spanish.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count(Game.id))) == 0


def test_a_pica_pica_game_is_kept_with_its_rules(app, client):
    path = new_game(client, **SIX, level="random", pica="1")
    game, table = stored_table(app, path)
    assert table.rules.pica_pica and table.rules.players == 6
    listing = client.get("/en/play").get_data(as_text=True)
    assert "6 players, to 15 points, pica-pica" in listing


def _duel_points(duel, team: int) -> int:
    """The points ``team`` scored in one duel: its awards added up (the engine's record of the duel)."""
    return sum(award.points for award in duel.awards if award.team == team)


def _check_round_page(html: str, hand: PicaPicaHand, me: int) -> None:
    """The page names the duel under way and tells each finished duel's points to each team."""
    assert "Pica-pica: three duels, one against one" in html
    if not hand.is_over:
        number = len(hand.duels)
        assert f"pica-pica: duel {number} of 3" in html
        mano, other = hand.pairs[number - 1]
        assert me in (mano, other)  # the page is drawn on the learner's turn: its own duel
        # The learner at seat 0 faces seat 3, whom the table calls "the opponent opposite you".
        expected = (
            f"Duel {number}: You – the opponent opposite you"
            if mano == me
            else f"Duel {number}: The opponent opposite you – you"
        )
        assert expected in html
        assert re.search(r'class="pica-duel pica-playing pica-mine" aria-current="step"', html)
    for index, duel in enumerate(hand.duels):
        if duel.is_over:
            us, them = _duel_points(duel, me % 2), _duel_points(duel, 1 - me % 2)
            assert f"done: us {us}, them {them}" in html, (index, us, them)


def _assert_no_hidden_card(html: str, hand: PicaPicaHand, me: int) -> None:
    """No card another seat holds unseen is on the page: only the learner's own, those played face up
    in any duel and those shown at a duel's end (read off the round's events) may be."""
    seen = {card for card in hand.deal[me]}
    for event in hand.events:
        if event.kind is EventKind.CARD_PLAYED and event.card is not None:
            seen.add(event.card)
        seen.update(event.cards)
    for card in {c for cards in hand.deal for c in cards} - seen:
        assert f'data-card="{card.notation}"' not in html, card
        assert card_name(card, "spanish") not in html, card_name(card, "spanish")
        assert f'value="{card.notation}"' not in html, card


def _check_review(client, path: str, number: int, hand: PicaPicaHand) -> None:
    """The hand's review tells every played duel's start and end, and who won one on tricks."""
    page = client.get(f"{path}/review/{number}").get_data(as_text=True)
    for index, duel in enumerate(hand.duels):
        assert f"duel {index + 1} of 3" in page
        assert f"Duel {index + 1} is over." in page
        if duel.end is not None and duel.end.kind.value == "tricks":
            assert re.search(rf"(You win|\S+ wins) duel {index + 1}\.", page)
    for cards in hand.deal:
        for card in cards:
            assert f'data-card="{card.notation}"' in page


def _found(pattern: str, html: str) -> str:
    found = re.search(pattern, html)
    assert found is not None, pattern
    return found.group(1)


def _play_match(app, client, level: str, seed: int, hint_every: int) -> int:
    """A whole match through the forms, a hint asked on every ``hint_every``-th decision and then
    followed; returns how many pica-pica rounds were played."""
    rng = random.Random(seed)
    path = new_game(client, **SIX, level=level, pica="1")
    html = client.get(path).get_data(as_text=True)
    decisions = rounds_checked = 0
    checked: set[int] = set()
    for _step in range(600):
        game, table = stored_table(app, path)
        hand = table.hand
        if isinstance(hand, PicaPicaHand):
            _check_round_page(html, hand, table.learner_seat)
            _assert_no_hidden_card(html, hand, table.learner_seat)
        for index, done in enumerate(table.hands()):
            if isinstance(done, PicaPicaHand) and done.is_over and index not in checked:
                checked.add(index)
                _check_review(client, path, index + 1, done)
                rounds_checked += 1
        actions = ACTION_RE.findall(html)
        if not actions:
            assert table.is_over
            return rounds_checked
        choice = rng.choice(actions)
        if table.learner_to_act and decisions % hint_every == 0:
            asked = client.post(
                path + "/hint",
                data={
                    "csrf_token": _found(r'name="csrf_token" value="([^"]+)"', html),
                    "version": _found(r'name="version" value="(\d+)"', html),
                },
            )
            assert asked.status_code == 303
            html = client.get(path).get_data(as_text=True)
            assert 'id="hint"' in html
            best = _found(r'<tr class="is-best"><td>([^<]+)</td>', html)
            buttons = dict(re.findall(r'name="action" value="([^"]+)"[^>]*aria-label="Play the ([^"(]+) \(', html))
            choice = next((value for value, label in buttons.items() if label.strip() == best), choice)
        if table.learner_to_act:
            decisions += 1
        response = post_action(client, path, html, choice)
        assert response.status_code == 303, response.get_data(as_text=True)[:300]
        html = client.get(response.headers["Location"]).get_data(as_text=True)
    pytest.fail("the match did not end")


@pytest.mark.parametrize(("level", "seed", "hint_every"), [("beginner", 3, 2), ("random", 5, 3)])
def test_a_whole_pica_pica_match_with_bots_and_hints(app, client, monkeypatch, level, seed, hint_every):
    monkeypatch.setattr("tutor.web.play.views.new_seed", lambda: seed)  # the deals and the bots seeded
    assert _play_match(app, client, level, seed, hint_every) >= 1


def test_a_whole_pica_pica_match_against_the_strong_bots(app, client, monkeypatch):
    monkeypatch.setattr("tutor.web.play.views.new_seed", lambda: 11)
    assert _play_match(app, client, "strong", 11, 4) >= 1
