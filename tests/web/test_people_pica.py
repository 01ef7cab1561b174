"""Pica-pica at a table with people (docs/rules/argentine.md §7.4): the set-up choice (the same one as
the table with computer players and a class's tables), and six-player matches where three people and
three computer players play pica-pica rounds from their own pages.

In a round every duel pairs a seat with the one opposite (seat + 3), so with people at seats 0, 1 and 2
each duel is one person against a computer player, and while one person plays the other two wait. Each
page is checked after every step against the engine's own record of the round: the three duels and the
one under way, whose turn it is (on the felt and in the list of people, also on the pages of the two
who wait), what the duel under way is worth and its open call, each finished duel's points to each
team, the score, the legal actions of the person to act (the envido, and the flor when it is played,
of that person's own duel) and no card another seat holds unseen. The people call the falta envido in
every duel they can: a falta the leading team wins reaches the target inside the duel, and the match
then ends there, the duels after it not played."""

from __future__ import annotations

import random
import re

import pytest

from tests.conftest import csrf_token, dispose, make_app
from tutor.engine.pica import PicaPicaHand
from tutor.engine.state import EventKind
from tutor.narration.cards import card_name
from tutor.store import db
from tutor.store.people import PeopleTable, seating

from .test_people import ACTION_RE, TOKEN_RE, assert_only_own_cards, host_do, join, open_table, post_action, stored

pytestmark = pytest.mark.store  # reads and writes the store: runs on SQLite and on PostgreSQL

SIX_PICA = {"players": "6", "preset": "argentino", "target": "15", "level": "random", "pica": "1"}
ENVIDO = {"envido", "real_envido", "falta_envido", "flor"}
PEOPLE = (0, 1, 2)
"""The people's seats: each pica-pica duel (seat s against s + 3) has one person in it."""
DUEL_RE = re.compile(r'<li class="pica-duel pica-(\w+)[^"]*"[^>]*>\s*<span class="pica-who">([^<]+)</span>\s*'
                     r'<span class="pica-state">\(([^)]*)\)</span>')  # fmt: skip


def test_the_people_setup_offers_pica_pica_as_the_table_with_computer_players_does(app, client):
    for page in ("/en/people", "/en/play"):
        html = client.get(page).get_data(as_text=True)
        box = re.search(r'<input type="checkbox" name="pica" value="1"[^>]*>', html)
        assert box is not None and "checked" not in box.group(0), page
        assert 'class="pica-option"' in html
    path = open_table(client, nick="Ana", flor="off", **SIX_PICA)
    row, table = stored(app, path)
    assert table.rules.pica_pica and table.rules.players == 6 and row.players == 6


@pytest.mark.parametrize(
    "fields",
    [{"players": "4", "pica": "1"}, {"preset": "catalan", "players": "4", "pica": "1"}, {"players": "6", "pica": "on"}],
)
def test_a_people_table_without_pica_pica_rules_is_refused_with_its_message(app, client, fields):
    data = {"players": "2", "preset": "argentino", "flor": "off", "target": "15", "level": "random", "nick": "Ana"}
    response = client.post("/en/people", data={**data, **fields, "csrf_token": csrf_token(client, "/en/people")})
    assert response.status_code == 400
    expected = "either on or off" if fields["pica"] != "1" else "Pica-pica is played only by 6 players"
    assert re.search(rf'<p id="err-pica" class="field-error">[^<]*{expected}', response.get_data(as_text=True))
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count(PeopleTable.id))) == 0


def test_a_class_can_have_pica_pica_tables(app):
    from tests.web.classroom_helpers import new_class, sign_up
    from tests.web.test_class_tables import open_tables

    teacher = app.test_client()
    sign_up(teacher)
    cid = new_class(teacher)
    assert 'name="pica"' in teacher.get(f"/en/teach/classes/{cid}/tables").get_data(as_text=True)
    response, _data = open_tables(teacher, cid, count=1, players="6", pica="1")
    assert response.status_code == 303
    with app.app_context():
        (row,) = db.session.scalars(db.select(PeopleTable)).all()
        assert row.players == 6 and "pica" in row.rules


# --- Playing -----------------------------------------------------------------------------------------


def _team_points(duel, team: int) -> int:
    """What ``team`` scored in one duel: its awards added up (the engine's record of the duel)."""
    return sum(award.points for award in duel.awards if award.team == team)


def _hidden_cards(hand: PicaPicaHand, seat: int) -> set:
    """The cards of the other seats that ``seat`` has not seen: never played face up in any duel (every
    card played is on the table for all six) and never shown."""
    seen = set(hand.deal[seat])
    for event in hand.events:
        if event.kind is EventKind.CARD_PLAYED and event.card is not None:
            seen.add(event.card)
        seen.update(event.cards)
    return {card for cards in hand.deal for card in cards} - seen


