"""How the other seats actually play: an opponent model read off the match so far.

The strong bot and the hint simulate the rest of a hand with the beginner's rules for every seat
(:mod:`tutor.bots.strong`). A learner, a friend or another bot does not play like the beginner:
one accepts every truco, another never calls envido without 30. A :class:`Style` counts, per
seat and from public actions only, four tendencies over the hands of the match (the one under way
included):

* ``truco_answer``: of the truco-ladder calls the seat answered, how many it accepted (a raise
  counts as accepting; no quiero and the mazo as declining);
* ``truco_call``: of its turns on which a truco-ladder call was legal, on how many it called;
* ``envido_answer``: of the envido calls it answered, how many it accepted (a raise is accepting);
* ``envido_call``: of its turns on which an envido call was legal, on how many it called.

Each tendency's rate is read against the beginner's own long-run rate (:data:`BASE_RATES`, measured by :func:`measure_base` on the beginner's self-play; ``python -m
tools.style_base`` measures them again): only the part of a seat's difference from it that chance
cannot explain counts (:data:`Z` standard errors), so that a seat seen a few times, or a beginner
dealt good cards, is read as the beginner, and one seen often to play otherwise is read as it plays. The difference to the base becomes a *tilt* of the
beginner's decision (:meth:`Style.tilt`, :func:`tilted`): a seat that accepts more often than the
beginner accepts, with the surplus probability, trucos the beginner would decline, and one that
accepts less often declines some the beginner would accept, so that its modelled rate is its
observed one while the stronger hands still accept first. The simulations
(:func:`tutor.bots.strong._rollout`), the weights of the sampled deals (a seat that calls envido on
every hand tells less by calling) and the envido part's answer of the other team use the tilted
rules; with no record (or a record that matches the beginner) nothing changes.

>>> from tutor.engine import HandState, Rules, parse_action
>>> hand = HandState(Rules(), deal="1e,7o,3b|4c,5c,6c")
>>> for text in ("0:truco", "1:no_quiero"):
...     _ = hand.apply(parse_action(text))
>>> style = Style.observe([hand])
>>> style.counts(1)["truco_answer"], style.counts(0)["truco_call"]
(0, 1)
>>> style.seen(1, "truco_answer"), style.rate(1, "truco_answer") == style.base(1, "truco_answer")
(1, True)

One refusal is read as the beginner (too few to tell anything); ten refusals in a row are not:

>>> style = Style.observe([hand] * 10)
>>> style.seen(1, "truco_answer"), style.rate(1, "truco_answer") < style.base(1, "truco_answer")
(10, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, TypeGuard

from ..engine.stakes import EnvidoCall, FlorCall
from ..engine.state import Action, Answer, Call, FlorAnnouncement, HandState, Mazo, Phase, PlayCard
from ..engine.stepper import replay

if TYPE_CHECKING:
    from .beginner import Option
    from .common import BotView

__all__ = ["Tendency", "Style", "NEUTRAL", "BASE_RATES", "Z", "MIN_TILT", "MIN_SEEN", "tilted", "measure_base"]


class Tendency(StrEnum):
    """The four things a :class:`Style` counts."""

    TRUCO_ANSWER = "truco_answer"
    TRUCO_CALL = "truco_call"
    ENVIDO_ANSWER = "envido_answer"
    ENVIDO_CALL = "envido_call"


Z = 2.0
"""How many standard errors of chance a record's difference from the base rate must exceed before it
counts (a beginner's own record over a whole match differs from its long-run rates by chance: the
hands dealt decide much of what a seat calls and accepts)."""
MIN_SEEN = 5
"""A tendency seen fewer times than this is read as the beginner's (too few to tell anything)."""
MIN_TILT = 0.03
"""A tilt smaller than this is treated as none (the simulations stay exactly the beginner's)."""

