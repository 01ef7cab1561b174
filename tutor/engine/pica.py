"""Pica-pica: a six-player round played as three one-against-one duels (docs/rules/argentine.md §7.4).

With the ``pica_pica`` option of six-player Argentine Truco (``argentino:players=6,pica_pica=yes``),
:class:`~tutor.engine.match.MatchState` asks :func:`pica_pica_due` before each deal whether the hand
is a *pica-pica*: while the leading team has at least 5 points and no team has reached
``target - 5``, a redonda and a pica-pica alternate (the first hand dealt in that range is a
pica-pica). A pica-pica is one six-seat deal played as three two-player hands, one after another:
mano against mano + 3, then mano + 1 against mano + 4, then mano + 2 against mano + 5; the seat nearer
the mano leads each duel. Each duel is a whole two-player :class:`~tutor.engine.state.HandState`
(its own envido, flor, truco and mazo) that starts from the team scores the previous duel left, so
a falta envido counts from the team scores; every point goes to the duellist's team. A team that
reaches the target in a duel wins at once and the other duels are not played.

:class:`PicaPicaHand` speaks in table seats (0..5) like any hand: ``to_act``, ``legal_actions``,
``apply`` and ``actions`` use them. The duel under way is :attr:`PicaPicaHand.duel`, a two-player
hand whose seat 0 is the pair's even seat; :meth:`PicaPicaHand.view_for` gives the duellist that
duel's view (the seat inside it: :meth:`PicaPicaHand.duel_seat`), and :meth:`PicaPicaHand.table_action`
turns an action chosen there (by a bot, for example) back into table seats.

>>> from tutor.engine import find_variant, parse_action
>>> rules = find_variant("argentino").rules(players=6, pica_pica=True)
>>> hand = rules.new_hand("1e,7o,3b|4c,5c,6c|7e,6o,5o|2e,2o,3c|4e,4o,5e|12e,11e,10e", 1, (5, 0), pica=True)
>>> hand.pairs, hand.to_act
(((1, 4), (2, 5), (3, 0)), 1)
>>> for text in ("1:mazo", "2:mazo", "3:mazo"):   # the three duels, each ended by a mazo
...     _ = hand.apply(parse_action(text))
>>> hand.is_over, hand.points, hand.duel_winners
(True, (2, 1), (0, 1, 0))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from .errors import IllegalActionError, InvalidNotationError, NotationReason, Reason
from .state import Action, Deal, Event, EventKind, HandState, Phase, SeatView, _read_deal

if TYPE_CHECKING:
    from .cards import Card
    from .rules import Rules

__all__ = ["PicaPicaHand", "pica_pica_due", "pica_pica_range", "PICA_PICA_FROM", "PICA_PICA_STOP"]

PICA_PICA_FROM = 5
"""Pica-pica starts once the leading team has this many points (docs/rules/argentine.md §7.4)."""
PICA_PICA_STOP = 5
"""... and stops once a team has reached the target minus this many (25 of 30, 10 of 15)."""


def pica_pica_range(rules: Rules, scores: Sequence[int]) -> bool:
    """True while the scores are in the pica-pica range: the leading team has at least 5 points and
    no team has reached ``target - 5``; always False without the option.

    >>> from tutor.engine import find_variant
    >>> rules = find_variant("argentino").rules(players=6, pica_pica=True)
    >>> [pica_pica_range(rules, s) for s in ((4, 4), (5, 0), (24, 3), (25, 3))]
    [False, True, True, False]
    """
    lead = max(scores)
    return rules.pica_pica and PICA_PICA_FROM <= lead < rules.target - PICA_PICA_STOP


def pica_pica_due(rules: Rules, scores: Sequence[int], previous_was_pica: bool) -> bool:
    """Whether the next hand is a pica-pica: in the range, and the hand before it was not one
    (strict alternation; the first hand of the range is a pica-pica).

    >>> from tutor.engine import find_variant
    >>> rules = find_variant("argentino").rules(players=6, pica_pica=True)
    >>> pica_pica_due(rules, (7, 3), False), pica_pica_due(rules, (7, 3), True)
    (True, False)
    """
    return not previous_was_pica and pica_pica_range(rules, scores)


class PicaPicaHand:
    """A pica-pica round: one six-seat deal, three duels played in order, in table seats."""

    is_pica: bool = True
    """Always True (a :class:`~tutor.engine.state.HandState` answers False)."""

    def __init__(
        self,
        rules: Rules,
        deal: Sequence[Iterable[Card | str] | str] | None,
        mano: int = 0,
        scores: Sequence[int] = (0, 0),
    ) -> None:
        if not rules.pica_pica or rules.players != 6:
            raise InvalidNotationError(
                NotationReason.BAD_VALUE, "a pica-pica needs six players and the pica_pica option", value=rules.players
            )
        if deal is None:
            raise InvalidNotationError(NotationReason.EMPTY, "a hand needs a deal", value=None)
        if type(mano) is not int or not 0 <= mano < 6:
            raise InvalidNotationError(NotationReason.BAD_VALUE, f"mano {mano!r} is not a seat", value=mano)
        pair = tuple(scores)
        if len(pair) != 2 or any(type(s) is not int or not 0 <= s < rules.target for s in pair):
            raise InvalidNotationError(
                NotationReason.BAD_VALUE,
                f"scores {scores!r} must be two numbers from 0 to {rules.target - 1}",
                value=scores,
            )
        if not pica_pica_range(rules, pair):
            raise InvalidNotationError(
                NotationReason.BAD_VALUE,
                f"a pica-pica is played only while the leader has {PICA_PICA_FROM} points and nobody "
                f"{rules.target - PICA_PICA_STOP}, not at {pair[0]}-{pair[1]}",
                value=scores,
            )
        self.rules = rules
        self.players = 6
        self.deal: Deal = _read_deal(deal, 6)
        self.mano = mano
        self.start_scores: tuple[int, int] = (pair[0], pair[1])
        self.actions: list[Action] = []
        """Every action applied, in table seats, in playing order (the three duels one after another)."""
        self.match_winner: int | None = None
        """The team that reached the target in a duel, if any."""
        self.pairs: tuple[tuple[int, int], ...] = tuple(((mano + k) % 6, (mano + k + 3) % 6) for k in range(3))
        """The duels in playing order, each as (its mano, its opponent) in table seats."""
        self._duel_rules = replace(rules, players=2, pica_pica=False)
        self.duels: list[HandState] = []
        """The duels started so far (the last one is under way unless the round is over)."""
        self._start_duel(self.start_scores)

    # --- Seats ---------------------------------------------------------------------------------

    def _seats(self, index: int) -> tuple[int, int]:
        """The table seats playing as seat 0 and seat 1 of duel ``index`` (the even seat is seat 0)."""
        a, b = self.pairs[index]
        return (a, b) if a % 2 == 0 else (b, a)

    def _start_duel(self, scores: tuple[int, int]) -> None:
        index = len(self.duels)
        a, b = self.pairs[index]
        even, odd = self._seats(index)
        duel = self._duel_rules.new_hand((self.deal[even], self.deal[odd]), 0 if a == even else 1, scores)
        self.duels.append(duel)

    @property
    def duel(self) -> HandState:
        """The duel under way (the last one once the round is over)."""
        return self.duels[-1]

    @property
    def duel_index(self) -> int:
        """Which duel is under way (0, 1, 2)."""
        return len(self.duels) - 1

    def duel_seats(self, index: int | None = None) -> tuple[int, int]:
        """The table seats playing as seat 0 and seat 1 of duel ``index`` (default: the one under way)."""
        return self._seats(self.duel_index if index is None else index)

    def duel_seat(self, seat: int) -> int | None:
        """``seat``'s seat in the duel under way (0 or 1), None when it does not play in it."""
        seats = self._seats(self.duel_index)
        return seats.index(seat) if seat in seats else None

    def table_action(self, action: Action, index: int | None = None) -> Action:
        """An action of duel ``index`` (default: the one under way) with its seat as a table seat."""
        seats = self._seats(self.duel_index if index is None else index)
        return replace(action, seat=seats[action.seat])

    def _duel_action(self, action: Action) -> Action | None:
        local = self.duel_seat(action.seat)
        return None if local is None else replace(action, seat=local)

    # --- Reading the state ---------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once the three duels are played or a team reached the target."""
        return self.match_winner is not None or (len(self.duels) == 3 and self.duels[-1].is_over)

    @property
    def phase(self) -> Phase:
        """The phase of the duel under way (OVER once the round is over)."""
        return Phase.OVER if self.is_over else self.duel.phase

    @property
    def to_act(self) -> int | None:
        """The table seat that must act now (None when the round is over)."""
        if self.is_over:
            return None
        local = self.duel.to_act
        return None if local is None else self._seats(self.duel_index)[local]

    @property
    def dealer(self) -> int:
        """The dealer: the seat before the mano."""
        return (self.mano - 1) % 6

    @property
    def scores(self) -> tuple[int, int]:
        """The match scores now: the starting scores plus every duel's points."""
        return self.duel.scores

    @property
    def points(self) -> tuple[int, int]:
        """The points each team scored in the round (the three duels added up)."""
        now = self.scores
        return now[0] - self.start_scores[0], now[1] - self.start_scores[1]

    @property
    def duel_winners(self) -> tuple[int | None, ...]:
        """The team that took each finished duel (None: nobody)."""
        return tuple(d.end.team if d.end is not None else None for d in self.duels if d.is_over)

    @property
    def duel_points(self) -> tuple[tuple[int, int], ...]:
        """The points each team scored in each duel started so far (team 0's, team 1's)."""
        return tuple((d.scores[0] - d.start_scores[0], d.scores[1] - d.start_scores[1]) for d in self.duels)

    @property
    def events(self) -> list[Event]:
        """The narration of the duels in order, with table seats. Each duel opens with a DUEL_STARTED
        (the first one with its first action, so that every event belongs to an action); a duel's
        HAND_WON is told as DUEL_WON and its HAND_OVER as DUEL_OVER, and once the round is over its
        own HAND_OVER (``team`` None: each duel's DUEL_OVER says who took it) follows the last one."""
        result: list[Event] = []
        if not self.actions:
            return result
        for index, duel in enumerate(self.duels):
            seats = self._seats(index)
            mano = self.pairs[index][0]
            result.append(Event(EventKind.DUEL_STARTED, seat=mano, value=index + 1))
            for e in duel.events:
                moved = e if e.seat is None else e._replace(seat=seats[e.seat])
                if e.kind is EventKind.HAND_WON and e.team is not None:
                    winner = seats[0] if e.team == 0 else seats[1]
                    moved = moved._replace(kind=EventKind.DUEL_WON, seat=winner, value=index + 1)
                elif e.kind is EventKind.HAND_OVER:
                    result.append(moved._replace(kind=EventKind.DUEL_OVER, seat=mano, value=index + 1))
                    if self.is_over and index == len(self.duels) - 1:
                        result.append(Event(EventKind.HAND_OVER, end=e.end))
                    continue
                result.append(moved)
        return result

    def team(self, seat: int) -> int:
        """The team of ``seat``: 0 for even seats, 1 for odd seats."""
        return seat & 1

    # --- Actions -------------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action :meth:`apply` accepts now (the duel's, in table seats)."""
        if self.is_over:
            return []
        return [self.table_action(a) for a in self.duel.legal_actions()]

    def _check(self, action: Action) -> tuple[IllegalActionError | None, Action | None]:
        if self.is_over:
            return IllegalActionError(Reason.HAND_OVER, "the hand is over"), None
        local = self._duel_action(action)
        if local is None:
            return (
                IllegalActionError(
                    Reason.NOT_YOUR_TURN,
                    f"seat {action.seat} cannot act: it is seat {self.to_act}'s turn",
                    seat=action.seat,
                    to_act=self.to_act,
                ),
                None,
            )
        return None, local

    def can_apply(self, action: Action) -> bool:
        """True when :meth:`apply` would accept ``action``."""
        error, local = self._check(action)
        return error is None and local is not None and self.duel.can_apply(local)

    def verify(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` if ``action`` is illegal now."""
        error, local = self._check(action)
        if error is not None:
            raise error
        assert local is not None
        self.duel.verify(local)

    def apply(self, action: Action) -> Action:
        """Check and apply ``action`` (table seats) to the duel under way; start the next duel when
        it ends, unless a team has reached the target or it was the third."""
        error, local = self._check(action)
        if error is not None:
            raise error
        assert local is not None
        duel = self.duel
        duel.apply(local)
        self.actions.append(action)
        if duel.is_over:
            if duel.match_winner is not None:
                self.match_winner = duel.match_winner
            elif len(self.duels) < 3:
                self._start_duel(duel.scores)
        return action

    def view_for(self, seat: int) -> SeatView:
        """What ``seat`` sees: the view of its own duel from its chair there (:meth:`duel_seat`); a
        duel not started yet is seen as dealt. Nothing of the other duels' hidden cards is in it."""
        if type(seat) is not int or not 0 <= seat < 6:
            raise InvalidNotationError(NotationReason.BAD_VALUE, f"no seat {seat!r}", value=seat)
        for index in range(len(self.duels)):
            seats = self._seats(index)
            if seat in seats:
                return self.duels[index].view_for(seats.index(seat))
        k = next(i for i, pair in enumerate(self.pairs) if seat in pair)
        even, odd = self._seats(k)
        a = self.pairs[k][0]
        # A duel never played because a team reached the target is seen as dealt at the scores the last
        # duel started from (a hand cannot start at the target).
        scores = self.scores if self.match_winner is None else self.duel.start_scores
        waiting = self._duel_rules.new_hand((self.deal[even], self.deal[odd]), 0 if a == even else 1, scores)
        return waiting.view_for((even, odd).index(seat))

    def duel_of(self, seat: int) -> int:
        """The duel (0, 1, 2) ``seat`` plays in."""
        return next(i for i, pair in enumerate(self.pairs) if seat in pair)

    def table_view_for(self, seat: int) -> SeatView:
        """What ``seat`` sees at the table: its own duel (:meth:`view_for`) in table seats, six
        players, with the round's dealer, scores, points and end. Only the two duellists' cards are on
        the table in it (every seat's ``cards_left`` is public: the cards it has not played in its duel); ``to_act``
        and ``legal_actions`` are set only while that duel is the one under way."""
        local = self.view_for(seat)
        index = self.duel_of(seat)
        seats = self._seats(index)
        live = not self.is_over and index == self.duel_index

        def at(s: int | None) -> int | None:
            return None if s is None else seats[s]

        def moved(action: Action) -> Action:
            return replace(action, seat=seats[action.seat])

        cards_left = [3] * 6  # a duel not started: three cards each
        for k, duel in enumerate(self.duels):
            for s, left in zip(self._seats(k), duel.view_for(0).cards_left, strict=True):
                cards_left[s] = left
        for s, left in zip(seats, local.cards_left, strict=True):
            cards_left[s] = left
        pending = local.pending
        return replace(
            local,
            seat=seat,
            players=6,
            rules=self.rules,
            mano=seats[local.mano],
            dealer=self.dealer,
            phase=self.phase if live else local.phase,
            to_act=at(local.to_act) if live else None,
            turn=seats[local.turn],
            tricks=tuple(tuple((seats[s], c) for s, c in trick) for trick in local.tricks),
            current_trick=tuple((seats[s], c) for s, c in local.current_trick),
            trick_winners=tuple(at(w) for w in local.trick_winners),
            cards_left=tuple(cards_left),
            folded=tuple(seats[s] for s in local.folded),
            scores=self.scores,
            points=self.points,
            truco_calls=tuple((seats[s], c) for s, c in local.truco_calls),
            envido_calls=tuple((seats[s], c) for s, c in local.envido_calls),
            flor_announced=tuple(seats[s] for s in local.flor_announced),
            pending=None
            if pending is None
            else replace(pending, caller=seats[pending.caller], responder=seats[pending.responder]),
            actions=tuple(moved(a) for a in local.actions),
            events=tuple(e if e.seat is None else e._replace(seat=seats[e.seat]) for e in local.events),
            awards=tuple(a if a.seat is None else replace(a, seat=seats[a.seat]) for a in local.awards),
            shown={seats[s]: cards for s, cards in local.shown.items()},
            is_over=self.is_over,
            match_winner=self.match_winner,
            legal_actions=tuple(moved(a) for a in local.legal_actions) if live else (),
        )

    def clone(self) -> PicaPicaHand:
        """An independent copy (the duels cloned)."""
        new = PicaPicaHand.__new__(PicaPicaHand)
        new.__dict__.update(self.__dict__)
        new.actions = list(self.actions)
        new.duels = [d.clone() for d in self.duels]
        return new

    def __repr__(self) -> str:
        return (
            f"<PicaPicaHand mano={self.mano} duel={self.duel_index} to_act={self.to_act} "
            f"scores={self.scores} actions={len(self.actions)}>"
        )
