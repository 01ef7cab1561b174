"""Check kinds about points and hands: ``envido_points``, ``envido_raises``, ``truco_points``,
``malas_buenas`` and ``hand_winner``. Answers come from ``tutor.engine.stakes`` (``envido_stake``,
``next_envido_calls``, ``check_envido_ladder``, ``truco_stake``, ``mazo_award``, ``malas_limit``),
``tutor.engine.match.standing``, ``tutor.engine.envido.showdown`` and ``tutor.engine.tricks.hand_result``.

Teams: team 0 is the learner's ("us"), team 1 the other ("them"). A sequence of calls alternates
between the teams: the first call is made by ``caller``, each raise by the other team.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import Any

from tutor.engine.cards import DECK
from tutor.engine.envido import MAX_ENVIDO, envido, showdown
from tutor.engine.errors import IllegalActionError, TrucoError
from tutor.engine.match import standing
from tutor.engine.stakes import (
    EnvidoCall,
    StakeRule,
    TrucoCall,
    check_envido_ladder,
    envido_stake,
    malas_limit,
    mazo_award,
    next_envido_calls,
    truco_stake,
)
from tutor.engine.tricks import ARGENTINE_HAND_RULES, TrickOutcome, hand_result

from .base import TEAM_VALUES, AnswerType, Draft, Kind, Option, OptionKey, Points, Reader, team_options, team_value
from .explanations import (
    EnvidoAccepted,
    EnvidoDeclined,
    EnvidoScored,
    FaltaEnvidoAccepted,
    HandOutcome,
    MazoGiven,
    RaisesAllowed,
    Refusal,
    ScoreHalf,
    TrucoAccepted,
    TrucoDeclined,
    TrucoScored,
)
from .situations import (
    CallBy,
    EnvidoCallsSituation,
    LadderSituation,
    ScoreSituation,
    TricksPlayedSituation,
    TrucoCallsSituation,
)

_TARGETS = (15, 30)


def _team(value: str) -> int:
    return TEAM_VALUES.index(value)


def _calls_by(calls: tuple[str, ...], caller: int) -> tuple[CallBy, ...]:
    """Each call with the team that made it (raises alternate)."""
    return tuple(CallBy(call=str(call), team=(caller + i) % 2) for i, call in enumerate(calls))


# --- envido_points -------------------------------------------------------------------------------

_ENVIDO_PATTERNS = ("random", "declined", "raise_declined", "accepted", "falta")


@dataclass(frozen=True)
class EnvidoPointsParams:
    calls: tuple[str, ...] | None
    caller: int | None
    response: str | None
    scores: tuple[int, ...] | None
    target: int | None
    values: tuple[int, ...] | None
    mano: int | None
    pattern: str


class EnvidoPoints(Kind):
    """``envido_points``: after a sequence of envido calls and Quiero / No quiero, how many points
    go to which team?

    Params, fixed: ``calls`` (list of envido, real_envido, falta_envido, legal on the ladder),
    ``caller`` (us/them, default us), ``response`` (quiero / no_quiero), ``scores`` ([us, them],
    default [0, 0]), ``target`` (15/30, default 30), and for quiero ``values`` ([our envido, theirs])
    and ``mano`` (us/them, default us). Generated: ``pattern`` random, declined (one call, No
    quiero), raise_declined (a raise is declined), accepted (no falta), falta (falta envido
    accepted); ``target`` may be fixed.
    Answer type POINTS. The explanation's key is ``envido_points.<rule>`` with rule the engine's
    StakeRule (declined_single, declined_raise, accepted_sum, accepted_falta).
    """

    name = "envido_points"
    answer_type = AnswerType.POINTS
    option_values = TEAM_VALUES
    situation_type = EnvidoCallsSituation
    explanation_types = (EnvidoDeclined, EnvidoAccepted, FaltaEnvidoAccepted)

    def read(self, r: Reader) -> EnvidoPointsParams:
        calls = r.choices("calls", tuple(EnvidoCall), low=1, high=4)
        caller = r.choice("caller", TEAM_VALUES, default=None)
        response = r.choice("response", ("quiero", "no_quiero"), default=None)
        target = r.choice("target", _TARGETS, default=None)
        scores = r.integers("scores", 0, (target or 30) - 1, counts=(2,))
        values = r.integers("values", 0, MAX_ENVIDO, counts=(2,))
        mano = r.choice("mano", TEAM_VALUES, default=None)
        pattern = r.choice("pattern", _ENVIDO_PATTERNS, default="random")
        if calls is not None:
            if r.has("pattern"):
                raise r.error("pattern", "give either fixed calls or a pattern")
            try:
                envido_stake(calls)
            except TrucoError as exc:
                raise r.error("calls", f"not a legal envido ladder: {exc}") from None
            if response is None:
                raise r.error("response", "missing; quiero or no_quiero")
            if response == "quiero" and values is None:
                raise r.error("values", "an accepted envido needs both teams' envido [us, them]")
        elif any(x is not None for x in (caller, response, scores, values, mano)):
            raise r.error("calls", "with a pattern, leave calls, caller, response, scores, values, mano out")
        return EnvidoPointsParams(
            calls,
            None if caller is None else _team(caller),
            response,
            scores,
            target,
            values,
            None if mano is None else _team(mano),
            pattern,
        )

    def _generate(self, params: EnvidoPointsParams, rng: random.Random) -> EnvidoPointsParams:
        pattern = params.pattern
        while True:
            calls: list[str] = [rng.choice(list(EnvidoCall))]
            while rng.random() < 0.5 and next_envido_calls(calls):
                calls.append(rng.choice(next_envido_calls(calls)))
            response = rng.choice(("quiero", "no_quiero"))
            if pattern == "declined":
                calls, response = calls[:1], "no_quiero"
            elif pattern == "raise_declined":
                response = "no_quiero"
                if len(calls) < 2:
                    continue
            elif pattern == "accepted":
                response = "quiero"
                if EnvidoCall.FALTA_ENVIDO in calls:
                    continue
            elif pattern == "falta":
                response = "quiero"
                if calls[-1] != EnvidoCall.FALTA_ENVIDO:
                    continue
            break
        target = params.target or rng.choice(_TARGETS)
        scores = (rng.randrange(target), rng.randrange(target))
        dealt = rng.sample(DECK, 6)
        values = (envido(tuple(dealt[:3])).points, envido(tuple(dealt[3:])).points)
        return EnvidoPointsParams(
            tuple(str(c) for c in calls), rng.randrange(2), response, scores, target, values, rng.randrange(2), pattern
        )

    def draft(self, params: EnvidoPointsParams, rng: random.Random) -> Draft:
        p = params if params.calls is not None else self._generate(params, rng)
        assert p.calls is not None and p.response is not None
        caller = p.caller or 0
        target = p.target or 30
        scores = tuple(p.scores or (0, 0))
        stake = envido_stake(p.calls, scores=scores, target=target)
        calls = _calls_by(p.calls, caller)
        last_team = calls[-1].team
        values: tuple[int, int] | None = None
        if p.response == "no_quiero":
            team, points, rule = last_team, stake.declined, stake.declined_rule
        else:
            assert p.values is not None
            values = (p.values[0], p.values[1])
            # Two players: seat 0 is us, seat 1 them; the engine settles the showdown.
            result = showdown(list(values), p.mano or 0)
            team, rule = result.team, stake.accepted_rule
            points = stake.accepted_for(team)
        new_scores = list(scores)
        new_scores[team] += points
        common: dict[str, Any] = dict(
            calls=calls,
            points=points,
            team=team,
            scores=(scores[0], scores[1]),
            new_scores=(new_scores[0], new_scores[1]),
            target=target,
            reaches_target=new_scores[team] >= target,
        )
        explanation: EnvidoScored
        if values is None:
            before = tuple(str(call) for call in p.calls[:-1]) if rule is StakeRule.DECLINED_RAISE else ()
            explanation = EnvidoDeclined(before=before, **common)
        elif rule is StakeRule.ACCEPTED_FALTA:
            leader = 0 if scores[0] >= scores[1] else 1
            explanation = FaltaEnvidoAccepted(
                values=values,
                mano=p.mano or 0,
                tie=result.tie_broken,
                leader=leader,
                leader_score=scores[leader],
                needed=target - scores[leader],
                **common,
            )
        else:
            explanation = EnvidoAccepted(values=values, mano=p.mano or 0, tie=result.tie_broken, **common)
        assert explanation.msg == f"envido_points.{rule.value}"
        situation = EnvidoCallsSituation(
            calls=calls,
            response=p.response,
            responder=1 - last_team,
            scores=(scores[0], scores[1]),
            target=target,
            values=values,
            mano=p.mano or 0,
        )
        return Draft(situation, team_options(), Points(points, team_value(team)), explanation, number_max=99)


# --- envido_raises -------------------------------------------------------------------------------


def _all_ladders(prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every legal envido ladder of up to three calls, found with the engine's ``next_envido_calls``."""
    found = []
    for call in next_envido_calls(prefix):
        ladder = (*prefix, str(call))
        found.append(ladder)
        if len(ladder) < 3:
            found.extend(_all_ladders(ladder))
    return found


