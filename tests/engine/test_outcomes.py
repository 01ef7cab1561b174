"""What one hand can end with (tutor/engine/outcomes.py): every hand the engine plays, with random
legal actions from a random starting score, ends with points in the set; and pairs that no hand can
produce, worked out here from docs/rules (§4.2 the envido's values, §5 the truco's, §7 the target),
are not in it."""

from __future__ import annotations

import random

import pytest

from tests.budgets import budget
from tutor.engine import DECK, Suit
from tutor.engine.errors import InvalidNotationError
from tutor.engine.outcomes import hand_outcomes
from tutor.engine.rules import FlorMode, find_variant

HANDS = budget(400, fast=60)
RULES = [
    find_variant("argentino").rules(players=players, target=30, flor=flor)
    for players in (2, 4)
    for flor in (FlorMode.OFF, FlorMode.SIMPLE, FlorMode.CONTRAFLOR)
] + [find_variant("fixed").rules(players=2, target=30), find_variant("argentino").rules(early_mazo=True)]


def random_deal(rng: random.Random, players: int) -> list[list]:
    """Three cards a seat; a third of the time one or two seats get a flor (three of one suit)."""
    cards = list(DECK)
    rng.shuffle(cards)
    hands: list[list] = [[] for _ in range(players)]
    if rng.random() < 0.35:
        for seat in rng.sample(range(players), rng.choice((1, 2))):
            suit = rng.choice(list(Suit))
            hands[seat] = [c for c in cards if c.suit is suit][:3]
            cards = [c for c in cards if c not in hands[seat]]
    for hand in hands:
        while len(hand) < 3:
            hand.append(cards.pop())
    return hands


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.variant}-{r.players}-{r.flor.value}-{r.early_mazo}")
def test_every_hand_played_ends_with_points_in_the_set(rules):
    rng = random.Random(f"outcomes:{rules}")
    seen: set[tuple[int, int]] = set()
    for _ in range(HANDS):
        scores = (rng.choice((0, rng.randrange(30), 28, 29)), rng.randrange(30))
        if rng.random() < 0.5:
            scores = scores[::-1]
        hand = rules.new_hand(random_deal(rng, rules.players), rng.randrange(rules.players), scores)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        assert hand.points in hand_outcomes(rules, scores), (scores, hand.points, hand.awards)
        seen.add(hand.points)
    assert len(seen) > 10  # the random hands reach many different results, not just (1, 0) and (0, 1)


def test_results_no_hand_can_produce():
    rules = find_variant("argentino").rules(players=2, target=30)
    at_zero = hand_outcomes(rules, (0, 0))
    # Someone always scores: at least the hand's 1 point.
    assert (0, 0) not in at_zero
    # The most a hand gives without a Falta envido: an envido ladder of 7 (2 + 2 + 3) and a Vale cuatro of 4.
    assert (11, 0) in at_zero and (12, 0) not in at_zero and (0, 11) in at_zero
    # Between 7 and the Falta (30 at 0-0) no envido is worth anything: 6 is not an envido (2+4 is, with the hand).
    assert (6, 0) in at_zero and (6, 5) not in at_zero
    # Each side at most one envido's worth and one hand: 5 and 5 needs two of either.
    assert (5, 5) not in at_zero and (5, 4) in at_zero
    # An accepted Falta envido at 0-0 is worth 30, and ends the match: nothing after it.
    assert (30, 0) in at_zero and (30, 1) not in at_zero
    # Negative or beyond anything: never.
    assert not any(a < 0 or b < 0 for a, b in at_zero)
    # At 18-3 the Falta envido is worth 12 (30 - 18): the leader who wins it has won the match; the
    # other side, on 15 after it, plays the hand on, so someone scores the hand's points too.
    later = hand_outcomes(rules, (18, 3))
    assert (12, 0) in later and (0, 12) not in later and (1, 12) in later and (0, 13) in later
    # At 28-0 an envido of 2 or more won by the leader ends the match: 2 then a truco's 4 is impossible.
    assert (6, 0) not in hand_outcomes(rules, (28, 0)) and (2, 0) in hand_outcomes(rules, (28, 0))


def test_flor_adds_its_points_only_when_it_is_played():
    def outcomes(players: int, flor: FlorMode) -> frozenset:
        return hand_outcomes(find_variant("argentino").rules(players=players, target=30, flor=flor), (0, 0))

    # One flor scores 3, what an accepted Real envido gives: one against one, nothing new.
    assert outcomes(2, FlorMode.SIMPLE) == outcomes(2, FlorMode.OFF)
    # Two partners' flores score 6, which no envido is worth: 6 to one side and the hand's 1 to the other.
    assert (6, 1) in outcomes(4, FlorMode.SIMPLE) and (6, 1) not in outcomes(4, FlorMode.OFF)
    # An accepted contraflor is worth 6 as well.
    assert (1, 6) in outcomes(2, FlorMode.CONTRAFLOR)


def test_only_the_argentine_hands_are_known():
    with pytest.raises(InvalidNotationError):
        hand_outcomes(find_variant("catalan").rules(), (0, 0))
    with pytest.raises(InvalidNotationError):
        hand_outcomes(find_variant("argentino").rules(), (30, 0))
