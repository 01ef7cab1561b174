"""Trick strength as data: one table of levels per ruleset.

A ranking is a tuple of levels, strongest first; cards on one level are equal. The Argentine
ranking (docs/rules §2) has 14 levels and is the default.

>>> ARGENTINE.compare(Card.parse("1e"), Card.parse("1b"))
1
>>> ARGENTINE.compare(Card.parse("3o"), Card.parse("3c"))
0
>>> ARGENTINE.level(Card.parse("7o"))
4
>>> [str(c) for c in MATAS]
['1e', '1b', '7e', '7o']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .cards import DECK, RANKS, Card, Suit


@dataclass(frozen=True)
class Ranking:
    """Trick strength: ``levels[0]`` holds the strongest cards. Every card of the deck is on one level."""

    name: str
    """Short identifier, e.g. ``"argentine"``."""
    levels: tuple[frozenset[Card], ...]
    """Levels of equal cards, strongest first."""
    _level_of: dict[Card, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        level_of: dict[Card, int] = {}
        for index, level in enumerate(self.levels, start=1):
            for card in level:
                if card in level_of:
                    raise ValueError(f"{card} is on two levels of ranking {self.name}")
                level_of[card] = index
        if set(level_of) != set(DECK):
            raise ValueError(f"ranking {self.name} does not place every card of the deck")
        object.__setattr__(self, "_level_of", level_of)

    @classmethod
    def from_spec(cls, name: str, spec: Iterable[str]) -> Ranking:
        """Build a ranking from lines of card groups; ``*`` stands for every suit (``"3*"``)."""
        levels: list[frozenset[Card]] = []
        for line in spec:
            cards: set[Card] = set()
            for token in line.split():
                if token.endswith("*"):
                    cards.update(Card(int(token[:-1]), suit) for suit in Suit)
                else:
                    cards.add(Card.parse(token))
            levels.append(frozenset(cards))
        return cls(name, tuple(levels))

    def level(self, card: Card) -> int:
        """The card's level, 1 for the strongest."""
        return self._level_of[card]

    def strength(self, card: Card) -> int:
        """A number that grows with trick strength (the weakest level is 1)."""
        return len(self.levels) + 1 - self._level_of[card]

    def compare(self, a: Card, b: Card) -> int:
        """1 if ``a`` beats ``b``, -1 if ``b`` beats ``a``, 0 if they are equal."""
        sa, sb = self.strength(a), self.strength(b)
        return (sa > sb) - (sa < sb)

    def ordered(self) -> list[list[Card]]:
        """The deck grouped by level, strongest first, each group sorted by suit order."""
        suit_order = list(Suit)
        return [sorted(level, key=lambda c: (suit_order.index(c.suit), c.rank)) for level in self.levels]


ARGENTINE = Ranking.from_spec(
    "argentine",
    [
        "1e",
        "1b",
        "7e",
        "7o",
        "3*",
        "2*",
        "1o 1c",
        "12*",
        "11*",
        "10*",
        "7b 7c",
        "6*",
        "5*",
        "4*",
    ],
)
"""The Argentine trick ranking (docs/rules §2), used by every preset of this engine."""

MATAS: tuple[Card, ...] = tuple(next(iter(level)) for level in ARGENTINE.levels[:4])
"""The four top cards (matas, cartas bravas): 1 of espadas, 1 of bastos, 7 of espadas, 7 of oros."""

assert len(RANKS) * len(Suit) == len(DECK)

CATALAN = Ranking.from_spec("catalan", ["3*", "2*", "1*", "12*", "11*", "10*", "7*", "6*", "5*", "4*"])
"""Catalan Truc: 3 > 2 > 1 > 12 > 11 > 10 > 7 > 6 > 5 > 4, suits never matter (docs/rules/catalan.md)."""

MINEIRO = Ranking.from_spec(
    "mineiro",
    ["4b", "7c", "1e", "7o", "3*", "2*", "1b 1o 1c", "12*", "10*", "11*", "7e 7b", "6*", "5*", "4e 4o 4c"],
)
"""Truco Mineiro: the manilhas 4♣ (zap), 7♥, A♠ (espadilha), 7♦ (pica-fumo), then 3, 2, the other aces,
K, J, Q (the jack above the queen: 10 above 11), the other sevens, 6, 5, the other fours
(docs/rules/mineiro.md §9.3.2)."""

MANILHAS: tuple[Card, ...] = tuple(next(iter(level)) for level in MINEIRO.levels[:4])
"""Truco Mineiro's four fixed top cards, strongest first: 4♣, 7♥, A♠, 7♦."""