_LADDERS = _all_ladders()


@dataclass(frozen=True)
class RaisesParams:
    calls: tuple[str, ...] | None


class EnvidoRaises(Kind):
    """``envido_raises``: after these envido calls, which calls may still be made as a raise?

    Params: ``calls`` (fixed, a legal ladder) or nothing (a random legal ladder of 1-3 calls).
    Options ``envido``, ``real_envido``, ``falta_envido`` (key ``call.<name>``). Answer type
    CHOICES (possibly none). The engine's ``next_envido_calls`` answers; ``check_envido_ladder``
    gives each refusal's reason (envido_ladder_backwards, envido_too_many, envido_after_falta).
    """

    name = "envido_raises"
    answer_type = AnswerType.CHOICES
    situation_type = LadderSituation
    explanation_types = (RaisesAllowed,)

    def read(self, r: Reader) -> RaisesParams:
        calls = r.choices("calls", tuple(EnvidoCall), low=1, high=4)
        if calls is not None:
            try:
                check_envido_ladder(calls)
            except TrucoError as exc:
                raise r.error("calls", f"not a legal envido ladder: {exc}") from None
        return RaisesParams(calls)

    def draft(self, params: RaisesParams, rng: random.Random) -> Draft:
        if params.calls is not None:
            calls = list(params.calls)
        else:
            # Mostly ladders that can still be raised, sometimes one closed by falta envido.
            open_ladders = [ladder for ladder in _LADDERS if next_envido_calls(ladder)]
            closed = [ladder for ladder in _LADDERS if not next_envido_calls(ladder)]
            calls = list(rng.choice(open_ladders if rng.random() < 0.8 else closed))
        allowed = tuple(str(call) for call in next_envido_calls(calls))
        refused = []
        for call in EnvidoCall:
            if str(call) in allowed:
                continue
            try:
                check_envido_ladder([*calls, call])
            except IllegalActionError as exc:
                refused.append(Refusal.of(str(call), exc))
        options = tuple(Option(str(call), OptionKey.call(str(call))) for call in EnvidoCall)
        ladder = tuple(str(call) for call in calls)
        explanation = RaisesAllowed(calls=ladder, allowed=allowed, refused=tuple(refused))
        return Draft(LadderSituation(calls=ladder), options, frozenset(allowed), explanation)


