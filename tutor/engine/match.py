"""A match: hands to the target, the deal moving to the right, malas and buenas.

:class:`MatchState` deals hands from a seeded generator, lets :class:`~tutor.engine.state.HandState`
play them, carries the scores from hand to hand and stops the moment a team reaches the target —
also in the middle of a hand, for example through an envido (docs/rules §4.2.7 and §7.1).
After each hand the mano moves to the next seat (the deal moves to the right, docs/rules §3.1).

>>> match = MatchState(Rules(target=5), seed=3)
>>> match.hand.mano, match.scores
(0, (0, 0))
>>> while not match.is_over:          # the mano always goes to the mazo at once:
...     _ = match.apply(match.legal_actions()[-1])   # the other team scores 1 each hand
>>> match.scores, match.winner, len(match.history)
((4, 5), 1, 9)
>>> [h.mano for h in match.history]
[0, 1, 0, 1, 0, 1, 0, 1, 0]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .errors import IllegalActionError, InvalidNotationError, NotationReason, Reason
from .pica import pica_pica_due
from .rules import VARIANTS, Rules
from .stakes import falta_value, falta_wins_game, in_malas, malas_limit
from .state import Action, Deal, HandState

__all__ = ["Zone", "Standing", "MatchState", "standing"]


class Zone(StrEnum):
    """The two halves of the target."""

    MALAS = "malas"
    """The first half (0-14 of 30)."""
    BUENAS = "buenas"
    """The second half (15-29 of 30)."""


@dataclass(frozen=True, slots=True)
class Standing:
    """A team's score as players say it: ``points`` in the ``zone``."""

    score: int
    """The plain score."""
    zone: Zone
    """Malas or buenas."""
    points: int
    """Points within the zone: the score in the malas, the score minus the malas in the buenas."""


def standing(score: int, target: int = 30) -> Standing:
    """How a score is said: 12 of 30 is "12 malas", 22 of 30 is "7 buenas".

    The malas are the first half of the target (``stakes.malas_limit``): with 30, scores 0-15 are in
    the malas (15 is "15 malas") and 16-29 in the buenas (16 is "1 buena").

    >>> standing(12), standing(22).zone.value, standing(22).points
    (Standing(score=12, zone=<Zone.MALAS: 'malas'>, points=12), 'buenas', 7)
    """
    if in_malas(score, target):
        return Standing(score, Zone.MALAS, score)
    return Standing(score, Zone.BUENAS, score - malas_limit(target) + 1)


class MatchState:
    """A whole match, advanced in place by :meth:`apply`.

    ``seed`` makes the deals reproducible; ``deals`` gives them explicitly instead (one per hand,
    used before the generator). ``mano`` is the first hand's mano. With ``auto_deal`` (default) the
    next hand is dealt as soon as one ends; otherwise call :meth:`next_hand`.
    """

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seed: int | str | None = None,
        mano: int = 0,
        scores: Sequence[int] = (0, 0),
        deals: Sequence[Deal] = (),
        auto_deal: bool = True,
    ) -> None:
        self.rules = rules = rules if rules is not None else Rules()
        if type(mano) is not int or not 0 <= mano < rules.players:
            raise InvalidNotationError(NotationReason.BAD_VALUE, f"mano {mano!r} is not a seat", value=mano)
        self.seed = seed
        self._rng = random.Random(seed)
        self._deals = list(deals)
        self.auto_deal = auto_deal
        self.history: list[HandState] = []
        """The finished hands, in order (the current one is :attr:`hand`)."""
        self.winner: int | None = None
        """The team that reached the target."""
        start = tuple(scores)
        self.hand = rules.new_hand(self._next_deal(mano), mano, start, pica=pica_pica_due(rules, start, False))
        """The hand being played (or the last one, once the match is over); with the ``pica_pica``
        option a pica-pica round when one is due (:func:`~tutor.engine.pica.pica_pica_due`)."""

    def _next_deal(self, mano: int) -> Deal:
        index = len(self.history)
        if index < len(self._deals):
            return self._deals[index]
        return VARIANTS[self.rules.variant].deal(self._rng, self.rules.players, mano)

    @property
    def scores(self) -> tuple[int, int]:
        """The match scores now (including points of the hand under way)."""
        return self.hand.scores

    @property
    def is_over(self) -> bool:
        """True once a team has reached the target."""
        return self.winner is not None

    @property
    def mano(self) -> int:
        """The mano of the current hand."""
        return self.hand.mano

    @property
    def hands_played(self) -> int:
        """Finished hands, the current one included when it is over."""
        return len(self.history) + (1 if self.hand.is_over and not self._recorded(self.hand) else 0)

    def _recorded(self, hand: HandState) -> bool:
        return bool(self.history) and self.history[-1] is hand

    def standing(self, team: int) -> Standing | None:
        """The team's score in malas/buenas terms; None in a game without them (``Rules.malas``)."""
        if self.rules.malas is None:
            return None
        return standing(self.scores[team], self.rules.target)

    @property
    def falta_value(self) -> int:
        """What an accepted falta envido would be worth now (before the winner is known)."""
        return falta_value(self.scores, self.rules.target, self.rules.falta_mode)

    @property
    def falta_wins_game(self) -> bool:
        """True when an accepted falta envido would win the game now (WINS_GAME option, both in the malas)."""
        return falta_wins_game(self.scores, self.rules.target, self.rules.falta_mode)

    def legal_actions(self) -> list[Action]:
        """The legal actions in the current hand (empty when the match is over)."""
        return [] if self.winner is not None else self.hand.legal_actions()

    def can_apply(self, action: Action) -> bool:
        """True when :meth:`apply` would accept ``action``."""
        return self.winner is None and self.hand.can_apply(action)

    def apply(self, action: Action) -> Action:
        """Apply ``action`` to the current hand; when the hand ends, record it and deal the next."""
        if self.winner is not None:
            raise IllegalActionError(Reason.MATCH_OVER, "the match is over")
        hand = self.hand
        hand.apply(action)
        if hand.is_over:
            self.history.append(hand)
            if hand.match_winner is not None:
                self.winner = hand.match_winner
            elif self.auto_deal:
                self.next_hand()
        return action

    def next_hand(self, cards: Deal | None = None) -> HandState:
        """Deal the next hand (the mano moves to the next seat) and return it."""
        if self.winner is not None:
            raise IllegalActionError(Reason.MATCH_OVER, "the match is over")
        previous = self.hand
        if not previous.is_over:
            raise IllegalActionError(Reason.HAND_OVER, "the current hand is not over yet")
        if not self._recorded(previous):
            self.history.append(previous)
        mano = (previous.mano + 1) % self.rules.players
        pica = pica_pica_due(self.rules, previous.scores, previous.is_pica)
        self.hand = self.rules.new_hand(
            cards if cards is not None else self._next_deal(mano), mano, previous.scores, pica=pica
        )
        return self.hand

    def __repr__(self) -> str:
        return f"<MatchState {self.rules.variant} {self.rules.players}p scores={self.scores} hands={len(self.history)}>"
