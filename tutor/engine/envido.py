"""Envido and flor: the value of a hand with its explanation, and the showdown (docs/rules §4, §8).

Counting (docs/rules §4.1): two cards of one suit count 20 plus both values (1-7 face value, 10/11/12
count 0); three of one suit (flor not in play) count the best two; with no two of one suit the
highest single value counts. Every result carries the cards that counted, so that a lesson can
explain it.

>>> r = envido("7c 5c 12e")
>>> r.points, r.kind.name, [str(c) for c in r.counted], r.suit.name, r.bonus
(32, 'PAIR', ['7c', '5c'], 'COPAS', 20)
>>> envido_points("1e 6b 4o")
6
>>> flor("7o 6o 5o").points
38
>>> showdown([27, 31]).winner
1

The results for all 9,880 three-card hands are computed once at import time by ``_compute``
(the counting rule above) and looked up by the set of cards afterwards, so that checking
thousands of exercises stays cheap; a result does not depend on the order of the cards.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations

from .cards import DECK, Card, Suit, parse_cards
from .errors import InvalidNotationError, NotationReason

__all__ = [
    "EnvidoKind",
    "EnvidoResult",
    "envido",
    "envido_points",
    "FlorResult",
    "flor",
    "has_flor",
    "flor_points",
    "StatementAction",
    "Statement",
    "ShowdownResult",
    "showdown",
    "showdown_hands",
    "MAX_ENVIDO",
    "MIN_FLOR",
    "MAX_FLOR",
]

MAX_ENVIDO = 33
"""The highest envido: 7 and 6 of one suit."""
MIN_FLOR = 20
"""The lowest flor value: three figures of one suit."""
MAX_FLOR = 38
"""The highest flor value: 7, 6 and 5 of one suit."""
PAIR_BONUS = 20
"""Added to the values of two cards of one suit."""


class EnvidoKind(StrEnum):
    """How the envido of a hand was counted."""

    PAIR = "pair"
    """Two of one suit: 20 + both values."""
    BEST_PAIR = "best_pair"
    """Three of one suit, flor not in play: the best two count."""
    SINGLE = "single"
    """No two of one suit: the highest single value."""
    ZERO = "zero"
    """No two of one suit and only figures: 0."""


@dataclass(frozen=True, slots=True)
class EnvidoResult:
    """The envido of three cards with the explanation as data."""

    cards: tuple[Card, ...]
    """The three cards in explanation order: the counted cards first (as in ``counted``), then the
    others by falling value; the same whatever order the cards were given in."""
    points: int
    """The envido value, 0-33."""
    kind: EnvidoKind
    """Which counting rule applied."""
    counted: tuple[Card, ...]
    """The cards that counted: 2 for PAIR/BEST_PAIR (higher value first), 1 for SINGLE, none for ZERO."""
    suit: Suit | None
    """The suit of the pair (PAIR, BEST_PAIR), else None."""
    bonus: int
    """20 for a pair, else 0; ``points == bonus + sum of the counted values``."""


@dataclass(frozen=True, slots=True)
class FlorResult:
    """A flor: three cards of one suit, worth 20 + the three values (docs/rules §8.1)."""

    cards: tuple[Card, ...]
    """The three cards, in the order given."""
    points: int
    """20 + the three values, 20-38."""
    suit: Suit
    """The suit of the flor."""


# Order for "which card counts": envido value, then the higher rank (a rey before a sota).
_KEY: dict[Card, tuple[int, int]] = {card: (card.envido_value, card.rank) for card in DECK}


def _compute(hand: tuple[Card, ...]) -> EnvidoResult:
    """The counting rule of docs/rules §4.1, applied directly (used once per hand to build the table)."""
    a, b, c = sorted(hand, key=_KEY.__getitem__, reverse=True)  # by falling value
    if a.suit is b.suit:
        kind = EnvidoKind.BEST_PAIR if c.suit is a.suit else EnvidoKind.PAIR
        pair, rest = (a, b), c
    elif a.suit is c.suit:
        kind, pair, rest = EnvidoKind.PAIR, (a, c), b
    elif b.suit is c.suit:
        kind, pair, rest = EnvidoKind.PAIR, (b, c), a
    elif a.envido_value == 0:
        return EnvidoResult((a, b, c), 0, EnvidoKind.ZERO, (), None, 0)
    else:
        return EnvidoResult((a, b, c), a.envido_value, EnvidoKind.SINGLE, (a,), None, 0)
    points = PAIR_BONUS + pair[0].envido_value + pair[1].envido_value
    return EnvidoResult(pair + (rest,), points, kind, pair, pair[0].suit, PAIR_BONUS)


# frozenset of three cards -> its result; 9,880 entries, built once by the rule above.
# Keyed by Card sets; looked up with whatever a caller passes (notation strings simply miss).
_TABLE: dict[frozenset[Card | str], EnvidoResult] = {frozenset(hand): _compute(hand) for hand in combinations(DECK, 3)}
_POINTS: dict[frozenset[Card | str], int] = {key: result.points for key, result in _TABLE.items()}


def _three(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    """Read and validate exactly three distinct cards (raises InvalidNotationError)."""
    return parse_cards(cards, count=3)


def envido(cards: Iterable[Card | str] | str) -> EnvidoResult:
    """The envido of exactly three cards, with the cards that counted.

    ``cards`` are Card objects or notation (``"7c 5c 12e"``, ``["7c", "5c", "12e"]``).
    Raises :class:`InvalidNotationError` for bad notation, duplicates or a count other than 3.

    >>> envido("12o 11o 3b").points, envido("12o 11o 3b").kind.name
    (20, 'PAIR')
    >>> r = envido("7o 12o 6o")
    >>> r.points, r.kind.name, [str(c) for c in r.counted]
    (33, 'BEST_PAIR', ['7o', '6o'])
    """
    hand: Iterable[Card | str] | str = cards
    if not isinstance(cards, str):
        try:
            hand = items = tuple(cards)
            result = _TABLE.get(frozenset(items))
        except TypeError:  # not iterable, or unhashable items: let the parser explain
            result = None
        else:
            if result is not None and len(items) == 3:
                return result
    return _TABLE[frozenset(_three(hand))]


def envido_points(cards: Iterable[Card | str] | str) -> int:
    """The envido value (0-33) of exactly three cards; the fast path of :func:`envido`.

    >>> envido_points("7c 3c 4b"), envido_points("1e 7c 4b"), envido_points("12e 11b 10o")
    (30, 7, 0)
    """
    hand: Iterable[Card | str] | str = cards
    if not isinstance(cards, str):
        try:
            hand = items = tuple(cards)
            points = _POINTS.get(frozenset(items))
        except TypeError:  # not iterable, or unhashable items: let the parser explain
            points = None
        else:
            if points is not None and len(items) == 3:
                return points
    return _POINTS[frozenset(_three(hand))]


def flor(cards: Iterable[Card | str] | str) -> FlorResult | None:
    """The flor of three cards, or None when they are not all of one suit.

    >>> f = flor("12e 11e 10e")
    >>> f.points, f.suit.name
    (20, 'ESPADAS')
    >>> flor("7c 5c 12e") is None
    True
    """
    hand = _three(cards)
    suit = hand[0].suit
    if hand[1].suit is not suit or hand[2].suit is not suit:
        return None
    return FlorResult(hand, PAIR_BONUS + sum(card.envido_value for card in hand), suit)


def has_flor(cards: Iterable[Card | str] | str) -> bool:
    """True when the three cards are all of one suit.

    >>> has_flor("1e 2e 3e"), has_flor("1e 2e 3b")
    (True, False)
    """
    hand = _three(cards)
    return hand[0].suit is hand[1].suit is hand[2].suit


def flor_points(cards: Iterable[Card | str] | str) -> int | None:
    """The flor value (20-38) of three cards, or None without flor.

    >>> flor_points("5b 6b 7b"), flor_points("5b 6b 7o")
    (38, None)
    """
    result = flor(cards)
    return None if result is None else result.points


# --- Showdown -----------------------------------------------------------------------------------


class StatementAction(StrEnum):
    """What a player says (or does not say) in the envido showdown."""

    STATES = "states"
    """States its number."""
    SON_BUENAS = "son_buenas"
    """Cannot beat the best of the other team: says "son buenas"."""
    SILENT = "silent"
    """Its team already holds the best: no need to speak."""


@dataclass(frozen=True, slots=True)
class Statement:
    """One turn in the envido showdown."""

    seat: int
    """The seat that speaks."""
    team: int
    """Its team, ``seat % 2``."""
    value: int
    """Its envido (stated only when ``action`` is STATES)."""
    action: StatementAction
    """What it does."""


@dataclass(frozen=True, slots=True)
class ShowdownResult:
    """The outcome of an envido showdown."""

    values: tuple[int, ...]
    """``values[i]`` is the envido of seat i."""
    mano: int
    """The seat that speaks first."""
    order: tuple[int, ...]
    """The seats in speaking order, from the mano (seats that went to the mazo left out)."""
    statements: tuple[Statement, ...]
    """Every turn in order. A seat that was SILENT may speak again later if its team loses the lead."""
    winner: int
    """The seat holding the best stated value at the end (it shows its cards at the end of the hand)."""
    team: int
    """The winning team (``winner % 2``)."""
    team_values: tuple[int, int]
    """Each team's envido: its best player's value (among the seats still in the hand)."""
    tie_broken: bool
    """True when both teams' best values are equal and the tie went to the seat nearer the mano."""


