"""What the calls are worth: the envido ladder, falta envido, truco, the mazo and the flor.

Pure functions over call sequences and scores; the hand state machine (``state.py``) decides who
may call what and when, and uses these functions for the points (docs/rules §4-§8; the rule
decisions where those sections are silent are in docs/rules/decisions.md, "Stakes").

>>> envido_stake(["envido", "real_envido"]).accepted
5
>>> envido_stake(["envido", "envido", "real_envido"]).declined
4
>>> envido_stake(["envido", "falta_envido"], scores=(12, 20)).accepted
10
>>> truco_stake(["truco", "retruco"]).declined
2
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from .errors import IllegalActionError, InvalidNotationError, NotationReason, Reason

__all__ = [
    "EnvidoCall",
    "TrucoCall",
    "TrucCall",
    "MineiroCall",
    "FlorCall",
    "FaltaMode",
    "StakeRule",
    "ENVIDO_POINTS",
    "TRUCO_POINTS",
    "FLOR_POINTS",
    "CONTRAFLOR_ACCEPTED",
    "CONTRAFLOR_DECLINED",
    "check_envido_ladder",
    "can_follow",
    "next_envido_calls",
    "malas_limit",
    "malas_end",
    "in_malas",
    "falta_value",
    "falta_wins_game",
    "EnvidoStake",
    "envido_stake",
    "TrucoStake",
    "truco_stake",
    "next_truco_call",
    "hand_value",
    "mazo_award",
    "simple_flor_points",
    "FlorStake",
    "flor_stake",
    "next_flor_calls",
]

DEFAULT_TARGET = 30
"""The usual game: 30 points, 15 malas and 15 buenas (docs/rules §7.1)."""


class EnvidoCall(StrEnum):
    """The envido calls, in ladder order."""

    ENVIDO = "envido"
    """Envido: 2 points (may be called twice in a row)."""
    REAL_ENVIDO = "real_envido"
    """Real envido: 3 points."""
    FALTA_ENVIDO = "falta_envido"
    """Falta envido: what the leading team needs to reach the target; nothing may follow it."""


class TrucoCall(StrEnum):
    """The truco calls, in order."""

    TRUCO = "truco"
    """Truco: the hand is worth 2 (declined: 1)."""
    RETRUCO = "retruco"
    """Retruco: 3 (declined: 2)."""
    VALE_CUATRO = "vale_cuatro"
    """Vale cuatro: 4 (declined: 3)."""


class TrucCall(StrEnum):
    """The bets of Catalan Truc, in order (docs/rules/catalan.md)."""

    TRUC = "truc"
    """Truc: the hand is worth 2 (refused: 1)."""
    RETRUC = "retruc"
    """Retruc: 3 (refused: 2); only the team that accepted the truc may call it."""


class MineiroCall(StrEnum):
    """The raises of Truco Mineiro after its truco (``TrucoCall.TRUCO``, worth 3 there), in order
    (docs/rules/mineiro.md §9.3.6)."""

    SEIS = "seis"
    """Seis: 6 (run from: 3)."""
    NOVE = "nove"
    """Nove: 9 (run from: 6)."""
    DOZE = "doze"
    """Doze: 12 (run from: 9); nothing follows it."""


class FlorCall(StrEnum):
    """Raises between two flores (only with the contraflor option, docs/rules §8.3)."""

    CONTRAFLOR = "contraflor"
    """Contraflor: the better flor scores 6 (declined: 4)."""
    CONTRAFLOR_AL_RESTO = "contraflor_al_resto"
    """Contraflor al resto: the better flor scores what the leading team needs to reach the target
    plus 3 per flor announced (declined: 4, or 6 after an accepted contraflor)."""


class FaltaMode(StrEnum):
    """How falta envido is valued while the teams are in the malas (docs/rules §4.3)."""

    NORMAL = "normal"
    """Always what the leading team needs to reach the target."""
    WINS_GAME = "wins_game"
    """While both teams are in the malas, the winner of the falta envido wins the game (docs/rules §4.3)."""
    TO_FIFTEEN = "to_15"
    """While the leading team is below 15 (of 30), what it needs to reach 15 (docs/rules §4.3, Litoral)."""


class StakeRule(StrEnum):
    """The rule that fixed what a call is worth (for narration and lessons)."""

    ACCEPTED_SUM = "accepted_sum"
    """Accepted: the values of the calls are added (Envido 2, Real envido 3)."""
    ACCEPTED_SINGLE = "accepted_single"
    """Accepted in the non-raisable ruleset: the call is worth its own value."""
    ACCEPTED_FALTA = "accepted_falta"
    """Accepted falta envido: what the leading team needs to reach the target, the calls before it not added."""
    ACCEPTED_FALTA_TO_FIFTEEN = "accepted_falta_to_fifteen"
    """Accepted falta envido in the malas (TO_FIFTEEN): what the leading team needs to reach 15 (of 30)."""
    ACCEPTED_FALTA_WINS_GAME = "accepted_falta_wins_game"
    """Accepted falta envido with both teams in the malas (WINS_GAME): its winner wins the game."""
    DECLINED_SINGLE = "declined_single"
    """A single call declined: 1 point to the caller's team."""
    DECLINED_RAISE = "declined_raise"
    """A raise declined: the raiser's team gets the sum of the calls before it (accepted by the raise)."""
    TRUCO_LEVEL = "truco_level"
    """Truco calls: accepted gives the call's level, declined the level below."""
    FLOR_CONTRAFLOR = "flor_contraflor"
    """Contraflor: fixed values (docs/rules §8.3)."""
    FLOR_AL_RESTO = "flor_al_resto"
    """Contraflor al resto accepted: what the leading team needs to reach the target, plus 3 per flor."""