def _legal_texts(hand, seat: int) -> set[str]:
    return {str(a).split(":", 1)[1] for a in hand.legal_actions() if a.seat == seat}


def _check_round_page(html: str, hand: PicaPicaHand, seat: int) -> None:
    """One person's page of a pica-pica round against the engine's round."""
    us = seat % 2
    assert "Pica-pica: three duels, one against one" in html
    duels = DUEL_RE.findall(html)
    assert len(duels) == 3, duels
    for index, (state, who, said) in enumerate(duels):
        assert who.startswith(f"Duel {index + 1}: ")
        mano, other = hand.pairs[index]
        named = who.startswith(f"Duel {index + 1}: You – ") or who.endswith(" – you")
        assert named == (seat in (mano, other)), who  # the person's own duel names them "you"
        if index < len(hand.duels) and hand.duels[index].is_over:
            duel = hand.duels[index]
            assert state == "done" and said == f"done: us {_team_points(duel, us)}, them {_team_points(duel, 1 - us)}"
        elif index < len(hand.duels) and not hand.is_over:
            assert state == "playing" and said.startswith("being played"), said
        elif hand.is_over:
            assert state == "waiting" and said == "not played: the game was over"  # the match ended in a duel
        else:
            assert state == "waiting" and said == "to come"
    scores = re.findall(r'aria-label="(?:Us|Them): (\d+) points?"', html)
    assert [int(s) for s in scores] == [hand.scores[us], hand.scores[1 - us]]
    assert_no_hidden_card(html, _hidden_cards(hand, seat))
    if hand.is_over:
        return
    # The duel under way, as everyone at the table sees it: its number and value, whose turn, its open call.
    value = hand.duel.hand_value
    worth = "this duel is worth 1 point" if value == 1 else f"this duel is worth {value} points"
    assert f"pica-pica: duel {hand.duel_index + 1} of 3 · {worth}" in re.sub(r"\s+", " ", html)
    to_act = hand.to_act
    turns = re.findall(r'<li class="people-seat[^"]*" data-seat="(\d)">(?:(?!</li>).)*?<span class="badge">to play</span>',
                       html, re.S)  # fmt: skip
    assert turns == ([str(to_act)] if to_act in PEOPLE else []), (turns, to_act)
    marked = re.findall(r'<div class="seat area-\w+ [^"]*is-to-act"', html)
    assert len(marked) == 1, marked
    assert ('badge-turn">your turn' in html) == (to_act == seat)
    banner = re.search(r'<p class="call-banner[^"]*" role="status">(.*?)</p>', html)
    assert (banner is not None) == (hand.duel.pending is not None)
    buttons = set(ACTION_RE.findall(html))
    assert buttons == (_legal_texts(hand, seat) if to_act == seat else set()), (buttons, seat, to_act)


def assert_no_hidden_card(html: str, hidden: set) -> None:
    for card in hidden:
        assert f'data-card="{card.notation}"' not in html, card
        assert card_name(card) not in html, card_name(card)
        assert f'value="{card.notation}"' not in html, card


def _choose(actions: list[str], rng: random.Random, duel: bool) -> str:
    """A person's move: in a duel the falta envido (or its acceptance) whenever it is there, else any
    legal action; in a redonda never the falta envido (at 0-0 it would end the match at once)."""
    if duel and "falta_envido" in actions:
        return "falta_envido"
    if duel and "quiero" in actions:
        return "quiero"
    return rng.choice([a for a in actions if a != "falta_envido"] or actions)


