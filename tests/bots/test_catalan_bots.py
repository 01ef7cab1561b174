"""The computer players and the hint in Catalan Truc (docs/rules/catalan.md): legal moves in random
matches at every level, the decision on 11 played for the match, the knock and the one-card hand,
the truc ladder, the game's own señas, and a small strong-against-beginner sample.

Expectations come from the rules and the bots' documented rules of thumb, not from running them: a
hand of three 3s and a 2 takes nearly every hand of 11, so it is always played; four, five and six
almost never, so the team refuses while it can; and an even hand is refused at 11-9 (losing it
loses the game, refusing leaves the team on 11 at 11-10) but played at 11-10 (refusing would put
both teams on 11, a coin flip).
"""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, strategies as st

from tests.bots.matches import play_match, run
from tests.budgets import budget, examples
from tutor.bots import Level, ReasonCode, choose, hint, sena_facts, senas
from tutor.bots.checks import check_reason
from tutor.engine import (
    Call,
    DealChoice,
    Decision,
    Knock,
    MatchState,
    Phase,
    PlayCard,
    find_variant,
)
from tutor.engine.stakes import TrucCall

CATALAN = find_variant("catalan")
TWO = CATALAN.rules()
FOUR = CATALAN.rules(players=4)


@examples(12)
@given(
    seed=st.integers(0, 10**6),
    players=st.sampled_from([2, 4]),
    levels=st.sampled_from(
        [
            (Level.RANDOM, Level.RANDOM),
            (Level.BEGINNER, Level.RANDOM),
            (Level.BEGINNER, Level.BEGINNER),
            (Level.STRONG, Level.RANDOM),
        ]
    ),
)
def test_every_level_plays_only_legal_moves_in_random_catalan_matches(seed, players, levels):
    started = time.monotonic()
    match = play_match(CATALAN.rules(players=players), levels, seed)
    assert max(match.scores) >= 12 and match.winner in (0, 1)
    assert time.monotonic() - started < 60  # a whole match is seconds, even with the strong bot


@pytest.mark.parametrize("level", [Level.BEGINNER, Level.STRONG])
def test_bots_play_the_knock_the_dealers_choice_and_the_one_card_hand(level):
    # After a knock the dealer chooses blind (nobody holds cards yet); then the one-card hand is legal.
    hand = run(TWO.new_hand("3e,4c,5c|1e,12c,6c", 0, (0, 0)), "0:knock")
    view = hand.view_for(1)
    assert view.phase is Phase.DEAL and view.hand == ()
    decision = choose(view, level, random.Random(1), budget=24)
    assert decision.action in (DealChoice(1, 1), DealChoice(1, 3))
    run(hand, "1:deal1")
    while not hand.is_over:
        view = hand.view_for(hand.to_act)
        decision = choose(view, level, random.Random(2), budget=24)
        assert decision.action in view.legal_actions
        hand.apply(decision.action)
    assert hand.one_card and len(hand.tricks) <= 1  # one trick at most (a refused truc ends it sooner)


def test_the_beginner_deals_three_after_a_knock():
    hand = run(TWO.new_hand("3e,4c,5c|1e,12c,6c", 0, (0, 0)), "0:knock")
    decision = choose(hand.view_for(1), Level.BEGINNER, random.Random(1))
    assert decision.action == DealChoice(1, 3) and decision.reason.code is ReasonCode.DEAL_THREE


def test_the_beginner_knocks_with_a_three_first_and_nothing_behind_it():
    # A 3 never loses a one-trick hand for the team that did not deal (a tie goes to it); with a 4 and
    # a 5 behind it the three-trick hand needs a second trick it rarely takes.
    hand = TWO.new_hand("3e,4c,5c|1e,12c,6c", 0, (0, 0))
    decision = choose(hand.view_for(0), Level.BEGINNER, random.Random(1))
    assert decision.action == Knock(0) and decision.reason.code is ReasonCode.KNOCK_ONE_CARD
    # With two 3s and a 2 it keeps the three cards.
    strong = TWO.new_hand("3e,3c,2b|1e,12c,6c", 0, (0, 0))
    assert type(choose(strong.view_for(0), Level.BEGINNER, random.Random(1)).action) is not Knock


@pytest.mark.parametrize(
    "cards,them,expected",
    [
        ("3e,3o,2b", 0, True),
        ("3e,3o,2b", 9, True),
        ("4e,5o,6b", 0, False),
        ("4e,5o,6b", 8, False),
        ("4e,5o,6b", 10, False),
        ("2e,10o,6b", 9, False),  # an even hand: losing it at 11-9 loses the game; refuse and wait
        ("2e,10o,6b", 10, True),  # at 11-10 refusing puts both teams on 11: a coin flip; play it
    ],
)
def test_the_beginner_decides_on_11_for_the_match(cards, them, expected):
    hand = TWO.new_hand(f"{cards}|4c,5c,7c", 0, (11, them))
    view = hand.view_for(0)
    assert view.phase is Phase.DECIDE
    decision = choose(view, Level.BEGINNER, random.Random(0))
    assert decision.action == Decision(0, expected)
    assert decision.reason.code is (ReasonCode.ELEVEN_PLAY if expected else ReasonCode.ELEVEN_RUN)