ENVIDO_POINTS: dict[EnvidoCall, int] = {EnvidoCall.ENVIDO: 2, EnvidoCall.REAL_ENVIDO: 3}
"""Fixed values of the envido calls; falta envido depends on the score (:func:`falta_value`)."""
TRUCO_POINTS: dict[TrucoCall, int] = {TrucoCall.TRUCO: 2, TrucoCall.RETRUCO: 3, TrucoCall.VALE_CUATRO: 4}
"""What the hand is worth once each truco call is accepted."""
FLOR_POINTS = 3
"""Each flor of the team with the best flor scores 3 (simple flor, docs/rules §8.2)."""
CONTRAFLOR_ACCEPTED = 6
"""An accepted contraflor: the better flor's team scores 6 (docs/rules §8.3)."""
CONTRAFLOR_DECLINED = 4
"""A declined contraflor or contraflor al resto: the caller's team scores 4 (docs/rules §8.3)."""

_ENVIDO_STEP = {EnvidoCall.ENVIDO: 0, EnvidoCall.REAL_ENVIDO: 1, EnvidoCall.FALTA_ENVIDO: 2}
_MAX_ENVIDOS = 2
_TRUCO_ORDER = tuple(TrucoCall)
_FLOR_ORDER = tuple(FlorCall)

_E = TypeVar("_E", bound=StrEnum)


def _read(calls: Iterable[_E | str], kind: type[_E]) -> tuple[_E, ...]:
    if isinstance(calls, str):
        raise InvalidNotationError(NotationReason.MALFORMED, "give the calls as a list, not one string", value=calls)
    result = []
    for position, call in enumerate(calls):
        try:
            result.append(kind(call))
        except ValueError:
            raise InvalidNotationError(
                NotationReason.UNKNOWN_ACTION, f"{call!r} is not a {kind.__name__}", value=call, position=position
            ) from None
    return tuple(result)


# --- Envido ladder --------------------------------------------------------------------------------


def _ladder_error(calls: tuple[EnvidoCall, ...], raisable: bool) -> IllegalActionError | None:
    for position in range(1, len(calls)):
        call, previous = calls[position], calls[position - 1]
        if not raisable:
            return IllegalActionError(
                Reason.ENVIDO_NOT_RAISABLE, "in this ruleset an envido call cannot be raised", position=position
            )
        if previous is EnvidoCall.FALTA_ENVIDO:
            return IllegalActionError(
                Reason.ENVIDO_AFTER_FALTA, "nothing may be called after falta envido", position=position
            )
        if call is EnvidoCall.ENVIDO and previous is EnvidoCall.ENVIDO:
            if calls[: position + 1].count(EnvidoCall.ENVIDO) > _MAX_ENVIDOS:
                return IllegalActionError(
                    Reason.ENVIDO_TOO_MANY, "envido may be called at most twice", position=position
                )
            continue
        if _ENVIDO_STEP[call] <= _ENVIDO_STEP[previous]:
            return IllegalActionError(
                Reason.ENVIDO_LADDER_BACKWARDS,
                f"{call} cannot follow {previous}: the ladder only goes up",
                position=position,
            )
    return None


