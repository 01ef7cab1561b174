"""Cards and their notation (docs/rules §1)."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from tutor.engine.cards import DECK, FIGURES, RANKS, Card, Suit, format_cards, parse_cards
from tutor.engine.errors import InvalidNotationError, NotationReason

SPANISH_SUITS = {"e": "espadas", "b": "bastos", "o": "oros", "c": "copas"}


def test_rules_1_deck_has_40_distinct_cards_without_8_and_9():
    assert len(DECK) == 40
    assert len(set(DECK)) == 40
    assert {card.rank for card in DECK} == {1, 2, 3, 4, 5, 6, 7, 10, 11, 12}
    assert {card.suit.value for card in DECK} == set(SPANISH_SUITS)
    for suit in Suit:
        assert sum(1 for card in DECK if card.suit is suit) == 10


def test_rules_1_figures_are_sota_caballo_rey():
    assert {10, 11, 12} == FIGURES
    assert RANKS == (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("1e", 1, Suit.ESPADAS),
        ("7o", 7, Suit.OROS),
        ("12c", 12, Suit.COPAS),
        ("3b", 3, Suit.BASTOS),
        ("10E", 10, Suit.ESPADAS),
        (" 11o ", 11, Suit.OROS),
    ],
)
def test_rules_1_compact_notation(text, rank, suit):
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)


@pytest.mark.parametrize(
    ("text", "notation"),
    [
        ("A♠", "1e"),
        ("7♦", "7o"),
        ("K♥", "12c"),
        ("A♣", "1b"),
        ("J♠", "10e"),
        ("B♠", "10e"),
        ("Q♦", "11o"),
        ("D♦", "11o"),
        ("K♣", "12b"),
        ("k♣", "12b"),
        ("3♤", "3e"),
        ("2♧", "2b"),
        ("6♢", "6o"),
        ("5♡", "5c"),
        ("10♥", "10c"),
    ],
)
def test_rules_1_french_symbols(text, notation):
    assert Card.parse(text).notation == notation


@pytest.mark.parametrize("card", DECK, ids=str)
def test_round_trip_compact_and_french(card):
    assert Card.parse(card.notation) == card
    assert Card.parse(card.french) == card
    assert Card.parse(str(card)) == card
    assert eval(repr(card), {"Card": Card}) == card  # noqa: S307 - repr is Card.parse('...')


def test_round_trip_whole_deck_through_format_and_parse():
    text = format_cards(DECK)
    assert parse_cards(text, count=40) == DECK
    assert parse_cards(format_cards(DECK, sep=","), count=40) == DECK


def test_french_labels_use_letters_for_ace_and_figures():
    assert [Card.parse(t).french for t in ("1e", "10b", "11o", "12c", "7o")] == ["A♠", "J♣", "Q♦", "K♥", "7♦"]


def test_envido_value_of_every_card():
    for card in DECK:
        assert card.envido_value == (0 if card.rank >= 10 else card.rank)
        assert card.is_figure is (card.rank >= 10)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("8o", NotationReason.UNKNOWN_RANK),
        ("9c", NotationReason.UNKNOWN_RANK),
        ("13e", NotationReason.UNKNOWN_RANK),
        ("0b", NotationReason.UNKNOWN_RANK),
        ("8♠", NotationReason.UNKNOWN_RANK),
        ("1x", NotationReason.UNKNOWN_SUIT),
        ("7z", NotationReason.UNKNOWN_SUIT),
        ("K★", NotationReason.UNKNOWN_SUIT),
        ("", NotationReason.EMPTY),
        ("   ", NotationReason.EMPTY),
        ("7", NotationReason.MALFORMED),
        ("xx", NotationReason.MALFORMED),
        ("♠1", NotationReason.MALFORMED),
        ("Kc", NotationReason.MALFORMED),
        ("Ac", NotationReason.MALFORMED),
        ("Qe", NotationReason.MALFORMED),
    ],
)
def test_bad_card_has_specific_reason(text, reason):
    with pytest.raises(InvalidNotationError) as info:
        Card.parse(text)
    assert info.value.reason is reason
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("value", [None, 7, 1.5, b"1e"])
def test_non_text_card_is_malformed(value):
    with pytest.raises(InvalidNotationError) as info:
        Card.parse(value)
    assert info.value.reason is NotationReason.MALFORMED


def test_card_constructor_checks_rank_and_suit():
    with pytest.raises(InvalidNotationError) as info:
        Card(8, Suit.OROS)
    assert info.value.reason is NotationReason.UNKNOWN_RANK
    with pytest.raises(InvalidNotationError) as info:
        Card(7, "o")
    assert info.value.reason is NotationReason.UNKNOWN_SUIT


def test_duplicate_card_in_hand():
    with pytest.raises(InvalidNotationError) as info:
        parse_cards("1e 7o 1E")
    assert info.value.reason is NotationReason.DUPLICATE_CARD
    assert info.value.details["value"] == "1e"
    # the same card written two ways is still a duplicate
    with pytest.raises(InvalidNotationError) as info:
        parse_cards(["A♠", "1e"])
    assert info.value.reason is NotationReason.DUPLICATE_CARD
    assert parse_cards("1e 1e", allow_duplicates=True) == (Card.parse("1e"),) * 2


@pytest.mark.parametrize(("text", "count"), [("1e 2e", 3), ("1e 2e 3e 4e", 3), ("1e", 2)])
def test_wrong_number_of_cards(text, count):
    with pytest.raises(InvalidNotationError) as info:
        parse_cards(text, count=count)
    assert info.value.reason is NotationReason.WRONG_COUNT
    assert info.value.details == {"value": len(text.split()), "expected": count}


@pytest.mark.parametrize("text", ["", "  ", []])
def test_no_cards_is_empty(text):
    with pytest.raises(InvalidNotationError) as info:
        parse_cards(text)
    assert info.value.reason is NotationReason.EMPTY


def test_not_iterable_is_malformed():
    with pytest.raises(InvalidNotationError) as info:
        parse_cards(42)
    assert info.value.reason is NotationReason.MALFORMED


def test_separators_and_mixed_input():
    expected = (Card.parse("1e"), Card.parse("7o"), Card.parse("12c"))
    assert parse_cards("1e,7o;12c") == expected
    assert parse_cards(" 1e\t7o\n12c ") == expected
    assert parse_cards(["1e", Card(7, Suit.OROS), "K♥"]) == expected


@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=40, unique=True))
def test_any_set_of_cards_round_trips(cards):
    assert parse_cards(format_cards(cards)) == tuple(cards)
    assert parse_cards(" ".join(card.french for card in cards)) == tuple(cards)