BASE_RATES: dict[tuple[str, int], dict[Tendency, float]] = {
    ("argentino", 2): {
        Tendency.TRUCO_ANSWER: 0.681,
        Tendency.TRUCO_CALL: 0.298,
        Tendency.ENVIDO_ANSWER: 0.230,
        Tendency.ENVIDO_CALL: 0.319,
    },
    ("argentino", 4): {
        Tendency.TRUCO_ANSWER: 0.541,
        Tendency.TRUCO_CALL: 0.245,
        Tendency.ENVIDO_ANSWER: 0.240,
        Tendency.ENVIDO_CALL: 0.250,
    },
    ("argentino", 6): {
        Tendency.TRUCO_ANSWER: 0.382,
        Tendency.TRUCO_CALL: 0.179,
        Tendency.ENVIDO_ANSWER: 0.252,
        Tendency.ENVIDO_CALL: 0.245,
    },
    ("catalan", 2): {
        Tendency.TRUCO_ANSWER: 0.645,
        Tendency.TRUCO_CALL: 0.273,
        Tendency.ENVIDO_ANSWER: 0.000,
        Tendency.ENVIDO_CALL: 0.000,
    },
    ("catalan", 4): {
        Tendency.TRUCO_ANSWER: 0.529,
        Tendency.TRUCO_CALL: 0.203,
        Tendency.ENVIDO_ANSWER: 0.000,
        Tendency.ENVIDO_CALL: 0.000,
    },
}
"""The beginner's long-run rate of each tendency in its self-play, by variant and players
(:func:`measure_base`; ``tests/bots/test_style.py`` measures them again and checks them). A game or
size without its own line uses the Argentine one of the same size (or of 2 players)."""


@dataclass(frozen=True, slots=True)
class Style:
    """Per seat, per :class:`Tendency`: (times it said yes, times it could). Build it with
    :meth:`observe`; :data:`NEUTRAL` has no record."""

    variant: str = "argentino"
    players: int = 2
    record: Mapping[int, Mapping[Tendency, tuple[int, int]]] = field(default_factory=dict)

    @classmethod
    def observe(cls, hands: Iterable[HandState], skip: Iterable[int] = ()) -> Style:
        """Count the public decisions of every seat (but those in ``skip``) in ``hands``: finished
        hands of the match and the one under way. Only what every seat saw is read: calls, answers
        and the turns on which a call was legal."""
        skipped = frozenset(skip)
        record: dict[int, dict[Tendency, list[int]]] = {}
        variant, players = "argentino", 2
        for hand in hands:
            variant, players = hand.rules.variant, hand.players
            for seat, kind, yes, n in _hand_record(hand):
                if seat not in skipped:
                    tally = record.setdefault(seat, {}).setdefault(kind, [0, 0])
                    tally[0] += yes
                    tally[1] += n
        frozen = {seat: {k: (v[0], v[1]) for k, v in kinds.items()} for seat, kinds in record.items()}
        return cls(variant, players, frozen)

    def seated(self, seats: Sequence[int]) -> Style:
        """The same record with table seat ``seats[i]`` read as seat ``i`` (a pica-pica duel's two
        chairs, :meth:`tutor.engine.pica.PicaPicaHand.duel_seats`); the base rates stay the table's."""
        record = {i: self.record[s] for i, s in enumerate(seats) if s in self.record}
        return Style(self.variant, self.players, record)

    def counts(self, seat: int) -> dict[str, int]:
        """The seat's yes counts by tendency name (0 when never seen)."""
        kinds = self.record.get(seat, {})
        return {k.value: kinds.get(k, (0, 0))[0] for k in Tendency}

    def seen(self, seat: int, kind: Tendency | str) -> int:
        """How many times the seat could say yes to ``kind``."""
        return self.record.get(seat, {}).get(Tendency(kind), (0, 0))[1]

    def base(self, seat: int, kind: Tendency | str) -> float:
        """The beginner's rate of ``kind`` for this game and size."""
        del seat
        return _base(self.variant, self.players)[Tendency(kind)]

    def rate(self, seat: int, kind: Tendency | str) -> float:
        """The seat's modelled rate of ``kind``: the base, moved towards its record only by as much
        of the difference as chance cannot explain (the difference less Z standard errors of a
        record of that size at the base rate; nothing when the record is that close to the base)."""
        kind = Tendency(kind)
        yes, n = self.record.get(seat, {}).get(kind, (0, 0))
        base = self.base(seat, kind)
        if n < MIN_SEEN:
            return base
        difference = yes / n - base
        noise = Z * math.sqrt(base * (1.0 - base) / n)
        if abs(difference) <= noise:
            return base
        return base + math.copysign(abs(difference) - noise, difference)

    def tilt(self, seat: int, kind: Tendency | str) -> float:
        """How far to move the beginner's decision, in [-1, 1]: positive, the share of its "no"
        decisions turned into "yes"; negative, the share of its "yes" turned into "no". 0 when the
        difference is below MIN_TILT."""
        kind = Tendency(kind)
        base, rate = self.base(seat, kind), self.rate(seat, kind)
        if rate >= base:
            t = (rate - base) / (1.0 - base) if base < 1.0 else 0.0
        else:
            t = -(base - rate) / base if base > 0.0 else 0.0
        return t if abs(t) >= MIN_TILT else 0.0

    def tilts(self, seat: int) -> tuple[float, float, float, float] | None:
        """The seat's four tilts in :class:`Tendency` order, or None when all are 0 (the fast path)."""
        values = tuple(self.tilt(seat, k) for k in Tendency)
        return None if not any(values) else (values[0], values[1], values[2], values[3])

    @property
    def is_neutral(self) -> bool:
        """True when no seat's tilt is other than 0."""
        return all(self.tilts(seat) is None for seat in self.record)

    def key(self) -> str:
        """A short text that tells two styles apart (for caches)."""
        return ";".join(
            f"{seat}:" + ",".join(f"{self.tilt(seat, k):.2f}" for k in Tendency) for seat in sorted(self.record)
        )


