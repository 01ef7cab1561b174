"""Señas: which a bot shows for its cards, whether an opponent notices, and what a seen seña tells."""

from __future__ import annotations

import random

import pytest

from tutor.bots import NOTICE_CHANCE, Sena, known_facts, noticed, sena_facts, senas
from tutor.bots.senas import game_senas, senas_for_cards
from tutor.engine import Card, FlorMode, HandState, Rules, parse_cards
from tutor.engine.determinize import determinize

# The set recorded in docs/rules/decisions.md ("Señas (the computer players' set)"), written out again here.
TABLE = {
    "1e": Sena.ANCHO_ESPADA,
    "1b": Sena.ANCHO_BASTO,
    "7e": Sena.SIETE_ESPADA,
    "7o": Sena.SIETE_ORO,
    "3e": Sena.TRES,
    "3b": Sena.TRES,
    "3o": Sena.TRES,
    "3c": Sena.TRES,
    "2e": Sena.DOS,
    "2b": Sena.DOS,
    "2o": Sena.DOS,
    "2c": Sena.DOS,
    "1o": Sena.ANCHO_FALSO,
    "1c": Sena.ANCHO_FALSO,
}


@pytest.mark.parametrize("card, sena", TABLE.items())
def test_each_top_card_has_its_sena(card, sena):
    assert Card.parse(card) in sena.cards
    assert senas_for_cards(parse_cards(f"{card} 4c 5o")) == (sena,)


def test_no_other_card_has_a_sena():
    covered = {c for s in game_senas("argentino", flor=True) for c in s.cards}
    assert {c.notation for c in covered} == set(TABLE)
    assert Sena.FLOR.cards == () and Sena.NADA.cards == ()


def test_the_two_best_cards_are_signalled_best_first():
    assert senas_for_cards(parse_cards("2o 1e 7o")) == (Sena.ANCHO_ESPADA, Sena.SIETE_ORO)
    assert senas_for_cards(parse_cards("3o 3e 2c")) == (Sena.TRES, Sena.DOS)
    assert senas_for_cards(parse_cards("12o 4e 6c")) == (Sena.NADA,)
    assert senas_for_cards(parse_cards("7c 6c 5c"), flor=True) == (Sena.FLOR,)
    assert senas_for_cards(parse_cards("1o 2o 3o"), flor=True) == (Sena.FLOR, Sena.TRES, Sena.DOS)


def test_a_seat_signals_its_partner_only_at_a_table_with_partners():
    two = HandState(Rules(), deal=["1e 2o 4c", "5c 6c 7c"], mano=0)
    assert senas(two.view_for(0)) == ()
    four = HandState(
        Rules(players=4, flor=FlorMode.SIMPLE), deal=["1e 2o 4c", "5c 6c 7c", "12o 4e 6b", "1b 3b 5o"], mano=0
    )
    assert senas(four.view_for(0)) == (Sena.ANCHO_ESPADA, Sena.DOS)
    assert senas(four.view_for(1)) == (Sena.FLOR,)
    assert senas(four.view_for(2)) == (Sena.NADA,)
    assert senas(four.view_for(3)) == (Sena.ANCHO_BASTO, Sena.TRES)


def test_noticing_is_drawn_from_the_seed_and_happens_now_and_then():
    assert noticed(5, 1, 2) == noticed(5, 1, 2)
    draws = [noticed(seed, 1, 0) for seed in range(4000)]
    share = sum(draws) / len(draws)
    assert abs(share - NOTICE_CHANCE) < 0.03
    assert {noticed(7, seat, observer) for seat in range(6) for observer in range(6)} == {True, False}
    assert all(noticed(seed, 0, 1, chance=1.0) for seed in range(50))
    assert not any(noticed(seed, 0, 1, chance=0.0) for seed in range(50))


def test_a_seen_sena_becomes_a_fact_the_samples_keep():
    hand = HandState(Rules(players=4), deal=["4c 5o 6e", "1e 2o 4b", "7e 2e 12c", "4o 5b 6o"], mano=0)
    shown = senas(hand.view_for(1))
    assert shown == (Sena.ANCHO_ESPADA, Sena.DOS)
    facts = sena_facts(1, shown)
    nada = sena_facts(3, senas(hand.view_for(3)))
    view = hand.view_for(0)
    for seed in range(25):
        sample = determinize(view, random.Random(seed), facts + nada)
        assert Card.parse("1e") in sample.deal[1]
        assert {c.rank for c in sample.deal[1]} & {2}
        assert not {c.notation for c in sample.deal[3]} & set(TABLE)
        assert sample.view_for(0) == view


def test_a_flor_sena_gives_a_flor():
    rules = Rules(players=4, flor=FlorMode.SIMPLE)
    hand = HandState(rules, deal=["4c 5o 6e", "1o 2o 4o", "7e 2e 12c", "4b 5b 6c"], mano=0)
    facts = sena_facts(1, senas(hand.view_for(1)))
    for seed in range(15):
        sample = determinize(hand.view_for(2), random.Random(seed), facts)
        assert len({c.suit for c in sample.deal[1]}) == 1


def test_a_seat_knows_its_partners_senas_and_the_opponents_it_noticed():
    shown = {0: (Sena.ANCHO_ESPADA,), 1: (Sena.TRES,), 2: (Sena.NADA,), 3: (Sena.DOS,)}
    for seed in range(40):
        known = known_facts(0, shown, seed)
        seats = [fact.seat for fact in known]
        assert 2 in seats and 0 not in seats
        for opponent in (1, 3):
            assert (opponent in seats) == noticed(seed, opponent, 0)
    assert any(1 in [f.seat for f in known_facts(0, shown, s)] for s in range(40))
    assert any(1 not in [f.seat for f in known_facts(0, shown, s)] for s in range(40))
