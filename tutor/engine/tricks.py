"""Tricks and the parda rules (docs/rules §3).

A trick is won by its highest card. When the highest cards come from opposing teams and are
equal the trick is a parda (nobody wins it, and the player who led it leads again); equal top
cards played by partners are no parda: that team wins, and the first of them played takes the
trick.

The hand is decided from the sequence of trick outcomes seen from the mano's team:

>>> hand_result("WL").decided
False
>>> r = hand_result("WLP")
>>> r.winner.value, r.rule.name
('mano', 'THIRD_PARDA_FIRST_TRICK_WINNER')
>>> hand_result("PL").winner.value
'other'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import cast

from .cards import Card
from .errors import InvalidNotationError, NotationReason
from .ranking import ARGENTINE, Ranking

__all__ = [
    "TrickResult",
    "trick_result",
    "TrickOutcome",
    "Side",
    "HandRule",
    "ARGENTINE_HAND_RULES",
    "HandResult",
    "hand_result",
    "is_decided",
    "MAX_TRICKS",
]

MAX_TRICKS = 3
"""A hand has at most three tricks."""


@dataclass(frozen=True, slots=True)
class TrickResult:
    """The outcome of one trick."""

    cards: tuple[Card, ...]
    """The cards in playing order."""
    teams: tuple[int, ...]
    """``teams[i]`` is the team that played ``cards[i]``."""
    winner: int | None
    """Position in ``cards`` of the card that takes the trick (for equal top cards of one team the
    first of them played); None for a parda."""
    parda: bool
    """True when the top cards come from opposing teams and are equal."""
    winning_team: int | None
    """The team that takes the trick; None for a parda."""

    @property
    def next_leader(self) -> int:
        """Position in ``cards`` of the player who leads next: the winner, or after a parda the
        player who led this trick (docs/rules §3.3)."""
        return 0 if self.winner is None else self.winner


def trick_result(
    cards: Sequence[Card | str] | str, teams: Sequence[int] | None = None, ranking: Ranking = ARGENTINE
) -> TrickResult:
    """The result of a trick of any size.

    ``cards`` in playing order (Card objects or notation); ``teams[i]`` is the team of card i
    (default ``i % 2``, the seating of 2, 4 and 6 players with the leader's team as team 0).

    >>> trick_result("3e 3o").parda
    True
    >>> r = trick_result("3e 2o 3o 4b")          # partners 0 and 2 both play a 3
    >>> r.parda, r.winner, r.winning_team
    (False, 0, 0)
    >>> r = trick_result("3e 3o 1b 4c")
    >>> r.winner, r.winning_team
    (2, 0)
    """
    if isinstance(cards, str) or not all(type(card) is Card for card in cards):
        played = _read_cards(cards)
    else:
        played = cast("tuple[Card, ...]", tuple(cards))  # every item is a Card (checked just above)
        if not played:
            raise InvalidNotationError(NotationReason.EMPTY, "a trick needs at least one card", value=played)
        if len(set(played)) != len(played):
            _read_cards(played)  # raises the duplicate error
    if teams is None:
        sides = tuple(i % 2 for i in range(len(played)))
    else:
        sides = tuple(teams)
        if len(sides) != len(played):
            raise InvalidNotationError(
                NotationReason.WRONG_COUNT,
                f"{len(played)} cards but {len(sides)} teams",
                value=len(sides),
                expected=len(played),
            )
    level = ranking.level
    top = 0
    top_level = level(played[0])
    parda = False
    for i in range(1, len(played)):
        lv = level(played[i])
        if lv < top_level:
            top, top_level, parda = i, lv, False
        elif lv == top_level and sides[i] != sides[top]:
            parda = True
    if parda:
        return TrickResult(played, sides, None, True, None)
    return TrickResult(played, sides, top, False, sides[top])


def _read_cards(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    from .cards import parse_cards

    return parse_cards(cards)


class TrickOutcome(StrEnum):
    """One trick seen from the mano's team."""

    WON = "W"
    """The mano's team took the trick."""
    LOST = "L"
    """The other team took the trick."""
    PARDA = "P"
    """A parda: nobody took it."""


class Side(StrEnum):
    """The two sides of a hand, named from the mano."""

    MANO = "mano"
    """The mano's team."""
    OTHER = "other"
    """The other team (the dealer's)."""


class HandRule(StrEnum):
    """The rule of docs/rules §3.4 that decided the hand."""

    TWO_TRICKS = "two_tricks"
    """A team won two tricks."""
    FIRST_PARDA_NEXT_DECIDES = "first_parda_next_decides"
    """Trick 1 was a parda: the first trick won afterwards decides (trick 2, or trick 3 after two pardas)."""
    PARDA_AFTER_WIN_FIRST_TRICK_WINNER = "parda_after_win_first_trick_winner"
    """Trick 1 was won and trick 2 was a parda: the winner of trick 1 wins."""
    THIRD_PARDA_FIRST_TRICK_WINNER = "third_parda_first_trick_winner"
    """After one trick each, trick 3 was a parda: the winner of trick 1 wins."""
    ALL_PARDA_MANO = "all_parda_mano"
    """All three tricks were pardas: the mano's team wins."""
    ALL_PARDA_NOT_DEALER = "all_parda_not_dealer"
    """All three tricks were pardas: the team that did not deal wins (Catalan Truc)."""
    ONE_CARD = "one_card"
    """A one-card hand (Catalan Truc, after a knock): its only trick decides."""
    ONE_CARD_PARDA_NOT_DEALER = "one_card_parda_not_dealer"
    """A one-card hand whose trick was a parda: the team that did not deal wins (Catalan Truc)."""
    ALL_TIED_NOBODY = "all_tied_nobody"
    """All three tricks were tied: nobody scores (Truco Mineiro)."""
    BET_TRICK_WON = "bet_trick_won"
    """An accepted truco is a bet on the trick under way: that trick's winner wins the hand (Truco Mineiro)."""
    BET_TIE_CALLER_LOSES = "bet_tie_caller_loses"
    """The trick of the bet was tied by a card played before the last call: the side that made it loses
    (Truco Mineiro)."""
    BET_TIE_LAST_TRICK_NOBODY = "bet_tie_last_trick_nobody"
    """After a truco the third trick was really tied (every tying card played after the call): nobody
    scores (Truco Mineiro)."""
    UNDECIDED = "undecided"
    """The hand is not decided yet."""


ARGENTINE_HAND_RULES: tuple[HandRule, ...] = tuple(
    rule
    for rule in HandRule
    if rule
    not in {
        HandRule.ALL_PARDA_NOT_DEALER,
        HandRule.ONE_CARD,
        HandRule.ONE_CARD_PARDA_NOT_DEALER,
        HandRule.ALL_TIED_NOBODY,
        HandRule.BET_TRICK_WON,
        HandRule.BET_TIE_CALLER_LOSES,
        HandRule.BET_TIE_LAST_TRICK_NOBODY,
    }
)
"""The rules :func:`hand_result` decides by (docs/rules §3.4); the others are Catalan Truc's
(``catalan.CatalanHand``: three pardas to the team that did not deal, the one-card hand) and Truco
Mineiro's (``mineiro.MineiroHand``: three ties score nothing, the truco on the current trick)."""


@dataclass(frozen=True, slots=True)
class HandResult:
    """Who wins the hand after the given tricks, and by which rule."""

    winner: Side | None
    """The winning side, None while undecided."""
    tricks_played: int
    """How many tricks were given."""
    decided: bool
    """True when the winner is certain and no further trick is played."""
    rule: HandRule
    """The rule that decided it (UNDECIDED while open)."""
    outcomes: tuple[TrickOutcome, ...] = ()
    """The outcomes given, normalised."""


_W, _L, _P = TrickOutcome.WON, TrickOutcome.LOST, TrickOutcome.PARDA
_SIDE = {_W: Side.MANO, _L: Side.OTHER}


def _decide(outs: tuple[TrickOutcome, ...]) -> tuple[Side | None, HandRule]:
    """Winner and rule for a sequence of outcomes known not to be decided before its end."""
    if outs.count(_W) == 2:
        return Side.MANO, HandRule.TWO_TRICKS
    if outs.count(_L) == 2:
        return Side.OTHER, HandRule.TWO_TRICKS
    first = outs[0]
    n = len(outs)
    if first is _P:
        for out in outs[1:]:
            if out is not _P:
                return _SIDE[out], HandRule.FIRST_PARDA_NEXT_DECIDES
        if n == MAX_TRICKS:
            return Side.MANO, HandRule.ALL_PARDA_MANO
        return None, HandRule.UNDECIDED
    if n >= 2 and outs[1] is _P:
        return _SIDE[first], HandRule.PARDA_AFTER_WIN_FIRST_TRICK_WINNER
    if n == MAX_TRICKS and outs[2] is _P:
        return _SIDE[first], HandRule.THIRD_PARDA_FIRST_TRICK_WINNER
    return None, HandRule.UNDECIDED


def _normalise(outcomes: Sequence[TrickOutcome | str] | str) -> tuple[TrickOutcome, ...]:
    result = []
    for position, out in enumerate(outcomes):
        try:
            result.append(TrickOutcome(out.upper() if isinstance(out, str) else out))
        except ValueError:
            raise InvalidNotationError(
                NotationReason.MALFORMED,
                f"trick {position + 1}: {out!r} is not W, L or P",
                value=out,
                position=position,
            ) from None
    return tuple(result)


def hand_result(outcomes: Sequence[TrickOutcome | str] | str) -> HandResult:
    """Who wins the hand after these tricks (each W, L or P from the mano's team), by docs/rules §3.4.

    Raises :class:`InvalidNotationError` (reason BAD_VALUE, ``details["position"]`` the 0-based
    index of the extra trick) when a trick is given after the hand was decided or more than three.

    >>> r = hand_result(["P", "P", "L"])
    >>> r.winner.value, r.tricks_played, r.rule.name
    ('other', 3, 'FIRST_PARDA_NEXT_DECIDES')
    >>> hand_result("PPP").rule.name
    'ALL_PARDA_MANO'
    >>> hand_result("WPW")
    Traceback (most recent call last):
    ...
    tutor.engine.errors.InvalidNotationError: trick 3 given after the hand was decided
    """
    outs = _normalise(outcomes)
    winner: Side | None = None
    rule = HandRule.UNDECIDED
    for n in range(1, len(outs) + 1):
        if n > MAX_TRICKS:
            raise InvalidNotationError(
                NotationReason.BAD_VALUE, f"a hand has at most {MAX_TRICKS} tricks", value=len(outs), position=n - 1
            )
        if winner is not None:
            raise InvalidNotationError(
                NotationReason.BAD_VALUE,
                f"trick {n} given after the hand was decided",
                value=outs[n - 1],
                position=n - 1,
            )
        winner, rule = _decide(outs[:n])
    return HandResult(winner, len(outs), winner is not None, rule, outs)


def is_decided(outcomes: Sequence[TrickOutcome | str] | str) -> bool:
    """True when the hand's winner is certain after these tricks.

    >>> is_decided("W"), is_decided("WW"), is_decided("WP"), is_decided("PP")
    (False, True, True, False)
    """
    return hand_result(outcomes).decided
