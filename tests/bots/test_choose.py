"""Every level chooses only legal actions, from the view only, reproducibly from a seed.

Random hands of every preset, player count and flor mode are walked by a mix of levels; at each
decision every level is asked (the strong bot with a small budget for most states, the default
budget for some) and its action must be one of ``view.legal_actions``; the same view and seed give
the same decision; two hands that differ only in cards the seat has not seen give the same decision
and the same hint for the same seed.
"""

from __future__ import annotations

import random
import subprocess
import sys
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from tests.budgets import examples
from tutor.bots import (
    BotReason,
    Decision,
    Hint,
    Level,
    NoDecisionError,
    ReasonCode,
    choose,
    hint,
)
from tutor.engine import DECK, FlorMode, HandState, Rules, SeatView, TrucoError, deal, find_variant

ROOT = Path(__file__).resolve().parents[2]

RULESETS = [Rules(players=p, flor=f) for p, f in product((2, 4, 6), FlorMode)] + [
    find_variant("fixed").rules(players=p) for p in (2, 4)
]


def walk_states(rules: Rules, seed: int, hands: int):
    """Views of the seat to act at every decision of ``hands`` hands (random scores), the hands
    advanced by a random mix of the random and beginner levels."""
    rng = random.Random(seed)
    for _ in range(hands):
        scores = (rng.randrange(rules.target), rng.randrange(rules.target))
        hand = HandState(rules, deal(rng, rules.players), rng.randrange(rules.players), scores)
        while not hand.is_over:
            view = hand.view_for(hand.to_act)
            yield hand, view
            level = Level.RANDOM if rng.random() < 0.4 else Level.BEGINNER
            hand.apply(choose(view, level, rng).action)


def check_decision(view, decision) -> None:
    assert isinstance(decision, Decision)
    assert decision.action in view.legal_actions
    assert isinstance(decision.reason, BotReason)
    assert isinstance(decision.reason.code, ReasonCode)
    for name, value in decision.reason.params:
        assert isinstance(name, str) and isinstance(value, (int, float, str, bool))


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: f"{r.variant}-{r.players}p-{r.flor.value}")
def test_every_level_chooses_a_legal_action(rules):
    # About 200 states at every size: 40 hands of 2 players, fewer of 4 and 6 (each has more decisions).
    hands = 160 // (rules.players + 2)
    states = levels = 0
    for index, (_hand, view) in enumerate(walk_states(rules, seed=rules.players * 31 + len(rules.flor), hands=hands)):
        states += 1
        for level in (Level.RANDOM, Level.BEGINNER):
            check_decision(view, choose(view, level, random.Random(index)))
            levels += 1
        if index % 5 == 0:
            check_decision(view, choose(view, Level.STRONG, random.Random(index), budget=6))
            levels += 1
    assert states > 150 and levels > 300


def test_thousands_of_states_over_every_ruleset():
    """2,000 more states spread over every ruleset, all three levels (the strong one cheaply)."""
    count = 0
    for rules in RULESETS:
        for index, (_hand, view) in enumerate(walk_states(rules, seed=7 + rules.players, hands=25)):
            count += 1
            level = (Level.RANDOM, Level.BEGINNER, Level.STRONG)[index % 3]
            check_decision(view, choose(view, level, random.Random(count), budget=4))
    assert count > 2000


def test_the_default_budget_on_some_states_of_every_size():
    for players in (2, 4, 6):
        for index, (_hand, view) in enumerate(walk_states(Rules(players=players), seed=players, hands=3)):
            if index % 3 == 0:
                check_decision(view, choose(view, Level.STRONG, random.Random(index)))


def test_no_decision_out_of_turn_or_after_the_hand():
    hand = HandState(Rules(), deal(3, 2), 0)
    with pytest.raises(NoDecisionError):
        choose(hand.view_for(1), Level.BEGINNER, random.Random(1))
    with pytest.raises(NoDecisionError):
        hint(hand.view_for(1), seed=1)
    while not hand.is_over:
        hand.apply(hand.legal_actions()[-1])  # the mazo
    for level in Level:
        with pytest.raises(NoDecisionError):
            choose(hand.view_for(0), level, random.Random(1))
    with pytest.raises(NoDecisionError):
        hint(hand.view_for(0), seed=1)


@pytest.mark.parametrize("level", list(Level))
def test_same_view_and_seed_same_decision(level):
    for players in (2, 4):
        for index, (_hand, view) in enumerate(walk_states(Rules(players=players), seed=5, hands=4)):
            if level is Level.STRONG and index % 2:
                continue
            first = choose(view, level, random.Random(index), budget=12)
            again = choose(view, level, random.Random(index), budget=12)
            assert first == again


def test_the_strong_bot_and_the_hint_do_not_depend_on_the_hash_seed():
    code = (
        "import random\n"
        "from tutor.engine import HandState, Rules, deal\n"
        "from tutor.bots import choose, hint\n"
        "rng = random.Random(9); hand = HandState(Rules(players=4, flor='simple'), deal(rng, 4), 1)\n"
        "out = []\n"
        "while not hand.is_over:\n"
        "    view = hand.view_for(hand.to_act)\n"
        "    d = choose(view, 'strong', random.Random(len(out)), budget=16)\n"
        "    h = hint(view, seed=len(out), budget=16)\n"
        "    out.append((str(d.action), d.reason.code.value, [(str(r.action), r.expected_points) for r in h.ranked]))\n"
        "    hand.apply(d.action)\n"
        "print(out)\n"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": str(h), "PATH": ""},
            cwd=str(ROOT),
        ).stdout
        for h in (0, 1, 2)
    }
    assert len(outputs) == 1 and outputs.pop().startswith("[(")


