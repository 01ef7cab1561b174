"""``Table`` with several people (``humans=``): the bots stop at each person's turn, a person acts
for their own seat only, a person makes its own señas (the computer players' are drawn from their
cards), and ``seated`` reads the same match from one seat."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from tests.budgets import budget
from tutor.bots import Sena, sena_facts
from tutor.bots.table import NEXT_HAND, Table
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


def first_person_turn(seed: int, humans: set[int]) -> Table:
    """A 4-player table with people at ``humans`` whose first decision is a person's, in play."""
    table = Table(Rules(players=4, target=15), seed, "random", humans=humans)
    assert table.hand.to_act in humans
    return table


def test_a_person_shows_no_sena_until_they_make_one_and_then_their_partner_knows_it():
    for seed in range(12):
        table = first_person_turn(seed, {0, 1, 2, 3})
        seat = table.hand.to_act
        partner = (seat + 2) % 4
        assert all(table.senas_shown(s) == () for s in range(4)), "a person's señas are not drawn from cards"
        assert table.facts_for(partner) == ()
        choices = table.sena_choices(seat)
        assert choices and table.sena_choices((seat + 1) % 4) == ()  # only on one's own turn
        made = choices[-1]
        action = str(table.hand.view_for(seat).legal_actions[0]).split(":", 1)[1]
        [entry, *_] = table.play(action, seat=seat, senas=[made.value])
        assert entry.senas == (made.value,)
        assert table.senas_shown(seat) == (made,)
        assert table.seated(partner).senas_shown(seat) == (made,)
        assert set(sena_facts(seat, (made,))) <= set(table.facts_for(partner))
        for opponent in ((seat + 1) % 4, (seat + 3) % 4):
            caught = seat in table.noticed_by(opponent)
            assert (set(sena_facts(seat, (made,))) <= set(table.facts_for(opponent))) == caught
        assert table.sena_choices(seat) == ()  # once a hand
        again = Table(table.rules, seed, "random", log=table.log(), humans={0, 1, 2, 3})
        assert again.senas_shown(seat) == (made,)


def test_the_computer_players_at_a_table_with_people_still_make_senas_from_their_cards():
    shown = set()
    for seed in range(30):
        table = Table(Rules(players=4, target=15), seed, "random", humans={0})
        shown.update(table.senas_shown(s) for s in (1, 2, 3) if table.senas_shown(s))
        assert table.senas_shown(0) == ()
        assert table.silent == frozenset({0})
    assert shown, "no computer player of 30 deals made a seña"


def test_a_sena_a_person_may_not_make_changes_nothing():
    table = first_person_turn(0, {0, 1, 2, 3})
    seat = table.hand.to_act
    action = str(table.hand.view_for(seat).legal_actions[0]).split(":", 1)[1]
    log = table.log()
    too_many = [Sena.TRES.value, Sena.DOS.value, Sena.ANCHO_ESPADA.value]
    for wrong in (["wink"], too_many, [Sena.TRUC_TRES.value]):  # unknown, three cards, another game's
        with pytest.raises(InvalidNotationError):
            table.play(action, seat=seat, senas=wrong)
        assert table.log() == log
    with pytest.raises(InvalidNotationError):  # not this person's turn: no choices
        table.check_senas([Sena.TRES.value], (seat + 1) % 4)


def test_a_person_replaced_after_acting_keeps_their_senas_and_one_who_never_acted_gets_the_bots():
    for seed in range(20):
        table = first_person_turn(seed, {0, 1, 2, 3})
        seat = table.hand.to_act
        action = str(table.hand.view_for(seat).legal_actions[0]).split(":", 1)[1]
        table.play(action, seat=seat, senas=[Sena.TRES.value])
        others = {s for s in range(4) if s != seat}
        never = next(s for s in others if not any(e.seat == s for e in table.hand_entries()))
        table.seat_humans(others - {never})  # a bot for the person who acted, and one for a person who did not
        assert table.senas_shown(seat) == (Sena.TRES,)
        bots_from_the_start = Table(table.rules, seed, "random", humans={0, 1, 2, 3} - {never})
        assert table.senas_shown(never) == bots_from_the_start.senas_shown(never)


def test_a_learner_alone_at_a_table_with_computer_players_makes_none_unless_chosen():
    for seed in range(10):
        alone = Table(Rules(players=4, target=15), seed, "random")
        assert alone.senas_shown(0) == ()
        assert alone.silent == frozenset({0})


@settings(max_examples=budget(20), deadline=None)
@given(seed=st.integers(0, 2**31 - 1), humans=st.sets(st.integers(0, 3), min_size=1), pick=st.integers(0, 10**6))
def test_every_person_shows_exactly_the_senas_they_made_in_each_hand(seed, humans, pick):
    rng = random.Random(pick)
    table = Table(Rules(players=4, target=15), seed, "random", humans=humans)
    made: list[dict[int, list[str]]] = [{}]
    for _ in range(60):
        if table.is_over:
            break
        if table.hand.is_over:
            table.play(NEXT_HAND)
            made.append({})
            continue
        seat = table.hand.to_act
        choices = [c.value for c in table.sena_choices(seat)]
        chosen = rng.sample(choices, k=min(len(choices), rng.randint(0, 2))) if choices else []
        action = str(rng.choice(table.hand.view_for(seat).legal_actions)).split(":", 1)[1]
        table.play(action, seat=seat, senas=[c for c in chosen if c != "flor"][:2])
        made[-1].setdefault(seat, []).extend(c for c in chosen if c != "flor")
    again = Table(table.rules, seed, "random", log=table.log(), humans=humans)
    for index, hand in enumerate(made):
        for seat in humans:
            expected = tuple(Sena(v) for v in dict.fromkeys(hand.get(seat, [])))
            assert table.senas_shown(seat, index) == expected == again.senas_shown(seat, index)
            for partner in humans - {seat}:
                if partner % 2 == seat % 2:
                    assert set(sena_facts(seat, expected)) <= set(table.facts_for(partner, index))


def test_a_seat_given_to_a_bot_is_played_at_once():
    table = Table(Rules(players=2, target=15), 4, "random", humans={0, 1})
    seat = table.hand.to_act
    table.seat_humans({1 - seat})
    assert table.hand.is_over or table.hand.to_act == 1 - seat