def check_envido_ladder(calls: Iterable[EnvidoCall | str], *, raisable: bool = True) -> None:
    """Check a sequence of envido calls against the ladder Envido, Envido, Real envido, Falta envido.

    Steps may be skipped, never taken backwards (a call must climb; only Envido may be repeated,
    once), and nothing follows Falta envido. With ``raisable=False`` (docs/rules §9.1) a call stands
    alone. Raises :class:`IllegalActionError` with reason ENVIDO_LADDER_BACKWARDS, ENVIDO_TOO_MANY,
    ENVIDO_AFTER_FALTA or ENVIDO_NOT_RAISABLE and ``details["position"]`` of the first bad call.

    >>> check_envido_ladder(["envido", "envido", "real_envido", "falta_envido"])
    >>> check_envido_ladder(["real_envido", "envido"])
    Traceback (most recent call last):
    ...
    tutor.engine.errors.IllegalActionError: envido cannot follow real_envido: the ladder only goes up
    """
    error = _ladder_error(_read(calls, EnvidoCall), raisable)
    if error is not None:
        raise error


def can_follow(calls: Iterable[EnvidoCall | str], next_call: EnvidoCall | str, *, raisable: bool = True) -> bool:
    """True when ``next_call`` may be called after the (legal) ``calls``.

    >>> can_follow(["envido"], "envido"), can_follow(["envido", "envido"], "envido")
    (True, False)
    """
    sequence = _read(calls, EnvidoCall) + _read([next_call], EnvidoCall)
    return _ladder_error(sequence, raisable) is None


def next_envido_calls(calls: Iterable[EnvidoCall | str] = (), raisable: bool = True) -> tuple[EnvidoCall, ...]:
    """The calls that may follow ``calls`` (all three when nothing was called yet).

    >>> [c.value for c in next_envido_calls(["envido"])]
    ['envido', 'real_envido', 'falta_envido']
    >>> next_envido_calls(["falta_envido"]), next_envido_calls(["envido"], raisable=False)
    ((), ())
    """
    sequence = _read(calls, EnvidoCall)
    return tuple(call for call in EnvidoCall if _ladder_error(sequence + (call,), raisable) is None)


# --- Falta envido and the malas ---------------------------------------------------------------


def _check_target(target: int) -> None:
    if type(target) is not int or target < 1:
        raise InvalidNotationError(NotationReason.BAD_VALUE, f"bad target {target!r}", value=target)


def _check_scores(scores: Sequence[int], target: int) -> tuple[int, int]:
    _check_target(target)
    pair = tuple(scores)
    if len(pair) != 2 or any(type(s) is not int or not 0 <= s < target for s in pair):
        raise InvalidNotationError(
            NotationReason.BAD_VALUE, f"scores {scores!r} must be two numbers from 0 to {target - 1}", value=scores
        )
    return pair


def malas_limit(target: int = DEFAULT_TARGET) -> int:
    """The first score in the buenas. The malas are the first half of the target, its points included.

    With 30 the first 15 points are the malas (a team on 15 has "15 malas") and the buenas start at
    16 ("1 buena"); with 15 the malas are 0-7; with 5, 0-2.

    >>> malas_limit(30), malas_limit(15), malas_limit(5)
    (16, 8, 3)
    """
    _check_target(target)
    return target // 2 + 1


def malas_end(target: int = DEFAULT_TARGET) -> int:
    """The last score of the malas, half the target: 15 of 30. TO_FIFTEEN's falta counts up to it.

    >>> malas_end(30), malas_end(15)
    (15, 7)
    """
    return malas_limit(target) - 1


def in_malas(score: int, target: int = DEFAULT_TARGET) -> bool:
    """True while ``score`` is in the malas (up to half the target); otherwise in the buenas.

    >>> in_malas(15), in_malas(16)
    (True, False)
    """
    return score < malas_limit(target)


def falta_wins_game(
    scores: Sequence[int], target: int = DEFAULT_TARGET, mode: FaltaMode | str = FaltaMode.NORMAL
) -> bool:
    """True when an accepted falta envido wins the whole game: mode WINS_GAME with both teams in the malas.

    >>> falta_wins_game((3, 15), mode="wins_game"), falta_wins_game((3, 16), mode="wins_game")
    (True, False)
    """
    pair = _check_scores(scores, target)
    return FaltaMode(mode) is FaltaMode.WINS_GAME and max(pair) < malas_limit(target)


