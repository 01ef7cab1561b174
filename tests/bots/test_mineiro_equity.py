"""Truco Mineiro's match-equity table (tutor/bots/equity.py, docs/rules/mineiro.md §9.3.8-§9.3.9): the
measured hand distribution, the values the rules fix (symmetry, the target, the mão de ferro), and
positions near 11 where the Mineiro table, not the Argentine one, gives the right decision.

The expected values come from the rules, with one stated model: a team on 11 that sees its cards
has a chance of taking the hand as likely to be 10, 30, 50, 70 or 90 % (what the tables assume,
``ELEVEN_CHANCES``); from 11-10 and 11-9 the rules leave so few ways on that the values follow by hand.
"""

from __future__ import annotations

import random

import pytest

from tutor.bots import Level, choose, hint
from tutor.bots.beginner import team_power
from tutor.bots.equity import MINEIRO_HAND_POINTS, equity
from tutor.engine import find_variant

MINEIRO = find_variant("mineiro")
TARGET = 12
CHANCES = (0.1, 0.3, 0.5, 0.7, 0.9)


def _mean_best(floor: float) -> float:
    """A team on 11 choosing between playing (its chance of the hand) and a sure ``floor``."""
    return sum(max(q, floor) for q in CHANCES) / len(CHANCES)


ELEVEN_TEN = _mean_best(0.5)
"""11-10: play (a won hand wins, a lost one gives the other team 3, the match) or run to 11-11, the
mão de ferro, where nobody chooses anything: a coin toss."""
ELEVEN_NINE = _mean_best(ELEVEN_TEN)
"""11-9: play (a lost hand gives the other team 12) or run to 11-10."""


@pytest.mark.parametrize("players", [2, 4])
def test_the_distribution_is_a_distribution_of_mineiro_hand_values(players):
    outcomes = MINEIRO_HAND_POINTS[players]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0, abs=1e-4)
    # A hand is worth 1, or 3, 6, 9, 12 with the truco; a declined bet gives 1, 3, 6 or 9; 0: three ties.
    assert {points for points, _ in outcomes} <= {0, 1, 3, 6, 9, 12}
    assert all(p >= 1 / 2000 for _, p in outcomes)  # rare outcomes were left out


@pytest.mark.parametrize("players", [2, 4])
def test_the_values_the_rules_fix(players):
    assert equity(0, 0, TARGET, players, "mineiro") == pytest.approx(0.5)
    assert equity(11, 11, TARGET, players, "mineiro") == 0.5  # the mão de ferro: blind play
    for score in range(TARGET):
        assert equity(TARGET, score, TARGET, players, "mineiro") == 1.0
        assert equity(score, TARGET, TARGET, players, "mineiro") == 0.0
        assert equity(score, score, TARGET, players, "mineiro") == pytest.approx(0.5)


@pytest.mark.parametrize("players", [2, 4])
def test_equity_goes_up_with_own_score_and_down_with_theirs(players):
    for them in range(TARGET):
        column = [equity(us, them, TARGET, players, "mineiro") for us in range(TARGET + 1)]
        assert column == sorted(column), them
        row = [equity(them, us, TARGET, players, "mineiro") for us in range(TARGET + 1)]
        assert row == sorted(row, reverse=True), them
        for us in range(TARGET):  # the chances of both teams add up to 1
            pair = equity(us, them, TARGET, players, "mineiro") + equity(them, us, TARGET, players, "mineiro")
            assert pair == pytest.approx(1.0)


@pytest.mark.parametrize("players", [2, 4])
def test_near_eleven_the_values_follow_from_the_mao_de_onze(players):
    assert equity(11, 10, TARGET, players, "mineiro") == pytest.approx(ELEVEN_TEN)
    assert equity(11, 9, TARGET, players, "mineiro") == pytest.approx(ELEVEN_NINE)
    # The Argentine table knows no mão de onze: it is off on both.
    assert abs(equity(11, 10, TARGET, players) - ELEVEN_TEN) > 0.03
    assert abs(equity(11, 9, TARGET, players) - ELEVEN_NINE) > 0.05


def test_on_ten_all_facing_a_truco_the_break_even_is_the_mao_de_onze():
    """10-10, the other team calls truco. Accepted, the hand is worth 3: its winner reaches 13 and wins
    the match, so accepting is worth the seat's chance p of the hand. Running gives them 1: 10-11, a
    mão de onze for them, without truco; they play their good hands (a lost one gives us the match)
    and run from the others to 11-11, a coin toss. So running is worth 1 - ELEVEN_TEN = 0.38, and a
    hand with a 35 % chance should run. The Argentine table (0.32 at 10-11) would accept it."""
    accept = 0.35
    run = equity(10, 11, TARGET, 2, "mineiro")
    assert run == pytest.approx(1 - ELEVEN_TEN)
    assert accept < run
    assert accept > equity(10, 11, TARGET, 2)  # what the table used before would have done


def test_on_eleven_to_eight_a_middling_hand_is_played():
    """11-8, the mão de onze: the seat sees 7♠ Q♥ Q♦ (about half the hands). Played and lost, the
    other team scores 3: 11-11, the mão de ferro, a coin toss; so playing is worth p + (1 - p) / 2,
    about 0.74. Run, the other team scores 1: 11-9, another mão de onze where a lost hand loses the
    match and running leads to 11-10: worth ELEVEN_NINE = 0.69. So the seat plays. The Argentine
    table (which prices 11-9 at 0.78) made the beginner run."""
    hand = MINEIRO.rules().new_hand("7e,12c,12o|6c,5e,6e", 0, (11, 8))
    view = hand.view_for(0)
    power = team_power(view)
    assert 0.4 < power < 0.55  # the premise: a middling hand
    play = power + (1 - power) * 0.5
    assert play > ELEVEN_NINE
    assert power + (1 - power) * 0.5 < equity(11, 9, TARGET, 2)  # the Argentine table ran
    assert str(choose(view, Level.BEGINNER, random.Random(1)).action) == "0:play11"


def test_the_hint_prices_running_from_eleven_with_the_mineiro_table():
    """Running at 11-8 ends the hand at 11-9: the hint's equity of run11 is that position's value."""
    view = MINEIRO.rules().new_hand("7e,12c,12o|6c,5e,6e", 0, (11, 8)).view_for(0)
    ranked = {str(r.action): r for r in hint(view, seed=1, budget=60).ranked}
    assert ranked["0:run11"].equity == pytest.approx(ELEVEN_NINE)
    assert ranked["0:play11"].equity > ranked["0:run11"].equity
