"""The Argentine trick ranking (docs/rules §2) against a reference written out by hand."""

from __future__ import annotations

from itertools import permutations

import pytest

from tutor.engine.cards import DECK, Card, Suit
from tutor.engine.ranking import ARGENTINE, MATAS, Ranking

# docs/rules §2, written out card by card (high to low), independent of the engine's "3*" spec.
REFERENCE_LEVELS = [
    ["ancho de espadas"],
    ["ancho de bastos"],
    ["siete de espadas"],
    ["siete de oros"],
    ["tres de espadas", "tres de bastos", "tres de oros", "tres de copas"],
    ["dos de espadas", "dos de bastos", "dos de oros", "dos de copas"],
    ["ancho de oros", "ancho de copas"],
    ["doce de espadas", "doce de bastos", "doce de oros", "doce de copas"],
    ["once de espadas", "once de bastos", "once de oros", "once de copas"],
    ["diez de espadas", "diez de bastos", "diez de oros", "diez de copas"],
    ["siete de bastos", "siete de copas"],
    ["seis de espadas", "seis de bastos", "seis de oros", "seis de copas"],
    ["cinco de espadas", "cinco de bastos", "cinco de oros", "cinco de copas"],
    ["cuatro de espadas", "cuatro de bastos", "cuatro de oros", "cuatro de copas"],
]
_NUMBER = {
    "ancho": 1,
    "dos": 2,
    "tres": 3,
    "cuatro": 4,
    "cinco": 5,
    "seis": 6,
    "siete": 7,
    "diez": 10,
    "once": 11,
    "doce": 12,
}
_SUIT = {"espadas": Suit.ESPADAS, "bastos": Suit.BASTOS, "oros": Suit.OROS, "copas": Suit.COPAS}


def _card(name: str) -> Card:
    number, _, suit = name.split()
    return Card(_NUMBER[number], _SUIT[suit])


# Score: higher is stronger. 14 for the ancho de espadas, 1 for the fours.
REFERENCE_SCORE = {
    _card(name): len(REFERENCE_LEVELS) - index for index, level in enumerate(REFERENCE_LEVELS) for name in level
}


def test_reference_places_each_card_once():
    assert len(REFERENCE_SCORE) == 40
    assert set(REFERENCE_SCORE) == set(DECK)


def _expected(a: Card, b: Card) -> int:
    sa, sb = REFERENCE_SCORE[a], REFERENCE_SCORE[b]
    return 1 if sa > sb else (-1 if sa < sb else 0)


@pytest.mark.parametrize(("a", "b"), list(permutations(DECK, 2)), ids=lambda c: str(c))
def test_all_ordered_pairs_compare_like_the_reference(a, b):
    assert ARGENTINE.compare(a, b) == _expected(a, b)


def test_pair_count_is_1560():
    assert len(list(permutations(DECK, 2))) == 1560


def test_compare_is_antisymmetric_and_reflexive():
    for a in DECK:
        assert ARGENTINE.compare(a, a) == 0
        for b in DECK:
            assert ARGENTINE.compare(a, b) == -ARGENTINE.compare(b, a)


def test_levels_and_strength():
    assert len(ARGENTINE.levels) == 14
    for card in DECK:
        assert ARGENTINE.strength(card) == REFERENCE_SCORE[card]
        assert ARGENTINE.level(card) == 15 - REFERENCE_SCORE[card]
    assert ARGENTINE.level(Card.parse("1e")) == 1
    assert ARGENTINE.level(Card.parse("4c")) == 14


def test_rules_2_matas_are_the_four_top_cards_in_order():
    assert [str(c) for c in MATAS] == ["1e", "1b", "7e", "7o"]


def test_rules_2_false_aces_and_sevens_are_equal():
    assert ARGENTINE.compare(Card.parse("1o"), Card.parse("1c")) == 0
    assert ARGENTINE.compare(Card.parse("7b"), Card.parse("7c")) == 0
    # ... and outside the matas the suit plays no part
    assert ARGENTINE.compare(Card.parse("3e"), Card.parse("3c")) == 0


def test_ordered_groups_follow_the_levels():
    groups = ARGENTINE.ordered()
    assert [[str(c) for c in g] for g in groups][:5] == [["1e"], ["1b"], ["7e"], ["7o"], ["3e", "3b", "3o", "3c"]]
    assert sum(len(g) for g in groups) == 40


def test_ranking_must_place_every_card_exactly_once():
    with pytest.raises(ValueError):
        Ranking.from_spec("broken", ["1e", "1e"])
    with pytest.raises(ValueError):
        Ranking.from_spec("short", ["3*"])