# --- truco_points --------------------------------------------------------------------------------

_TRUCO_PATTERNS = ("random", "declined", "accepted", "mazo")
_ENDINGS = ("quiero", "no_quiero", "mazo")


@dataclass(frozen=True)
class TrucoPointsParams:
    calls: tuple[str, ...] | None
    caller: int | None
    ending: str | None
    team: int | None
    """The team that wins the tricks (quiero) or goes to the mazo (mazo)."""
    pattern: str


class TrucoPoints(Kind):
    """``truco_points``: after truco calls and an answer (or a team going to the mazo), how many
    points go to which team?

    Params, fixed: ``calls`` (truco, retruco, vale_cuatro in order; may be empty for mazo),
    ``caller`` (us/them, default us), ``ending``: no_quiero (the last call is declined), quiero
    (accepted, and ``winner`` us/them wins the tricks), mazo (every call accepted, later ``folder``
    us/them goes to the mazo). Generated: ``pattern`` random, declined, accepted, mazo.
    Answer type POINTS.
    """

    name = "truco_points"
    answer_type = AnswerType.POINTS
    option_values = TEAM_VALUES
    situation_type = TrucoCallsSituation
    explanation_types = (TrucoDeclined, TrucoAccepted, MazoGiven)

    def read(self, r: Reader) -> TrucoPointsParams:
        calls = r.choices("calls", tuple(TrucoCall), low=0, high=3)
        caller = r.choice("caller", TEAM_VALUES, default=None)
        ending = r.choice("ending", _ENDINGS, default=None)
        winner = r.choice("winner", TEAM_VALUES, default=None)
        folder = r.choice("folder", TEAM_VALUES, default=None)
        pattern = r.choice("pattern", _TRUCO_PATTERNS, default="random")
        if calls is None:
            if any(x is not None for x in (caller, ending, winner, folder)):
                raise r.error("calls", "with a pattern, leave calls, caller, ending, winner, folder out")
            return TrucoPointsParams(None, None, None, None, pattern)
        if r.has("pattern"):
            raise r.error("pattern", "give either fixed calls or a pattern")
        if calls:
            try:
                truco_stake(calls)
            except TrucoError as exc:
                raise r.error("calls", f"not a legal truco ladder: {exc}") from None
        if ending is None:
            raise r.error("ending", "missing; quiero, no_quiero or mazo")
        if not calls and ending != "mazo":
            raise r.error("calls", "only a mazo needs no call")
        team = {"quiero": winner, "mazo": folder}.get(ending)
        if ending != "no_quiero" and team is None:
            raise r.error("winner" if ending == "quiero" else "folder", "missing; us or them")
        return TrucoPointsParams(calls, _team(caller or "us"), ending, None if team is None else _team(team), pattern)

    def draft(self, params: TrucoPointsParams, rng: random.Random) -> Draft:
        if params.calls is None:
            pattern = params.pattern
            ending = {"declined": "no_quiero", "accepted": "quiero", "mazo": "mazo"}.get(pattern) or rng.choice(
                _ENDINGS
            )
            low = 0 if ending == "mazo" else 1
            drawn = tuple(TrucoCall)[: rng.randint(low, 3)]
            p = TrucoPointsParams(tuple(c.value for c in drawn), rng.randrange(2), ending, rng.randrange(2), pattern)
        else:
            p = params
        assert p.calls is not None and p.ending is not None and p.caller is not None
        calls = _calls_by(p.calls, p.caller)
        explanation: TrucoScored
        if p.ending == "no_quiero":
            team, points = calls[-1].team, truco_stake(p.calls).declined
            situation = TrucoCallsSituation(calls=calls, ending=p.ending)
            explanation = TrucoDeclined(calls=calls, points=points, team=team, last_call=str(p.calls[-1]))
        elif p.ending == "quiero":
            assert p.team is not None
            team, points = p.team, truco_stake(p.calls).accepted
            situation = TrucoCallsSituation(calls=calls, ending=p.ending, winner=team)
            explanation = TrucoAccepted(calls=calls, points=points, team=team)
        else:
            assert p.team is not None
            team, points = 1 - p.team, mazo_award(len(p.calls))
            situation = TrucoCallsSituation(calls=calls, ending=p.ending, folder=p.team)
            explanation = MazoGiven(calls=calls, points=points, team=team, folder=p.team)
        return Draft(situation, team_options(), Points(points, team_value(team)), explanation, number_max=99)


