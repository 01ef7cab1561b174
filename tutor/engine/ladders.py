"""Bet ladders as data: the steps of a game's truco, each with the value accepted and declined.

A :class:`Ladder` is what a variant's bets are worth: the hand's value with no bet (``base``) and one
:class:`BetStep` per call, in order. In every ruleset of docs/rules a refused bet gives the caller's
team the previous rung, so ``declined`` is the value before the call; it is still data, so a game
that scores otherwise only changes its table.

>>> ARGENTINE_TRUCO.calls
(<TrucoCall.TRUCO: 'truco'>, <TrucoCall.RETRUCO: 'retruco'>, <TrucoCall.VALE_CUATRO: 'vale_cuatro'>)
>>> [(s.accepted, s.declined) for s in ARGENTINE_TRUCO.steps]
[(2, 1), (3, 2), (4, 3)]
>>> CATALAN_TRUC.value(0), CATALAN_TRUC.value(2), CATALAN_TRUC.next_call(2) is None
(1, 3, True)
>>> [(s.call.value, s.accepted, s.declined) for s in MINEIRO_TRUCO.steps]
[('truco', 3, 1), ('seis', 6, 3), ('nove', 9, 6), ('doze', 12, 9)]
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .stakes import MineiroCall, TrucCall, TrucoCall

__all__ = ["BetCall", "BetStep", "Ladder", "ARGENTINE_TRUCO", "CATALAN_TRUC", "MINEIRO_TRUCO", "LADDERS"]

BetCall = TrucoCall | TrucCall | MineiroCall
"""A call on some game's truco ladder."""


@dataclass(frozen=True, slots=True)
class BetStep:
    """One rung: the call, what the hand is worth once it is accepted, and what a refusal gives the caller."""

    call: BetCall
    accepted: int
    declined: int


@dataclass(frozen=True)
class Ladder:
    """The bets of one game, lowest first; ``level`` counts the accepted steps (0: no bet accepted)."""

    name: str
    base: int
    """What a hand is worth with no bet accepted."""
    steps: tuple[BetStep, ...]
    calls: tuple[BetCall, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "calls", tuple(step.call for step in self.steps))

    @property
    def top(self) -> int:
        """The number of steps: nothing may be called above the last one."""
        return len(self.steps)

    def value(self, level: int) -> int:
        """The hand's value with ``level`` steps accepted."""
        return self.base if level == 0 else self.steps[level - 1].accepted

    def declined(self, calls: int) -> int:
        """Points to the caller's team when the ``calls``-th call (counted from 1) is refused."""
        return self.steps[calls - 1].declined

    def next_call(self, calls: int) -> BetCall | None:
        """The call after ``calls`` calls, None at the top."""
        return self.calls[calls] if calls < len(self.calls) else None

    def __contains__(self, call: object) -> bool:
        return call in self.calls


ARGENTINE_TRUCO = Ladder(
    "truco",
    1,
    (
        BetStep(TrucoCall.TRUCO, 2, 1),
        BetStep(TrucoCall.RETRUCO, 3, 2),
        BetStep(TrucoCall.VALE_CUATRO, 4, 3),
    ),
)
"""Truco 2, retruco 3, vale cuatro 4; refused: 1, 2, 3 (docs/rules §5)."""

CATALAN_TRUC = Ladder("truc", 1, (BetStep(TrucCall.TRUC, 2, 1), BetStep(TrucCall.RETRUC, 3, 2)))
"""Truc 2, retruc 3; refused: 1, 2 (docs/rules/catalan.md)."""

MINEIRO_TRUCO = Ladder(
    "mineiro",
    1,
    (
        BetStep(TrucoCall.TRUCO, 3, 1),
        BetStep(MineiroCall.SEIS, 6, 3),
        BetStep(MineiroCall.NOVE, 9, 6),
        BetStep(MineiroCall.DOZE, 12, 9),
    ),
)
"""Truco 3, seis 6, nove 9, doze 12; run from: 1, 3, 6, 9 (docs/rules/mineiro.md §9.3.6)."""

LADDERS: dict[str, Ladder] = {ladder.name: ladder for ladder in (ARGENTINE_TRUCO, CATALAN_TRUC, MINEIRO_TRUCO)}
"""The ladders by name."""
