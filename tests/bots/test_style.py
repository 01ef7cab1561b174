"""The opponent model (:mod:`tutor.bots.style`): what it counts, how it moves the beginner's
decisions, its base rates, and that the strong bot and the hint play against the other team as it
has been seen to play, not as the beginner plays.

The behaviour cases follow from first principles. Against a seat that has declined every one of
15 trucos, a truco with a worthless hand wins the hand's point at once nearly always, where playing
the cards loses it nearly always: the right play is the truco. Against a seat that has accepted
every one of 30 trucos, a truco with the same hand only raises what is lost: no truco. The same
for the envido with a count of 20 or less: against a seat that declines every envido, the call wins
a point; against one that accepts every envido, it loses two.
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, strategies as st

from tests.budgets import examples
from tutor.bots import Level, choose, hint, strong
from tutor.bots.beginner import policy
from tutor.bots.style import (
    BASE_RATES,
    MIN_TILT,
    NEUTRAL,
    Style,
    Tendency,
    Z,
    measure_base,
    tilted,
)
from tutor.bots.table import Table
from tutor.engine import HandState, Rules, parse_action
from tutor.engine.match import MatchState
from tutor.engine.state import Answer, Call, Mazo, Phase, SeatView

WORTHLESS = ("11o 6c 12o", "5o 10c 2b", "4c 6o 12b", "10e 11e 5c")
"""Hands of seat 0 (mano, 0-0) with no card above a 2 and an envido of 20 or less."""
SEEDS = (1, 2)


def played(texts: list[str], deal: str = "1e,7o,3b|4c,5c,6c", mano: int = 0) -> HandState:
    hand = HandState(Rules(), deal=deal, mano=mano)
    for text in texts:
        hand.apply(parse_action(text))
    return hand


def against(kind: str, yes: int, seen: int, seat: int = 1, players: int = 2) -> Style:
    return Style("argentino", players, {seat: {Tendency(kind): (yes, seen)}})


# --- What it counts -------------------------------------------------------------------------------


def test_a_declined_truco_counts_as_an_answer_and_a_call() -> None:
    style = Style.observe([played(["0:truco", "1:no_quiero"])])
    assert style.record[1][Tendency.TRUCO_ANSWER] == (0, 1)
    assert style.record[0][Tendency.TRUCO_CALL] == (1, 1)
    # Seat 0 could call the envido too on that turn and did not.
    assert style.record[0][Tendency.ENVIDO_CALL] == (0, 1)


def test_a_raise_is_an_acceptance_and_the_envido_first_is_neither() -> None:
    raised = Style.observe([played(["0:truco", "1:retruco"])])
    assert raised.record[1][Tendency.TRUCO_ANSWER] == (1, 1)
    first = Style.observe([played(["0:truco", "1:envido", "0:quiero"])])
    assert Tendency.TRUCO_ANSWER not in first.record.get(1, {})
    assert first.record[0][Tendency.ENVIDO_ANSWER] == (1, 1)


def test_the_mazo_on_a_truco_is_a_refusal_and_an_envido_raise_accepts() -> None:
    mazo = Style.observe([played(["0:truco", "1:mazo"])])
    assert mazo.record[1][Tendency.TRUCO_ANSWER] == (0, 1)
    envido = Style.observe([played(["0:envido", "1:real_envido", "0:no_quiero"])])
    assert envido.record[1][Tendency.ENVIDO_ANSWER] == (1, 1)
    assert envido.record[0][Tendency.ENVIDO_ANSWER] == (0, 1)


def test_turns_with_a_card_played_count_as_calls_not_made() -> None:
    style = Style.observe([played(["0:1e", "1:4c"])])
    # Both seats could call truco and envido on their first turn and played a card instead.
    for seat in (0, 1):
        assert style.record[seat][Tendency.TRUCO_CALL] == (0, 1)
        assert style.record[seat][Tendency.ENVIDO_CALL] == (0, 1)


def test_the_record_adds_up_over_hands_and_skips_seats() -> None:
    hands = [played(["0:truco", "1:no_quiero"]), played(["0:truco", "1:quiero"])]
    style = Style.observe(hands)
    assert style.record[1][Tendency.TRUCO_ANSWER] == (1, 2)
    assert 1 not in Style.observe(hands, skip=[1]).record


# --- Rates and tilts ------------------------------------------------------------------------------


def test_an_unseen_seat_is_the_beginner() -> None:
    base = BASE_RATES[("argentino", 2)][Tendency.TRUCO_ANSWER]
    assert NEUTRAL.rate(1, "truco_answer") == pytest.approx(base)
    assert NEUTRAL.tilts(1) is None
    assert NEUTRAL.is_neutral


def test_the_rate_moves_from_the_base_only_by_what_chance_cannot_explain() -> None:
    base = BASE_RATES[("argentino", 2)][Tendency.TRUCO_ANSWER]
    noise = Z * math.sqrt(base * (1 - base) / 30)
    assert against("truco_answer", 30, 30).rate(1, "truco_answer") == pytest.approx(1.0 - noise)
    assert against("truco_answer", 0, 30).rate(1, "truco_answer") == pytest.approx(noise)
    # Two refusals of two trucos are well within chance for the beginner: no tilt.
    assert against("truco_answer", 0, 2).tilt(1, "truco_answer") == 0.0
    few = against("truco_answer", 0, 8).tilt(1, "truco_answer")
    many = against("truco_answer", 0, 30).tilt(1, "truco_answer")
    assert many < few < 0
    assert against("truco_answer", 30, 30).tilt(1, "truco_answer") > 0


def _answer_views(count: int, seed: int) -> list:
    """Views of beginner self-play at every decision with two or more legal actions."""
    rng = random.Random(seed)
    views: list[SeatView] = []
    match = MatchState(Rules(target=15), seed=seed)
    while len(views) < count and not match.is_over:
        hand = match.hand
        seat = hand.to_act
        assert seat is not None
        view = hand.view_for(seat)
        if len(view.legal_actions) > 1:
            views.append(view)
        match.apply(choose(view, Level.BEGINNER, rng).action)
    return views


def _yes(view, action) -> bool:
    if view.phase in (Phase.ANSWER_TRUCO, Phase.ANSWER_ENVIDO):
        return not (type(action) is Mazo or (type(action) is Answer and not action.quiero))
    return False


@examples(60)
@given(
    seed=st.integers(0, 10_000),
    pick=st.integers(0, 200),
    tilts=st.tuples(*(st.sampled_from([0.0, -1.0, -0.5, -0.1, 0.1, 0.5, 1.0]) for _ in range(4))),
)
def test_a_tilted_decision_is_a_distribution_over_legal_actions(seed: int, pick: int, tilts: tuple) -> None:
    views = _answer_views(40, seed)
    view = views[pick % len(views)]
    options = policy(view, explain=False)
    moved = tilted(view, list(options), tilts)
    assert sum(p for p, _, _ in moved) == pytest.approx(1.0)
    assert all(p > 0 for p, _, _ in moved)
    assert {a for _, a, _ in moved} <= set(view.legal_actions)
    kind = {Phase.ANSWER_TRUCO: 0, Phase.ANSWER_ENVIDO: 2}.get(view.phase)
    if kind is not None and not any(type(a) is Call and "envido" in a.call.value for _, a, _ in options):
        before = sum(p for p, a, _ in options if _yes(view, a))
        after = sum(p for p, a, _ in moved if _yes(view, a))
        t = tilts[kind]
        expected = before + (1 - before) * t if t >= 0 else before * (1 + t)
        assert after == pytest.approx(expected)


def test_no_tilt_leaves_the_beginner_unchanged() -> None:
    for view in _answer_views(30, 3):
        options = policy(view, explain=False)
        assert tilted(view, list(options), (0.0, 0.0, 0.0, 0.0)) == options


def test_the_base_rates_are_the_beginners() -> None:
    """The constants are the beginner's measured rates (a fresh sample, other seeds)."""
    hands = 1500  # the constants' precision is what is checked: not a test budget
    for players in (2, 4):
        measured = measure_base("argentino", players, hands, seed=7)
        for kind, rate in measured.items():
            assert rate == pytest.approx(BASE_RATES[("argentino", players)][kind], abs=0.06), (players, kind)