def test_the_strong_bot_plays_a_strong_hand_of_11_and_refuses_a_hopeless_one():
    strong = TWO.new_hand("3e,3o,2b|4c,5c,7c", 0, (11, 5))
    assert choose(strong.view_for(0), Level.STRONG, random.Random(1), budget=48).action == Decision(0, True)
    weak = TWO.new_hand("4e,5o,6b|3c,2c,1c", 0, (11, 5))
    assert choose(weak.view_for(0), Level.STRONG, random.Random(1), budget=48).action == Decision(0, False)


def test_the_decision_on_11_in_four_is_the_first_seat_of_the_team_and_the_bot_answers_it():
    hand = FOUR.new_hand("3o,5e,6e|2e,5c,6c|3c,5o,6o|1b,5b,6b", 2, (4, 11))  # order 2, 3, 0, 1
    view = hand.view_for(3)
    for level in (Level.BEGINNER, Level.STRONG):
        assert type(choose(view, level, random.Random(3), budget=24).action) is Decision


def test_bets_on_the_catalan_ladder_truc_then_retruc():
    # With the three best cards the beginner bets Truc, and raises a Truc to Retruc.
    hand = TWO.new_hand("3e,3o,2b|4c,5c,6c", 0, (0, 0))
    decision = choose(hand.view_for(0), Level.BEGINNER, random.Random(1))
    assert decision.action == Call(0, TrucCall.TRUC)
    answer = run(TWO.new_hand("4c,5c,6c|3e,3o,2b", 0, (0, 0)), "0:truc")
    assert choose(answer.view_for(1), Level.BEGINNER, random.Random(1)).action == Call(1, TrucCall.RETRUC)
    # Nobody bets in a hand of 11.
    eleven = run(TWO.new_hand("3e,3o,2b|4c,5c,6c", 0, (11, 3)), "0:play11")
    for level in (Level.BEGINNER, Level.STRONG):
        assert type(choose(eleven.view_for(0), level, random.Random(1), budget=24).action) is PlayCard


def test_the_catalan_senas_are_the_rules_three():
    hand = FOUR.new_hand("3o,1e,6e|2e,5c,6c|12c,5o,6o|1b,5b,6b", 0, (0, 0))
    assert [s.value for s in senas(hand.view_for(0))] == ["truc_tres", "truc_as"]
    assert [s.value for s in senas(hand.view_for(1))] == ["truc_dos"]
    assert senas(hand.view_for(2)) == ()  # no seña for "nothing" in this game
    facts = sena_facts(0, senas(hand.view_for(0)))
    assert all(fact.check(hand.deal[0]) for fact in facts)


def test_hints_rank_every_legal_action_and_their_reasons_hold():
    rng = random.Random(5)
    checked = 0
    for index in range(budget(12)):
        rules = FOUR if index % 2 else TWO
        match = MatchState(rules, seed=f"catalan-hint:{index}", scores=(rng.randrange(12), rng.randrange(12)))
        hand = match.hand
        while not hand.is_over:
            seat = hand.to_act
            view = hand.view_for(seat)
            found = hint(view, seed=index, budget=24)
            assert {r.action for r in found.ranked} == set(view.legal_actions)
            assert found.best in view.legal_actions
            assert check_reason(found.reason, hand, seat, found.best) == []
            checked += 1
            hand.apply(choose(view, Level.BEGINNER, rng).action)
    assert checked


def test_the_hint_on_11_plays_the_good_hand_and_refuses_the_bad():
    good = hint(TWO.new_hand("3e,3o,2b|4c,5c,7c", 0, (11, 5)).view_for(0), seed=1, budget=48)
    assert good.best == Decision(0, True) and good.reason.code in (ReasonCode.ELEVEN_PLAY, ReasonCode.MATCH_CHANGES)
    bad = hint(TWO.new_hand("4e,5o,6b|3c,2c,1c", 0, (11, 5)).view_for(0), seed=1, budget=48)
    assert bad.best == Decision(0, False)


def test_strong_beats_the_beginner_over_a_small_sample():
    """The figure with intervals over hundreds of matches is bench/bots_bench.py --game catalan; here a
    small seeded sample of matches to 12 only checks the strong bot is not the weaker one."""
    wins = 0
    matches = max(4, budget(12))
    for index in range(matches):
        strong_team = index % 2
        levels = (Level.STRONG, Level.BEGINNER) if strong_team == 0 else (Level.BEGINNER, Level.STRONG)
        match = play_match(TWO, levels, 1000 + index, strong_budget=48)
        wins += match.winner == strong_team
    assert wins >= matches // 2, (wins, matches)
