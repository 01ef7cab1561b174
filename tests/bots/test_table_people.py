"""``Table`` with several people (``humans=``): the bots stop at each person's turn, a person acts
for their own seat only, every seat makes señas, and ``seated`` reads the same match from one seat."""

from __future__ import annotations

import random

import pytest

from tutor.bots.table import Table
from tutor.engine.errors import InvalidNotationError, TrucoError
from tutor.engine.rules import Rules


def play_out(table: Table, rng: random.Random) -> None:
    """Random legal actions for the people until the hand is over, checking the bots stop at each."""
    for _ in range(100):
        if table.hand.is_over:
            return
        seat = table.hand.to_act
        assert seat in table.humans
        actions = table.hand.view_for(seat).legal_actions
        table.play(str(rng.choice(actions)).split(":", 1)[1], seat=seat)
    pytest.fail("the hand did not end")


@pytest.mark.parametrize("seed", range(6))
def test_the_bots_stop_at_every_person(seed):
    table = Table(Rules(players=4, target=15), seed, "random", humans={0, 1})
    play_out(table, random.Random(seed))
    people = [e for e in table.hand_entries() if e.by == "learner"]
    assert {e.seat for e in people} <= {0, 1}
    assert all(e.by == "bot" for e in table.hand_entries() if e.seat in (2, 3))
    again = Table(table.rules, seed, "random", log=table.log(), humans={0, 1})
    assert again.hand.view_for(1) == table.hand.view_for(1)


def test_a_person_acts_only_for_their_own_seat_and_a_bot_seat_is_refused():
    table = Table(Rules(players=4, target=15), 3, "random", humans={0, 2})
    seat = table.hand.to_act
    other = 2 if seat == 0 else 0
    action = str(table.hand.view_for(seat).legal_actions[0]).split(":", 1)[1]
    with pytest.raises(TrucoError):
        table.play(action, seat=other)  # not that person's turn: the engine refuses it
    with pytest.raises(InvalidNotationError):
        table.play(action, seat=1)  # a bot's seat
    table.play(action, seat=seat)


def test_seated_is_the_same_match_from_another_seat():
    table = Table(Rules(players=4, target=15), 5, "random", humans={0, 2})
    for seat in range(4):
        seen = table.seated(seat)
        assert seen.learner_seat == seat and seen.view() == table.hand.view_for(seat)
        assert seen.log() == table.log()
    assert table.learner_seat == 0


def test_people_make_senas_and_a_learner_alone_makes_none():
    found = False
    for seed in range(40):
        with_people = Table(Rules(players=4, target=15), seed, "random", humans={0, 2})
        alone = Table(Rules(players=4, target=15), seed, "random", log=with_people.log(), humans=None)
        assert alone.senas_shown(0) == ()
        if with_people.senas_shown(0):
            found = True
            assert with_people.senas_shown(0) == with_people.seated(2).senas_shown(0)
    assert found, "no deal of 40 gave seat 0 a seña"


def test_a_seat_given_to_a_bot_is_played_at_once():
    table = Table(Rules(players=2, target=15), 4, "random", humans={0, 1})
    seat = table.hand.to_act
    table.seat_humans({1 - seat})
    assert table.hand.is_over or table.hand.to_act == 1 - seat