_SEAT_COUNTS = (2, 4, 6)


def showdown(values: Sequence[int], mano: int = 0, folded: Collection[int] = ()) -> ShowdownResult:
    """Settle an accepted envido: who states, who says "son buenas", who wins.

    ``values[i]`` is the envido of seat i (2, 4 or 6 seats; team = seat % 2). Players speak in order
    from the mano (mano, mano+1, ... mod n). The mano states its number. Afterwards a player whose
    team already holds the best so far stays SILENT; a player of the other team states its number
    only if it beats the best so far (higher, or equal and nearer the mano), otherwise says
    SON_BUENAS. Players who were silent get another turn, in order, whenever their team has lost
    the lead, so the team with the best envido always wins (ties: the seat nearer the mano).

    ``folded`` are seats that went to the mazo (4 and 6 players): their cards are back in the pack,
    so they take no part; the first seat from the mano still in the hand speaks first. Each team
    needs at least one seat that takes part.

    >>> r = showdown([33, 20, 25, 10], mano=0, folded=[0])
    >>> [(s.seat, s.action.value) for s in r.statements], r.winner, r.team_values
    ([(1, 'states'), (2, 'states'), (3, 'son_buenas')], 2, (25, 20))

    >>> r = showdown([20, 10, 30, 25], mano=0)
    >>> [(s.seat, s.action.value) for s in r.statements]
    [(0, 'states'), (1, 'son_buenas'), (2, 'silent'), (3, 'states'), (2, 'states')]
    >>> r.winner, r.team, r.team_values, r.tie_broken
    (2, 0, (30, 25), False)
    >>> showdown([27, 27]).winner, showdown([27, 27], mano=1).winner
    (0, 1)
    """
    vals = tuple(values)
    n = len(vals)
    if n not in _SEAT_COUNTS:
        raise InvalidNotationError(
            NotationReason.WRONG_COUNT, f"a showdown needs 2, 4 or 6 seats, got {n}", value=n, expected=_SEAT_COUNTS
        )
    for seat, value in enumerate(vals):
        if type(value) is not int or not 0 <= value <= MAX_FLOR:
            raise InvalidNotationError(
                NotationReason.BAD_VALUE, f"seat {seat}: {value!r} is not an envido value", value=value, position=seat
            )
    if type(mano) is not int or not 0 <= mano < n:
        raise InvalidNotationError(NotationReason.BAD_VALUE, f"mano {mano!r} is not a seat", value=mano)
    out = frozenset(folded)
    if not out <= frozenset(range(n)) or {s % 2 for s in range(n) if s not in out} != {0, 1}:
        raise InvalidNotationError(
            NotationReason.BAD_VALUE,
            f"folded seats {sorted(out)!r}: each team needs a seat in the showdown",
            value=sorted(out),
        )
    order = tuple(seat for seat in ((mano + i) % n for i in range(n)) if seat not in out)
    position = {seat: i for i, seat in enumerate(order)}
    statements: list[Statement] = []
    best = order[0]
    statements.append(Statement(best, best % 2, vals[best], StatementAction.STATES))
    waiting: list[int] = []  # silent seats, in speaking order: they may have to speak later

    def speak(seat: int) -> None:
        nonlocal best
        if vals[seat] > vals[best] or (vals[seat] == vals[best] and position[seat] < position[best]):
            statements.append(Statement(seat, seat % 2, vals[seat], StatementAction.STATES))
            best = seat
        else:
            statements.append(Statement(seat, seat % 2, vals[seat], StatementAction.SON_BUENAS))

    for seat in order[1:]:
        if seat % 2 == best % 2:
            statements.append(Statement(seat, seat % 2, vals[seat], StatementAction.SILENT))
            waiting.append(seat)
        else:
            speak(seat)
    while True:
        # The first silent seat (from the mano) whose team has lost the lead speaks now.
        silent = next((s for s in waiting if s % 2 != best % 2), None)
        if silent is None:
            break
        waiting.remove(silent)
        speak(silent)
    team_values = (max(vals[s] for s in order if s % 2 == 0), max(vals[s] for s in order if s % 2 == 1))
    return ShowdownResult(
        values=vals,
        mano=mano,
        order=order,
        statements=tuple(statements),
        winner=best,
        team=best % 2,
        team_values=team_values,
        tie_broken=team_values[0] == team_values[1],
    )


def showdown_hands(hands: Sequence[Iterable[Card | str] | str], mano: int = 0) -> ShowdownResult:
    """Compute every seat's envido from its three cards, then :func:`showdown`.

    >>> showdown_hands(["7c 5c 12e", "6o 5o 12b"]).winner
    0
    """
    return showdown([envido_points(hand) for hand in hands], mano)
