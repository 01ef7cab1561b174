"""The strong bot's time budget (an anytime search): a deadline stops the search at a sampled deal
and ranks on the deals simulated so far; without one the sample budget alone decides, the same for
the same seed. No test asserts a duration: the deadline is set in the past or far in the future."""

from __future__ import annotations

import random
import time

from tutor.bots import Level, choose, deadline_in, hint
from tutor.bots.table import Table
from tutor.engine import HandState, Rules

from .test_beginner import play

FAR = 10_000.0
"""A deadline no test reaches."""


def a_view():
    # Seat 1 answers a 12 of copas in the first trick with three cards: several actions to rank.
    hand = play(HandState(Rules(), deal=["12c 11o 10b", "1e 4o 5b"], mano=0), "0:12c")
    return hand.view_for(1)


def four_player_view():
    hand = HandState(Rules(players=4), deal=["1e 7o 3b", "4c 5c 6c", "12o 11e 2b", "1b 7e 3c"], mano=0)
    return hand.view_for(0)


def test_without_a_deadline_the_sample_budget_gives_the_same_answer_for_the_same_seed():
    first = hint(a_view(), seed=5, budget=48)
    again = hint(a_view(), seed=5, budget=48)
    assert first == again
    simulated = {item.rollouts for item in first.ranked if item.envido_deals == 0}
    assert len(simulated) == 1 and simulated.pop() > 1  # the actions share the budget's deals equally


def test_a_deadline_not_reached_changes_nothing():
    view = four_player_view()
    assert hint(view, seed=2, deadline=time.monotonic() + FAR) == hint(view, seed=2)
    rng_a, rng_b = random.Random(9), random.Random(9)
    assert choose(view, Level.STRONG, rng_a, deadline=time.monotonic() + FAR) == choose(view, Level.STRONG, rng_b)


def test_a_passed_deadline_still_answers_from_one_sampled_deal():
    view = four_player_view()
    full = hint(view, seed=2)
    cut = hint(view, seed=2, deadline=time.monotonic() - 1)
    assert {item.action for item in cut.ranked} == set(view.legal_actions)
    # Every action was tried on the same single deal: fewer simulations than the budget's, all equal.
    counts = {item.rollouts for item in cut.ranked if item.envido_deals == 0}
    assert len(counts) == 1 and counts.pop() < min(item.rollouts for item in full.ranked if item.envido_deals == 0)
    decision = choose(view, Level.STRONG, random.Random(1), deadline=time.monotonic() - 1)
    assert decision.action in view.legal_actions


def test_deadline_in_keeps_the_earlier_of_two_deadlines():
    cap = time.monotonic() + 1
    assert deadline_in(FAR, cap) == cap
    assert deadline_in(None, cap) == cap and deadline_in(None) is None
    assert deadline_in(0.5, cap + FAR) < cap


def test_a_table_with_a_passed_deadline_still_plays_a_whole_match_of_legal_moves():
    table = Table(Rules(players=4, target=15), seed=3, level="strong", deadline=time.monotonic() - 1)
    moves = 0
    while not table.is_over and moves < 400:
        if table.hand.is_over:
            table.next_hand(deadline=time.monotonic() - 1)
            continue
        action = str(table.view().legal_actions[0]).split(":", 1)[1]
        table.play(action, deadline=time.monotonic() - 1)
        moves += 1
    assert table.is_over
    # The log replays: every bot decision taken under the deadline is a legal action.
    assert Table(Rules(players=4, target=15), seed=3, level="strong", log=table.log()).view() == table.view()


def test_the_envido_part_is_cut_short_too_and_says_on_how_many_deals():
    from tutor.bots.strong import ENVIDO_DEALS, MIN_ENVIDO_DEALS

    view = four_player_view()  # seat 0 may call envido
    full = hint(view, seed=4)
    cut = hint(view, seed=4, deadline=time.monotonic() - 1)
    calls = [item for item in full.ranked if item.envido_deals]
    assert calls and all(item.envido_deals == ENVIDO_DEALS for item in calls)
    assert all(item.envido_deals == MIN_ENVIDO_DEALS for item in cut.ranked if item.envido_deals)