def falta_value(
    scores: Sequence[int],
    target: int = DEFAULT_TARGET,
    mode: FaltaMode | str = FaltaMode.NORMAL,
    winner: int | None = None,
) -> int:
    """What an accepted falta envido is worth at this score.

    NORMAL: what the leading team needs to reach the target (also when the trailing team wins it).
    TO_FIFTEEN: while the leading team has not completed the malas, what it needs to reach their end
    (15 of 30, the "reach 15" of docs/rules §4.3).
    WINS_GAME: while both teams are in the malas the falta wins the game; pass ``winner`` (the team
    that won the envido) to get the points that take it to the target; without ``winner`` the
    NORMAL value is returned.

    >>> falta_value((12, 20)), falta_value((22, 5))
    (10, 8)
    >>> falta_value((12, 3), mode="to_15"), falta_value((16, 3), mode="to_15")
    (3, 14)
    >>> falta_value((12, 3), mode="wins_game", winner=1)
    27
    """
    pair = _check_scores(scores, target)
    fmode = FaltaMode(mode)
    leader = max(pair)
    limit = malas_limit(target)
    end = malas_end(target)
    if fmode is FaltaMode.TO_FIFTEEN and leader < end:
        return end - leader
    if fmode is FaltaMode.WINS_GAME and leader < limit and winner is not None:
        if winner not in (0, 1):
            raise InvalidNotationError(NotationReason.BAD_VALUE, f"bad team {winner!r}", value=winner)
        return target - pair[winner]
    return target - leader


# --- Envido stakes ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EnvidoStake:
    """What an envido ladder is worth if accepted and if declined."""

    calls: tuple[EnvidoCall, ...]
    """The calls, in order."""
    accepted: int
    """Points to the team that wins the showdown if the last call is accepted (see :meth:`accepted_for`)."""
    declined: int
    """Points to the team of the last caller if the last call is declined."""
    wins_game: bool
    """True when winning the accepted falta envido wins the game (FaltaMode.WINS_GAME in the malas)."""
    accepted_rule: StakeRule
    """The rule that fixed ``accepted``."""
    declined_rule: StakeRule
    """The rule that fixed ``declined``."""
    scores: tuple[int, int] = (0, 0)
    """The scores the stake was computed for."""
    target: int = DEFAULT_TARGET
    """The game's target."""

    def accepted_for(self, team: int) -> int:
        """Points to ``team`` (0 or 1) if it wins the accepted envido; differs from ``accepted``
        only when ``wins_game`` (it then takes the team to the target)."""
        if team not in (0, 1):
            raise InvalidNotationError(NotationReason.BAD_VALUE, f"bad team {team!r}", value=team)
        return self.target - self.scores[team] if self.wins_game else self.accepted


def envido_stake(
    calls: Iterable[EnvidoCall | str],
    *,
    scores: Sequence[int] = (0, 0),
    target: int = DEFAULT_TARGET,
    falta_mode: FaltaMode | str = FaltaMode.NORMAL,
    raisable: bool = True,
) -> EnvidoStake:
    """The points of an envido ladder, accepted or declined (docs/rules §4.2).

    Accepted: the calls are added; with Falta envido, the falta alone (:func:`falta_value`).
    Declined: a single call gives 1; a declined raise gives the raiser's team the sum of the calls
    before it. With ``raisable=False`` (docs/rules §9.1) there is one call, worth its value, declined 1.

    >>> s = envido_stake(["envido", "real_envido", "falta_envido"], scores=(22, 5))
    >>> s.accepted, s.declined, s.accepted_rule.name, s.declined_rule.name
    (8, 5, 'ACCEPTED_FALTA', 'DECLINED_RAISE')
    >>> envido_stake(["real_envido"]).declined
    1
    """
    sequence = _read(calls, EnvidoCall)
    if not sequence:
        raise InvalidNotationError(NotationReason.EMPTY, "no envido call given", value=sequence)
    pair = _check_scores(scores, target)
    mode = FaltaMode(falta_mode)
    check_envido_ladder(sequence, raisable=raisable)
    last = sequence[-1]
    wins_game = False
    if last is EnvidoCall.FALTA_ENVIDO:
        accepted = falta_value(pair, target, mode)
        if falta_wins_game(pair, target, mode):
            wins_game, rule = True, StakeRule.ACCEPTED_FALTA_WINS_GAME
        elif mode is FaltaMode.TO_FIFTEEN and max(pair) < malas_end(target):
            rule = StakeRule.ACCEPTED_FALTA_TO_FIFTEEN
        else:
            rule = StakeRule.ACCEPTED_FALTA
    else:
        accepted = sum(ENVIDO_POINTS[call] for call in sequence)
        rule = StakeRule.ACCEPTED_SUM if raisable else StakeRule.ACCEPTED_SINGLE
    if len(sequence) == 1:
        declined, declined_rule = 1, StakeRule.DECLINED_SINGLE
    else:
        declined = sum(ENVIDO_POINTS[call] for call in sequence[:-1])
        declined_rule = StakeRule.DECLINED_RAISE
    return EnvidoStake(sequence, accepted, declined, wins_game, rule, declined_rule, pair, target)


