"""The bots' samples of the hidden cards in Truco Mineiro (``ThreesDeterminizer``,
docs/rules/mineiro.md §9.3.3, §9.3.4, §9.3.8, §9.3.14): what a seat knows is fixed in every sample,
and nothing else is.

What a seat knows, from the rules and not from the sampler: its own three (§9.3.3); the burned cards,
face up and out of the hand, known to all (§9.3.3); every card played face up, each by the seat that
played it; its own face-down cards (§9.3.4: hidden from everyone but their owner); after the mão's pass,
the mão knows his partner's three (§9.3.3); in a mão de onze of four both players of the side on 11 know
each other's cards (§9.3.8), and nobody else does. Random hands of two and four players, at random
scores (so that mãos de onze and de ferro come up) and random points, are sampled for every seat.
"""

from __future__ import annotations

import random

import pytest

from tests.budgets import budget
from tutor.engine import Card, find_variant, parse_action
from tutor.engine.determinize import Determinizer, ThreesDeterminizer
from tutor.engine.mineiro import MineiroHand
from tutor.engine.state import FACE_DOWN

MINEIRO = find_variant("mineiro")
SCORES = ((0, 0), (3, 7), (11, 4), (6, 11), (11, 11), (10, 9))
SAMPLES = 6


def random_hand(players: int, seed: int) -> MineiroHand:
    """A shuffled deal (with its spare threes) after a random number of random legal actions."""
    rng = random.Random(seed)
    rules = MINEIRO.rules(players=players)
    mano = rng.randrange(players)
    hand = rules.new_hand(MINEIRO.deal(rng, players, mano), mano, rng.choice(SCORES))
    assert isinstance(hand, MineiroHand)
    for _ in range(rng.randrange(14)):
        if hand.is_over:
            break
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


def played_face_up(hand: MineiroHand, seat: int) -> dict[Card, int]:
    """Every card on the table ``seat`` sees face up, with the seat that played it (its own face-down ones too)."""
    view = hand.view_for(seat)
    tricks = [*view.tricks, view.current_trick]
    return {card: who for trick in tricks for who, card in trick if card is not FACE_DOWN}


def check_samples(hand: MineiroHand, seat: int, rng: random.Random) -> list[MineiroHand]:
    """Samples of ``seat``'s view, each checked against what the seat knows; returns them."""
    view = hand.view_for(seat)
    sampler = Determinizer(view)
    assert isinstance(sampler, ThreesDeterminizer)
    n = hand.players
    burned = set(hand.burned)
    on_table = played_face_up(hand, seat)
    worlds = []
    for _ in range(SAMPLES):
        world = sampler.sample(rng)
        assert isinstance(world, MineiroHand)
        assert world.view_for(seat) == view  # the public record replays to the seat's own view
        dealt = {s: set(world.dealt_hand(s)) for s in range(n)}
        held = set().union(*dealt.values())
        assert sum(len(cards) for cards in dealt.values()) == len(held) == 3 * n  # no card twice
        # Burned cards are known to all and out of the hand: no seat holds one in any sample.
        assert set(world.burned) == burned and not held & burned
        # The seat's own three, in its own seat (also the cards behind its own face-down cards).
        if view.dealt:
            assert world.dealt_hand(seat) == hand.dealt_hand(seat)
        # Every card played face up was dealt to the seat that played it, and to no other seat.
        for card, who in on_table.items():
            assert card in dealt[who], (card, who)
        # The partner's cards the seat was shown (the mão's pass, the mão de onze) are the partner's.
        if view.partner_hand:
            mate = (seat + 2) % 4
            assert set(view.partner_hand) <= dealt[mate]
            assert set(world.view_for(mate).hand) == set(view.partner_hand)  # still in the partner's hand
        worlds.append(world)
    return worlds


@pytest.mark.parametrize("players", [2, 4])
def test_no_sample_holds_a_burned_card_or_a_known_card_in_the_wrong_seat(players):
    rng = random.Random(players)
    burned_seen = down_seen = onze_seen = 0
    for index in range(budget(60, fast=12)):
        hand = random_hand(players, 1000 * players + index)
        burned_seen += bool(hand.burned)
        down_seen += bool(hand.face_down)
        onze_seen += hand.decider is not None and players == 4
        for seat in range(players):
            check_samples(hand, seat, rng)
    assert burned_seen and down_seen  # the walk met burned threes and face-down cards
    assert players == 2 or onze_seen  # and, with four, a mão de onze


def test_in_a_mao_de_onze_the_side_on_11_knows_its_partners_cards_and_the_others_do_not():
    # Seats 0 and 2 are on 11, seats 1 and 3 are not: seat 0 (the mão, first of its side) decides.
    deal = "4b,2o,5c|3c,2c,1c|10e,10b,10o|3b,12b,11o"
    rules = MINEIRO.rules(players=4)
    rng = random.Random(11)
    for log in ("", "0:play11", "0:play11 0:2o 1:3c 2:10e 3:12b 1:2c 2:10b"):
        hand = rules.new_hand(deal, 0, (11, 5))
        for text in log.split():
            hand.apply(parse_action(text))
        assert isinstance(hand, MineiroHand) and hand.decider == 0
        for seat in (0, 2):  # the partner's whole three is fixed in every sample
            mate = (seat + 2) % 4
            for world in check_samples(hand, seat, rng):
                assert set(world.dealt_hand(mate)) == set(hand.dealt_hand(mate)), (log, seat)
        for seat in (1, 3):  # an opponent knows neither of them: the samples differ
            worlds = check_samples(hand, seat, rng)
            for other in (0, 2):
                unseen = set(hand.dealt_hand(other)) - set(played_face_up(hand, seat))
                if unseen:
                    assert len({frozenset(w.dealt_hand(other)) for w in worlds}) > 1, (log, seat, other)


def test_the_mao_who_passed_knows_his_partners_three_and_his_partner_does_not_know_his():
    # The mão (seat 0) burns his first three, passes the next to seat 2 and keeps the third.
    deal = "4e,5o,6b|3c,2c,1c|6e,6o,6c|3b,12b,11o|10e,10b,10o|4b,2o,5c|12e,12o,12c"
    hand = MINEIRO.rules(players=4).new_hand(deal, 0, (0, 0))
    for text in ["0:burn", "0:pass", "0:keep", "0:2o", "1:3c", "2:10e", "3:12b"]:
        hand.apply(parse_action(text))
    assert isinstance(hand, MineiroHand)
    rng = random.Random(5)
    for world in check_samples(hand, 0, rng):
        assert set(world.dealt_hand(2)) == {Card.parse(c) for c in ("10e", "10b", "10o")}
    kept = {frozenset(w.dealt_hand(0)) for w in check_samples(hand, 2, rng)}
    assert len(kept) > 1  # seat 2 saw only the 2 of oros of the mão's three
    for world in check_samples(hand, 1, rng):
        assert Card.parse("10e") in world.dealt_hand(2)  # played face up: known to all