def _play_match(app, browsers, path: str, rng: random.Random) -> tuple[int, bool, bool]:
    """Play the match from the people's pages; returns the pica-pica rounds seen, whether a person
    was offered an envido call (or the flor) in a duel and whether the match ended inside a duel."""
    rounds: set[int] = set()
    envido_offered = False
    for _step in range(800):
        row, table = stored(app, path)
        seats = seating(row)
        hand = table.hand
        pages: dict[int, tuple[object, str]] = {}
        for browser in browsers:
            seat = seats.seat_of(browser.get_cookie(f"tutor_people_{row.code}").value)
            assert seat is not None
            pages[seat] = browser, browser.get(path).get_data(as_text=True)
        if isinstance(hand, PicaPicaHand):
            rounds.add(table.hand_index)
            for seat, (_browser, html) in pages.items():
                _check_round_page(html, hand, seat)
            acting = pages.get(hand.to_act) if hand.to_act is not None else None
            if acting is not None and ENVIDO & set(ACTION_RE.findall(acting[1])):
                envido_offered = True
        else:
            for seat, (_browser, html) in pages.items():
                assert_only_own_cards(html, table, seat)
        if table.is_over:
            return len(rounds), envido_offered, isinstance(hand, PicaPicaHand)
        if hand.is_over:
            actor = rng.choice(PEOPLE)
            assert "Next hand" in pages[actor][1]
        else:
            assert hand.to_act in pages, "the computer players stop only at a person's turn"
            actor = hand.to_act
        browser, html = pages[actor]
        choice = _choose(ACTION_RE.findall(html), rng, isinstance(hand, PicaPicaHand) and not hand.is_over)
        response = post_action(browser, path, html, choice)
        assert response.status_code == 303, response.get_data(as_text=True)[:300]
    pytest.fail("the match did not end")


def _ended_in_a_duel(app, browsers, path: str) -> int:
    """The match is over inside a duel: every page says so, the rest of the round is not played.
    Returns how many of the round's duels were played."""
    row, table = stored(app, path)
    hand = table.hand
    assert isinstance(hand, PicaPicaHand) and hand.is_over and hand.match_winner is not None
    assert max(hand.scores) >= table.rules.target
    for browser in browsers:
        html = browser.get(path).get_data(as_text=True)
        seat = seating(row).seat_of(browser.get_cookie(f"tutor_people_{row.code}").value)
        assert ("You won the match" in html) == (hand.match_winner == seat % 2)
        assert "Next hand" not in html
        played = len(hand.duels)
        said = "the three duels are over" if played == 3 else f"the game ended in duel {played}"
        assert f"pica-pica: {said}" in html
        assert html.count("not played: the game was over") == 3 - played
    return played


@pytest.mark.parametrize(("flor", "seed"), [("off", 21), ("simple", 2)])
def test_three_people_and_three_bots_play_pica_pica_rounds(tmp_path, monkeypatch, flor, seed):
    """Matches until one ends in the first or second duel of a round (the falta envido makes that
    likely in a few), every page of every person checked after every step."""
    app = make_app(tmp_path)
    browsers = [app.test_client() for _ in PEOPLE]
    rng = random.Random(seed)
    rounds = offered = 0
    for game in range(10):
        with monkeypatch.context() as patch:  # the table's deals and its computer players, seeded
            patch.setattr("tutor.web.people.views.secrets.randbelow", lambda _n, s=seed * 100 + game: s)
            path = open_table(browsers[0], nick="P0", flor=flor, **SIX_PICA)
        for k in (1, 2):
            assert join(browsers[k], path, f"P{k}", seat=k).status_code == 303
        host_do(browsers[0], path, "start")
        played, envido_offered, in_duel = _play_match(app, browsers, path, rng)
        rounds += played
        offered += envido_offered
        if in_duel and _ended_in_a_duel(app, browsers, path) < 3 and rounds >= 2:
            break
    else:
        pytest.fail(f"no match ended in a round's first or second duel ({rounds} rounds played)")
    assert offered  # a person was offered the envido (or the flor) of their own duel
    dispose(app)


def test_a_hint_at_a_pica_pica_table_is_for_the_persons_own_duel(app, client, monkeypatch):
    monkeypatch.setattr("tutor.web.people.views.secrets.randbelow", lambda _n: 7)
    path = open_table(client, nick="P0", flor="off", **SIX_PICA)
    host_do(client, path, "hints-on")
    host_do(client, path, "start")
    rng = random.Random(2)
    for _step in range(400):
        _row, table = stored(app, path)
        html = client.get(path).get_data(as_text=True)
        if isinstance(table.hand, PicaPicaHand) and table.hand.to_act == 0:
            break
        actions = ACTION_RE.findall(html)
        assert actions, "a person alone at the table always has a move"
        post_action(client, path, html, rng.choice(actions))
    else:
        pytest.fail("no pica-pica turn for the person")
    token = TOKEN_RE.search(html).group(1)
    version = re.search(r'name="version" value="(\d+)"', html).group(1)
    assert client.post(path + "/hint", data={"csrf_token": token, "version": version}).status_code == 303
    shown = client.get(path + "?hint=1").get_data(as_text=True)
    assert 'id="hint"' in shown
    ranked = re.findall(r'<tr(?: class="is-best")?><td>([^<]+)</td>', shown)
    assert len(ranked) == len(_legal_texts(table.hand, 0))  # every legal action of the person's duel, ranked
    _check_round_page(shown, table.hand, 0)