# --- The view only -------------------------------------------------------------------------------


def other_deal(hand: HandState, seat: int, rng: random.Random) -> HandState | None:
    """The same hand with the cards ``seat`` has not seen dealt differently (tried by swapping one
    unseen card of another seat with an unseen card elsewhere, kept if the record still replays to
    the same view), or None when no swap keeps it."""
    view = hand.view_for(seat)
    seen = set(view.dealt) | {c for t in view.tricks for _, c in t} | {c for _, c in view.current_trick}
    seen |= {c for cards in view.shown.values() for c in cards}
    unseen = [c for c in DECK if c not in seen]
    rng.shuffle(unseen)
    others = [s for s in range(hand.players) if s != seat]
    rng.shuffle(others)
    for other in others:
        for card in [c for c in hand.deal[other] if c not in seen]:
            for swap in unseen:
                if swap in hand.deal[other]:
                    continue
                cards = [list(h) for h in hand.deal]
                owner = next((s for s, h in enumerate(hand.deal) if swap in h), None)
                cards[other][cards[other].index(card)] = swap
                if owner is not None:
                    cards[owner][cards[owner].index(swap)] = card
                try:
                    state = HandState(hand.rules, cards, hand.mano, hand.start_scores)
                    for action in hand.actions:
                        state.apply(action)
                except TrucoError:
                    continue
                if state.view_for(seat) == view:
                    return state
    return None


@examples(40, derandomize=True)
@given(rules=st.sampled_from(RULESETS), seed=st.integers(0, 2**32), steps=st.integers(0, 12), pick=st.integers(0, 999))
def test_hidden_cards_do_not_change_a_decision_or_a_hint(rules, seed, steps, pick):
    rng = random.Random(seed)
    hand = HandState(rules, deal(rng, rules.players), rng.randrange(rules.players))
    for _ in range(steps):
        if hand.is_over:
            break
        hand.apply(choose(hand.view_for(hand.to_act), Level.BEGINNER, rng).action)
    if hand.is_over:
        return
    seat = hand.to_act
    other = other_deal(hand, seat, random.Random(pick))
    if other is None:
        return
    assert other.deal != hand.deal
    for level in Level:
        a = choose(hand.view_for(seat), level, random.Random(pick), budget=10)
        b = choose(other.view_for(seat), level, random.Random(pick), budget=10)
        assert a == b
    assert hint(hand.view_for(seat), seed=pick, budget=10) == hint(other.view_for(seat), seed=pick, budget=10)


def test_the_hidden_card_walk_finds_other_deals():
    """The property above is not vacuous: other deals are found for most early states."""
    found = 0
    for seed in range(20):
        rng = random.Random(seed)
        hand = HandState(Rules(players=4), deal(rng, 4), 0)
        hand.apply(hand.legal_actions()[0])
        found += other_deal(hand, hand.to_act, random.Random(seed)) is not None
    assert found >= 18


def test_bots_receive_only_the_seat_view():
    """A view holds no reference to its hand: a bot given only the view (the hand deleted) decides
    the same, and the view's fields hold no other seat's unplayed cards."""
    rng = random.Random(4)
    hand = HandState(Rules(players=4), deal(rng, 4), 2)
    for _ in range(3):
        hand.apply(choose(hand.view_for(hand.to_act), Level.BEGINNER, rng).action)
    seat = hand.to_act
    view = hand.view_for(seat)
    assert isinstance(view, SeatView)
    expected = {level: choose(view, level, random.Random(3), budget=10) for level in Level}
    hidden = {c for s in range(4) if s != seat for c in hand.hands[s]}
    del hand
    import gc

    gc.collect()
    assert not hidden & set(view.hand) and not hidden & set(view.dealt)
    for level in Level:
        assert choose(view, level, random.Random(3), budget=10) == expected[level]


# --- Hints -----------------------------------------------------------------------------------------


def test_a_hint_ranks_every_legal_action_best_first():
    for players in (2, 4):
        for index, (_hand, view) in enumerate(walk_states(Rules(players=players), seed=17, hands=4)):
            if index % 2:
                continue
            found = hint(view, seed=index, budget=24)
            assert isinstance(found, Hint) and found.seat == view.seat
            assert sorted(map(str, found.actions)) == sorted(map(str, view.legal_actions))
            # Ranked for the match: held-back actions and match-losing answers last, then by the
            # chance of winning the match, then by expected points for the hand.
            keys = [
                (item.held_back, item.gives_match, -round(item.equity, 4), -item.expected_points)
                for item in found.ranked
            ]
            assert keys == sorted(keys)
            assert found.best == found.ranked[0].action
            assert all(item.rollouts >= 1 for item in found.ranked)
            assert isinstance(found.reason.code, ReasonCode)
            assert hint(view, seed=index, budget=24) == found