NEUTRAL = Style()
"""No record: every seat is modelled as the beginner plays."""


def _base(variant: str, players: int) -> dict[Tendency, float]:
    return BASE_RATES.get((variant, players)) or BASE_RATES.get(("argentino", players)) or BASE_RATES[("argentino", 2)]


def _is_bet(action: Action) -> TypeGuard[Call]:
    return type(action) is Call and not isinstance(action.call, (EnvidoCall, FlorCall, FlorAnnouncement))


def _is_envido(action: Action) -> TypeGuard[Call]:
    return type(action) is Call and isinstance(action.call, EnvidoCall)


_Record = tuple[tuple[int, Tendency, int, int], ...]
_FINISHED: dict[tuple[object, ...], _Record] = {}
"""The records of finished hands already read (a match is read again at every decision)."""
_FINISHED_MAX = 4096


def _hand_record(hand: HandState) -> _Record:
    """(seat, tendency, yes count, decisions) for one hand; kept once the hand is over."""
    key = (hand.rules, hand.deal, hand.mano, hand.start_scores, tuple(hand.actions)) if hand.is_over else None
    if key is not None and (found := _FINISHED.get(key)) is not None:
        return found
    tallies: dict[tuple[int, Tendency], list[int]] = {}
    steps = replay(hand)
    for action in hand.actions:
        for kind, yes in _decisions(steps.state, action):
            tally = tallies.setdefault((action.seat, kind), [0, 0])
            tally[0] += yes
            tally[1] += 1
        next(steps)
    found = tuple((seat, kind, y, n) for (seat, kind), (y, n) in tallies.items())
    if key is not None:
        if len(_FINISHED) >= _FINISHED_MAX:
            _FINISHED.clear()
        _FINISHED[key] = found
    return found


def _decisions(state: HandState, action: Action) -> list[tuple[Tendency, int]]:
    """The tendencies ``action`` (taken in ``state``) is a decision of, each with 1 for yes."""
    phase = state.phase
    if phase is Phase.ANSWER_TRUCO:
        if _is_envido(action):
            return []  # el envido está primero: neither an acceptance nor a refusal
        declined = type(action) is Mazo or (type(action) is Answer and not action.quiero)
        return [(Tendency.TRUCO_ANSWER, 0 if declined else 1)]
    if phase is Phase.ANSWER_ENVIDO:
        declined = type(action) is Mazo or (type(action) is Answer and not action.quiero)
        return [(Tendency.ENVIDO_ANSWER, 0 if declined else 1)]
    if phase is not Phase.PLAY:
        return []
    legal = state.legal_actions()
    found: list[tuple[Tendency, int]] = []
    if any(_is_envido(a) for a in legal):
        found.append((Tendency.ENVIDO_CALL, 1 if _is_envido(action) else 0))
    if any(_is_bet(a) for a in legal) and not _is_envido(action):
        found.append((Tendency.TRUCO_CALL, 1 if _is_bet(action) else 0))
    return found


# --- The tilted beginner -----------------------------------------------------------------------------