# --- Truco, hand value, mazo -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrucoStake:
    """What the hand is worth after a truco ladder, if the last call is accepted or declined."""

    calls: tuple[TrucoCall, ...]
    """The calls, in order (truco, retruco, vale cuatro)."""
    accepted: int
    """The hand's value if the last call is accepted: 2, 3 or 4."""
    declined: int
    """Points to the last caller's team if it is declined: 1, 2 or 3 (the level below)."""
    rule: StakeRule = StakeRule.TRUCO_LEVEL
    """The rule that fixed the values."""


def _truco_error(calls: tuple[TrucoCall, ...]) -> IllegalActionError | None:
    for position, call in enumerate(calls):
        if position >= len(_TRUCO_ORDER):
            return IllegalActionError(
                Reason.TRUCO_ALREADY_MAX, "nothing above vale cuatro", position=position, top=_TRUCO_ORDER[-1].value
            )
        if call is not _TRUCO_ORDER[position]:
            return IllegalActionError(
                Reason.TRUCO_OUT_OF_ORDER,
                f"call {position + 1} must be {_TRUCO_ORDER[position]}, not {call}",
                position=position,
                expected=_TRUCO_ORDER[position].value,
            )
    return None


def truco_stake(calls: Iterable[TrucoCall | str]) -> TrucoStake:
    """Accepted and declined values of a truco ladder (docs/rules §5.2).

    The calls must be truco, retruco, vale cuatro in this order; otherwise
    :class:`IllegalActionError` (TRUCO_OUT_OF_ORDER, or TRUCO_ALREADY_MAX after vale cuatro).

    >>> s = truco_stake(["truco", "retruco", "vale_cuatro"])
    >>> s.accepted, s.declined
    (4, 3)
    """
    sequence = _read(calls, TrucoCall)
    if not sequence:
        raise InvalidNotationError(NotationReason.EMPTY, "no truco call given", value=sequence)
    error = _truco_error(sequence)
    if error is not None:
        raise error
    accepted = TRUCO_POINTS[sequence[-1]]
    return TrucoStake(sequence, accepted, accepted - 1)


def next_truco_call(calls: Iterable[TrucoCall | str] = ()) -> TrucoCall | None:
    """The next call on the truco ladder, None after vale cuatro.

    >>> next_truco_call([]).value, next_truco_call(["truco"]).value
    ('truco', 'retruco')
    >>> next_truco_call(["truco", "retruco", "vale_cuatro"]) is None
    True
    """
    sequence = _read(calls, TrucoCall)
    error = _truco_error(sequence)
    if error is not None:
        raise error
    return _TRUCO_ORDER[len(sequence)] if len(sequence) < len(_TRUCO_ORDER) else None


def _level(accepted: int | TrucoCall | str | None) -> int:
    if accepted is None:
        return 0
    if isinstance(accepted, str):
        try:
            return _TRUCO_ORDER.index(TrucoCall(accepted)) + 1
        except ValueError:
            raise InvalidNotationError(
                NotationReason.UNKNOWN_ACTION, f"{accepted!r} is not a truco call", value=accepted
            ) from None
    if type(accepted) is not int or not 0 <= accepted <= len(_TRUCO_ORDER):
        raise InvalidNotationError(NotationReason.BAD_VALUE, f"bad truco level {accepted!r}", value=accepted)
    return accepted


def hand_value(accepted_truco_level: int | TrucoCall | str | None = 0) -> int:
    """What the hand is worth: 1 with no truco accepted, then 2, 3, 4.

    ``accepted_truco_level`` counts the accepted truco calls (0 none, 1 truco, 2 retruco,
    3 vale cuatro); the last accepted TrucoCall (or None) is accepted too.

    >>> hand_value(0), hand_value(1), hand_value("retruco"), hand_value(TrucoCall.VALE_CUATRO)
    (1, 2, 3, 4)
    """
    level = _level(accepted_truco_level)
    return 1 if level == 0 else TRUCO_POINTS[_TRUCO_ORDER[level - 1]]