# --- malas_buenas --------------------------------------------------------------------------------


@dataclass(frozen=True)
class MalasParams:
    score: int | None
    target: int | None
    pattern: str


class MalasBuenas(Kind):
    """``malas_buenas``: is this score in the malas or in the buenas?

    Params: ``score`` (fixed) and ``target`` (15/30, default 30), or
    ``pattern`` random or border (a score within 3 of the border).
    Options ``malas`` and ``buenas``.
    """

    name = "malas_buenas"
    answer_type = AnswerType.CHOICE
    option_values = ("malas", "buenas")
    situation_type = ScoreSituation
    explanation_types = (ScoreHalf,)

    def read(self, r: Reader) -> MalasParams:
        target = r.choice("target", _TARGETS, default=None)
        score = r.integer("score", 0, (target or 30) - 1, default=None)
        pattern = r.choice("pattern", ("random", "border"), default="random")
        if score is not None and r.has("pattern"):
            raise r.error("pattern", "give either a fixed score or a pattern")
        return MalasParams(score, target, pattern)

    def draft(self, params: MalasParams, rng: random.Random) -> Draft:
        target = params.target or 30
        limit = malas_limit(target)
        if params.score is not None:
            score = params.score
        elif params.pattern == "border":
            score = rng.randint(max(0, limit - 3), min(target - 1, limit + 2))
        else:
            score = rng.randrange(target)
        said = standing(score, target)
        half = said.zone.value
        explanation = ScoreHalf(
            zone=half, score=score, target=target, limit=limit, points=said.points, to_go=target - score
        )
        options = (Option("malas", OptionKey.MALAS), Option("buenas", OptionKey.BUENAS))
        return Draft(ScoreSituation(score=score, target=target), options, half, explanation, accepted=frozenset({half}))