def tilted(view: BotView, options: list[Option], tilts: Sequence[float]) -> list[Option]:
    """The beginner's ``options`` for ``view`` moved by the seat's ``tilts`` (:meth:`Style.tilts`).
    The probabilities still sum to 1 and every option is legal."""
    if len(options) == 1 and len(view.legal_actions) == 1:
        return options
    phase = view.phase
    if phase is Phase.ANSWER_TRUCO:
        return _tilt_answer(view, options, tilts[0])
    if phase is Phase.ANSWER_ENVIDO:
        return _tilt_answer(view, options, tilts[2])
    if phase is not Phase.PLAY:
        return options
    legal = view.legal_actions
    if tilts[3]:
        envido = next((a for a in legal if _is_envido(a) and a.call is EnvidoCall.ENVIDO), None)
        if envido is not None:
            options = _tilt(view, options, tilts[3], _is_envido, envido)
    if tilts[1]:
        bet = next((a for a in legal if _is_bet(a)), None)
        if bet is not None:
            options = _tilt(view, options, tilts[1], _is_bet, bet)
    return options


def _tilt_answer(view: BotView, options: list[Option], t: float) -> list[Option]:
    if not t:
        return options
    yes = next((a for a in view.legal_actions if type(a) is Answer and a.quiero), None)
    no = next((a for a in view.legal_actions if type(a) is Answer and not a.quiero), None)
    if yes is None or no is None:
        return options

    def accepting(action: Action) -> bool:
        return not (type(action) is Mazo or (type(action) is Answer and not action.quiero) or _is_envido(action))

    if view.phase is Phase.ANSWER_ENVIDO:

        def accepting(action: Action) -> bool:  # noqa: F811 - a raise of the envido accepts it
            return not (type(action) is Mazo or (type(action) is Answer and not action.quiero))

    return _move(options, t, accepting, yes, no)


def _tilt(
    view: BotView, options: list[Option], t: float, is_yes: Callable[[Action], bool], yes: Action
) -> list[Option]:
    if t < 0 and all(is_yes(a) for _, a, _ in options):
        plays = [a for a in view.legal_actions if type(a) is PlayCard]
        if not plays:
            return options
        from .beginner import card_choice  # the beginner imports this module's users, not this module

        return _move(options, t, is_yes, yes, card_choice(view).action)
    return _move(options, t, is_yes, yes, None)


def _move(
    options: list[Option], t: float, is_yes: Callable[[Action], bool], yes: Action, no: Action | None
) -> list[Option]:
    """Move share ``t`` of the "no" mass to ``yes`` (t > 0) or ``-t`` of the "yes" mass to the "no"
    options in proportion (or to ``no`` when there are none)."""
    yes_mass = sum(p for p, a, _ in options if is_yes(a))
    no_mass = 1.0 - yes_mass
    moved: dict[Action, float] = {}
    order: list[Action] = []
    for p, a, _ in options:
        if a not in moved:
            order.append(a)
        moved[a] = moved.get(a, 0.0) + p
    if t > 0:
        shift = no_mass * t
        if shift <= 0.0:
            return options
        for a in order:
            if not is_yes(a):
                moved[a] *= 1.0 - t
        if yes not in moved:
            order.append(yes)
            moved[yes] = 0.0
        moved[yes] += shift
    else:
        shift = yes_mass * -t
        if shift <= 0.0:
            return options
        for a in order:
            if is_yes(a):
                moved[a] *= 1.0 + t
        if no_mass > 0.0:
            for a in order:
                if not is_yes(a):
                    moved[a] += shift * moved[a] / no_mass
        else:
            assert no is not None, "a 'no' option is needed"
            if no not in moved:
                order.append(no)
                moved[no] = 0.0
            moved[no] += shift
    return [(moved[a], a, None) for a in order if moved[a] > 0.0]


# --- The base rates ------------------------------------------------------------------------------------


def measure_base(variant: str, players: int, hands: int, seed: int = 0) -> dict[Tendency, float]:
    """Play ``hands`` hands of beginner self-play (matches of the variant at its default target,
    from a seeded generator) and return each tendency's rate, read by :meth:`Style.observe`."""
    import random

    from ..engine.match import MatchState
    from ..engine.rules import find_variant
    from . import beginner

    rules = find_variant(variant).rules(players=players)
    rng = random.Random(seed)
    played: list[HandState] = []
    while len(played) < hands:
        match = MatchState(rules, seed=rng.randrange(2**31))
        while not match.is_over and len(played) < hands:
            hand = match.hand
            while not hand.is_over:
                seat = hand.to_act
                assert seat is not None
                match.apply(beginner.choose(hand.view_for(seat), rng).action)
            played.append(hand)
    style = Style.observe(played)
    totals = {k: [0, 0] for k in Tendency}
    for kinds in style.record.values():
        for k, (yes, n) in kinds.items():
            totals[k][0] += yes
            totals[k][1] += n
    return {k: (y / n if n else 0.0) for k, (y, n) in totals.items()}