def test_a_beginner_record_hardly_tilts() -> None:
    """A long match of beginners reads as the beginner: no tilt for most seats, none large."""
    rng = random.Random(11)
    match = MatchState(Rules(target=30), seed=11)
    while not match.is_over:
        hand = match.hand
        seat = hand.to_act
        assert seat is not None
        match.apply(choose(hand.view_for(seat), Level.BEGINNER, rng).action)
    style = Style.observe([*match.history])
    for seat in (0, 1):
        for kind in Tendency:
            assert abs(style.tilt(seat, kind)) < 0.45, (seat, kind, style.record[seat])
    assert MIN_TILT > 0


# --- The strong bot and the hint play against the style -------------------------------------------


def _first_action(hand_text: str, style: Style | None, seed: int) -> str:
    hand = HandState(Rules(target=15), deal=[hand_text, "1e 1b 7e"], mano=0)
    ranked = strong.evaluate(hand.view_for(0), random.Random(seed), budget=192, style=style)
    return str(ranked[0].action).split(":", 1)[1]


@pytest.mark.parametrize("hand_text", WORTHLESS)
def test_against_a_seat_that_declines_every_truco_it_calls_truco(hand_text: str) -> None:
    folder = against("truco_answer", 0, 15)
    assert [_first_action(hand_text, folder, seed) for seed in SEEDS] == ["truco"] * len(SEEDS)