def mazo_award(
    accepted_truco_level: int | TrucoCall | str | None = 0,
    *,
    early_mazo: bool = False,
    first_trick: bool = False,
    envido_played: bool = False,
) -> int:
    """Points to the opponents when a team goes to the mazo (folds), docs/rules §6.

    Normally the hand's value at that moment (:func:`hand_value`). With the early-mazo option
    (docs/rules §4.3) a team that folds during the first trick, before the envido was played and with no
    truco accepted, gives 2 instead of 1 (the hand's point plus the envido it took away).
    ``envido_played`` is True once an envido or flor was called or the envido was closed.

    >>> mazo_award(), mazo_award(2), mazo_award(early_mazo=True, first_trick=True)
    (1, 3, 2)
    >>> mazo_award(early_mazo=True, first_trick=True, envido_played=True)
    1
    """
    level = _level(accepted_truco_level)
    if early_mazo and first_trick and not envido_played and level == 0:
        return 2
    return hand_value(level)


# --- Flor ---------------------------------------------------------------------------------------


def simple_flor_points(flores: int = 1) -> int:
    """Simple flor (docs/rules §8.2): the team with the best flor scores 3 for each flor it holds.

    >>> simple_flor_points(1), simple_flor_points(2)
    (3, 6)
    """
    if type(flores) is not int or flores < 1:
        raise InvalidNotationError(NotationReason.BAD_VALUE, f"bad number of flores {flores!r}", value=flores)
    return FLOR_POINTS * flores


@dataclass(frozen=True, slots=True)
class FlorStake:
    """What a contraflor ladder is worth, accepted (to the better flor) or declined (to the last caller)."""

    calls: tuple[FlorCall, ...]
    """The raises, in order."""
    accepted: int
    """Points to the team with the better flor if the last raise is accepted."""
    declined: int
    """Points to the last caller's team if the last raise is declined."""
    accepted_rule: StakeRule
    """The rule that fixed ``accepted``."""


def _flor_error(calls: tuple[FlorCall, ...]) -> IllegalActionError | None:
    for position in range(1, len(calls)):
        if _FLOR_ORDER.index(calls[position]) <= _FLOR_ORDER.index(calls[position - 1]):
            return IllegalActionError(
                Reason.FLOR_LADDER_BACKWARDS, "contraflor al resto is the last raise", position=position
            )
    return None


def next_flor_calls(calls: Iterable[FlorCall | str] = ()) -> tuple[FlorCall, ...]:
    """The raises that may follow (when both teams hold a flor and contraflor is in the rules).

    >>> [c.value for c in next_flor_calls(["contraflor"])]
    ['contraflor_al_resto']
    """
    sequence = _read(calls, FlorCall)
    return tuple(call for call in FlorCall if _flor_error(sequence + (call,)) is None)


def flor_stake(
    calls: Iterable[FlorCall | str],
    *,
    scores: Sequence[int] = (0, 0),
    target: int = DEFAULT_TARGET,
    flores: int = 2,
) -> FlorStake:
    """Values of contraflor and contraflor al resto (values documented in docs/rules/decisions.md, "Stakes").

    Contraflor: accepted 6, declined 4. Contraflor al resto: accepted = what the leading team needs
    to reach the target plus 3 for each flor announced (``flores``, at least 2: one per team);
    declined 4, or 6 when it raised an accepted contraflor.

    >>> s = flor_stake(["contraflor", "contraflor_al_resto"], scores=(18, 9))
    >>> s.accepted, s.declined
    (18, 6)
    """
    sequence = _read(calls, FlorCall)
    if not sequence:
        raise InvalidNotationError(NotationReason.EMPTY, "no flor raise given", value=sequence)
    error = _flor_error(sequence)
    if error is not None:
        raise error
    pair = _check_scores(scores, target)
    if type(flores) is not int or flores < 2:
        raise InvalidNotationError(
            NotationReason.BAD_VALUE, f"a contraflor needs two flores, not {flores!r}", value=flores
        )
    if sequence[-1] is FlorCall.CONTRAFLOR:
        return FlorStake(sequence, CONTRAFLOR_ACCEPTED, CONTRAFLOR_DECLINED, StakeRule.FLOR_CONTRAFLOR)
    declined = CONTRAFLOR_ACCEPTED if len(sequence) > 1 else CONTRAFLOR_DECLINED
    return FlorStake(sequence, target - max(pair) + FLOR_POINTS * flores, declined, StakeRule.FLOR_AL_RESTO)
