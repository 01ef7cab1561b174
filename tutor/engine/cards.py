"""The 40-card Spanish deck and its compact notation.

A card is written rank then suit initial: ``1e`` (ace of espadas), ``7o``, ``12c``, ``3b``.
French-suited input is accepted too (docs/rules §1.3): ``A♠`` = ``1e``, ``7♦`` = ``7o``,
``K♥`` = ``12c``; J or B stands for the 10 (sota), Q or D for the 11 (caballo), K for the 12 (rey).

>>> Card.parse("7o")
Card.parse('7o')
>>> str(Card.parse("A♠"))
'1e'
>>> [str(c) for c in parse_cards("7o 6o 3b")]
['7o', '6o', '3b']
>>> len(DECK)
40
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from .errors import InvalidNotationError, NotationReason


class Suit(StrEnum):
    """The four Spanish suits; the value is the notation letter."""

    ESPADAS = "e"
    """Swords (French equivalent: spades ♠)."""
    BASTOS = "b"
    """Clubs (French equivalent: clubs ♣)."""
    OROS = "o"
    """Coins (French equivalent: diamonds ♦)."""
    COPAS = "c"
    """Cups (French equivalent: hearts ♥)."""

    @property
    def french_symbol(self) -> str:
        """The French suit symbol shown on the French face of the card."""
        return _FRENCH_SYMBOL[self]


_FRENCH_SYMBOL = {Suit.ESPADAS: "♠", Suit.BASTOS: "♣", Suit.OROS: "♦", Suit.COPAS: "♥"}

RANKS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
"""The ten ranks of the Spanish deck: 1-7, 10 (sota), 11 (caballo), 12 (rey)."""

FIGURES: frozenset[int] = frozenset({10, 11, 12})
"""The figures (sota, caballo, rey): they count 0 for envido."""

# French input: suit symbols (filled and outlined) and letter ranks.
_SUIT_INPUT = {
    "e": Suit.ESPADAS,
    "b": Suit.BASTOS,
    "o": Suit.OROS,
    "c": Suit.COPAS,
    "♠": Suit.ESPADAS,
    "♤": Suit.ESPADAS,
    "♣": Suit.BASTOS,
    "♧": Suit.BASTOS,
    "♦": Suit.OROS,
    "♢": Suit.OROS,
    "♥": Suit.COPAS,
    "♡": Suit.COPAS,
}
_LETTER_RANK = {"a": 1, "j": 10, "b": 10, "q": 11, "d": 11, "k": 12}
_CARD_RE = re.compile(r"^(\d{1,2}|[ajbqdk])(.)$", re.IGNORECASE)
_FRENCH_LETTERS = {1: "A", 10: "J", 11: "Q", 12: "K"}


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the Spanish deck, identified by rank and suit."""

    rank: int
    """1-7, 10 (sota), 11 (caballo) or 12 (rey)."""
    suit: Suit
    """The card's suit."""

    def __post_init__(self) -> None:
        if self.rank not in RANKS:
            raise InvalidNotationError(
                NotationReason.UNKNOWN_RANK, f"no rank {self.rank!r} in the Spanish deck", value=self.rank
            )
        if not isinstance(self.suit, Suit):
            raise InvalidNotationError(NotationReason.UNKNOWN_SUIT, f"unknown suit {self.suit!r}", value=self.suit)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card in the compact notation or with a French suit symbol.

        >>> Card.parse("12C") == Card(12, Suit.COPAS)
        True
        >>> Card.parse("K♥") == Card.parse("12c")
        True
        >>> Card.parse("8o")
        Traceback (most recent call last):
        ...
        tutor.engine.errors.InvalidNotationError: no rank 8 in the Spanish deck (8o)
        """
        if not isinstance(text, str):
            raise InvalidNotationError(NotationReason.MALFORMED, f"a card must be text, not {text!r}", value=text)
        raw = text.strip()
        if not raw:
            raise InvalidNotationError(NotationReason.EMPTY, "no card given", value=text)
        match = _CARD_RE.match(raw)
        if match is None:
            # Tell "unknown suit" apart from garbage: a valid rank prefix with a bad tail.
            head = re.match(r"^(\d{1,2}|[ajbqdk])", raw, re.IGNORECASE)
            if head and len(raw) > len(head.group(1)):
                raise InvalidNotationError(NotationReason.UNKNOWN_SUIT, f"unknown suit in {raw!r}", value=raw)
            raise InvalidNotationError(NotationReason.MALFORMED, f"not a card: {raw!r}", value=raw)
        rank_text, suit_text = match.groups()
        suit = _SUIT_INPUT.get(suit_text.lower())
        if rank_text.isdigit():
            rank = int(rank_text)
        else:
            rank = _LETTER_RANK[rank_text.lower()]
            if suit is not None and suit_text.lower() in "ebco" and suit_text.isalpha():
                # Letter ranks belong to the French face: "Kc" or "Ac" is ambiguous (copas or clubs?).
                raise InvalidNotationError(
                    NotationReason.MALFORMED,
                    f"letter ranks go with French suit symbols: {raw!r}",
                    value=raw,
                )
        if rank not in RANKS:
            raise InvalidNotationError(
                NotationReason.UNKNOWN_RANK, f"no rank {rank} in the Spanish deck ({raw})", value=raw
            )
        if suit is None:
            raise InvalidNotationError(NotationReason.UNKNOWN_SUIT, f"unknown suit in {raw!r}", value=raw)
        return cls(rank, suit)

    @property
    def notation(self) -> str:
        """The compact notation, e.g. ``7o``."""
        return f"{self.rank}{self.suit.value}"

    @property
    def french(self) -> str:
        """The French-face label, e.g. ``A♠`` or ``K♥`` (J/Q/K for 10/11/12)."""
        return f"{_FRENCH_LETTERS.get(self.rank, str(self.rank))}{self.suit.french_symbol}"

    @property
    def is_figure(self) -> bool:
        """True for sota, caballo and rey (10, 11, 12)."""
        return self.rank in FIGURES

    @property
    def envido_value(self) -> int:
        """The card's value for envido and flor: its number, figures 0.

        >>> Card.parse("7e").envido_value, Card.parse("12o").envido_value
        (7, 0)
        """
        return 0 if self.rank in FIGURES else self.rank

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Card.parse({self.notation!r})"


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in RANKS)
"""All 40 cards, suit by suit (espadas, bastos, oros, copas), ranks ascending."""

_SPLIT_RE = re.compile(r"[\s,;]+")


def parse_cards(
    text: str | Iterable[str | Card], count: int | None = None, *, allow_duplicates: bool = False
) -> tuple[Card, ...]:
    """Read several cards, separated by spaces or commas, or from an iterable.

    ``count`` demands exactly that many cards. Duplicates are refused unless allowed.

    >>> parse_cards("1e,7o", count=2)
    (Card.parse('1e'), Card.parse('7o'))
    >>> parse_cards("1e 1e")
    Traceback (most recent call last):
    ...
    tutor.engine.errors.InvalidNotationError: card 1e given twice
    >>> parse_cards("1e 2e", count=3)
    Traceback (most recent call last):
    ...
    tutor.engine.errors.InvalidNotationError: expected 3 cards, got 2
    """
    if isinstance(text, str):
        items: list[str | Card] = [t for t in _SPLIT_RE.split(text.strip()) if t]
    else:
        try:
            items = list(text)
        except TypeError:
            raise InvalidNotationError(NotationReason.MALFORMED, f"not a list of cards: {text!r}", value=text) from None
    cards: list[Card] = []
    seen: set[Card] = set()
    for item in items:
        card = item if isinstance(item, Card) else Card.parse(item)
        if card in seen and not allow_duplicates:
            raise InvalidNotationError(NotationReason.DUPLICATE_CARD, f"card {card} given twice", value=card.notation)
        seen.add(card)
        cards.append(card)
    if not cards and count != 0:
        raise InvalidNotationError(NotationReason.EMPTY, "no cards given", value=text)
    if count is not None and len(cards) != count:
        raise InvalidNotationError(
            NotationReason.WRONG_COUNT, f"expected {count} cards, got {len(cards)}", value=len(cards), expected=count
        )
    return tuple(cards)


def format_cards(cards: Iterable[Card], sep: str = " ") -> str:
    """Write cards in the compact notation.

    >>> format_cards(parse_cards("7o 6o 3b"), sep=",")
    '7o,6o,3b'
    """
    return sep.join(card.notation for card in cards)