# --- hand_winner ---------------------------------------------------------------------------------

_SIDE_OF = {TrickOutcome.WON: "mano", TrickOutcome.LOST: "other", TrickOutcome.PARDA: "parda"}


def _valid_sequences() -> list[tuple[TrickOutcome, ...]]:
    """Every trick sequence the engine accepts (the hand not decided before its last trick)."""
    found = []
    for n in (1, 2, 3):
        for seq in itertools.product(tuple(TrickOutcome), repeat=n):
            try:
                hand_result(seq)
            except TrucoError:
                continue
            found.append(seq)
    return found


_SEQUENCES = _valid_sequences()
_HAND_PATTERNS = ("random", "decided", *(rule.value for rule in ARGENTINE_HAND_RULES))


@dataclass(frozen=True)
class HandParams:
    outcomes: tuple[TrickOutcome, ...] | None
    pattern: str
    tricks: int | None


class HandWinner(Kind):
    """``hand_winner``: after these tricks, who wins the hand: the mano's team, the other team, or
    is it not decided yet?

    Params: ``outcomes`` (fixed, e.g. "WP": each trick W won by the mano's team, L lost, P parda)
    or ``pattern``: random, decided, or an engine HandRule value (two_tricks,
    first_parda_next_decides, parda_after_win_first_trick_winner, third_parda_first_trick_winner,
    all_parda_mano, undecided); optional ``tricks`` (1-3) fixes how many tricks were played.
    Options ``mano``, ``other``, ``undecided``.
    """

    name = "hand_winner"
    answer_type = AnswerType.CHOICE
    option_values = ("mano", "other", "undecided")
    situation_type = TricksPlayedSituation
    explanation_types = (HandOutcome,)

    def read(self, r: Reader) -> HandParams:
        raw = r.letters("outcomes", "WLP", low=1, high=3)
        pattern = r.choice("pattern", _HAND_PATTERNS, default="random")
        tricks = r.integer("tricks", 1, 3, default=None)
        if raw is not None:
            if r.has("pattern") or r.has("tricks"):
                raise r.error("pattern", "give either fixed outcomes or a pattern")
            try:
                outcomes = tuple(TrickOutcome(x) for x in raw)
                hand_result(outcomes)
            except (ValueError, TrucoError) as exc:
                raise r.error("outcomes", f"not a possible hand: {exc}") from None
            return HandParams(outcomes, pattern, None)
        if not self._pool(pattern, tricks):
            raise r.error("tricks", f"no hand of {tricks} tricks fits pattern {pattern!r}")
        return HandParams(None, pattern, tricks)

    @staticmethod
    def _pool(pattern: str, tricks: int | None) -> list[tuple[TrickOutcome, ...]]:
        pool = []
        for seq in _SEQUENCES:
            result = hand_result(seq)
            if tricks is not None and len(seq) != tricks:
                continue
            if pattern == "decided" and not result.decided:
                continue
            if pattern not in ("random", "decided") and result.rule.value != pattern:
                continue
            pool.append(seq)
        return pool

    def draft(self, params: HandParams, rng: random.Random) -> Draft:
        outcomes = params.outcomes or rng.choice(self._pool(params.pattern, params.tricks))
        result = hand_result(outcomes)
        sides = tuple(_SIDE_OF[o] for o in outcomes)
        winner = None if result.winner is None else result.winner.value
        expected = winner or "undecided"
        explanation = HandOutcome(
            rule=result.rule,
            outcomes=sides,
            winner=winner,
            tricks=result.tricks_played,
            first=sides[0],
            deciding=result.tricks_played if result.decided else None,
        )
        options = (
            Option("mano", OptionKey.SIDE_MANO),
            Option("other", OptionKey.SIDE_OTHER),
            Option("undecided", OptionKey.UNDECIDED),
        )
        situation = TricksPlayedSituation(outcomes=sides, codes="".join(o.value for o in outcomes))
        return Draft(situation, options, expected, explanation, accepted=frozenset({expected}))