@pytest.mark.parametrize("hand_text", WORTHLESS)
def test_against_a_seat_that_accepts_every_truco_it_does_not_bluff(hand_text: str) -> None:
    station = against("truco_answer", 30, 30)
    assert all(_first_action(hand_text, station, seed) != "truco" for seed in SEEDS)


@pytest.mark.parametrize("hand_text", WORTHLESS[:2])
def test_against_a_seat_that_declines_every_envido_it_calls_envido(hand_text: str) -> None:
    folder = against("envido_answer", 0, 60)
    assert [_first_action(hand_text, folder, seed) for seed in SEEDS] == ["envido"] * len(SEEDS)


def test_the_envido_part_expects_the_folds_the_record_shows() -> None:
    """The estimated chance that the other team declines an envido call follows its record."""
    hand = HandState(Rules(target=15), deal=["11o 6c 12o", "1e 1b 7e"], mano=0)
    view = hand.view_for(0)

    def folds(style: Style | None) -> float:
        ranked = strong.evaluate(view, random.Random(1), budget=96, style=style)
        found = next(r for r in ranked if str(r.action) == "0:envido")
        assert found.envido_folds is not None
        return found.envido_folds

    plain = folds(None)
    assert folds(against("envido_answer", 0, 20)) > plain
    assert folds(against("envido_answer", 15, 15)) < plain
    assert folds(against("envido_answer", 1, 4)) == plain  # too few to tell


def test_the_style_only_reads_the_other_team() -> None:
    """A record of the bot's own partner (seat 2 for seat 0) does not change the bot's choice."""
    hand = HandState(Rules(players=4, target=15), deal=["11o 6c 12o", "1e 1b 7e", "4c 5c 6o", "7o 3b 2b"], mano=0)
    view = hand.view_for(0)
    partner = against("truco_answer", 0, 20, seat=2, players=4)
    plain = strong.evaluate(view, random.Random(1), budget=128)
    read = strong.evaluate(view, random.Random(1), budget=128, style=partner)
    assert [(str(r.action), r.expected_points) for r in read] == [(str(r.action), r.expected_points) for r in plain]


def test_the_hint_reads_the_style() -> None:
    hand = HandState(Rules(target=15), deal=["11o 6c 12o", "1e 1b 7e"], mano=0)
    folder = against("truco_answer", 0, 15)
    assert str(hint(hand.view_for(0), seed=1, budget=192, style=folder).best) == "0:truco"
    assert str(hint(hand.view_for(0), seed=1, budget=192).best) != "0:truco"


def test_the_table_models_the_other_team_by_the_match_so_far() -> None:
    """A table's style is read off its own log; replaying the log gives the same style."""
    table = Table(Rules(target=15), seed=5, level="beginner")
    rng = random.Random(2)
    while len(table.hands()) < 4 and not table.is_over:
        if table.hand.is_over:
            table.next_hand()
            continue
        table.play(str(choose(table.view(), Level.BEGINNER, rng).action).split(":", 1)[1])
    style = table.style()
    assert style.record == Style.observe(table.hands()).record
    again = Table(Rules(target=15), seed=5, level="beginner", log=table.log())
    assert again.style().key() == style.key()
    decisions = sum(n for kinds in style.record.values() for _, n in kinds.values())
    assert decisions >= len(table.hands())
