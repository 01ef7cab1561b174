"""Check kinds played out on the engine's hand state machine: ``legal_calls``, ``game_end`` and
``seat_role``. Answers come from ``tutor.engine.state.HandState`` (``legal_actions``, ``verify``,
``dealer``, ``awards``, ``match_winner``), ``tutor.engine.match.MatchState`` and
``tutor.engine.envido.showdown`` (its speaking order is the order of play from the mano).

A fixed scenario is written in the engine's hand notation (``tutor.engine.notation``)::

    hand = "argentino;mano=1;scores=0-0;1e,7o,3b|4c,5c,6c;1:truco"

Seats are numbered in the order of play; seat 0 is the learner; team = seat % 2.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from tutor.engine.envido import showdown
from tutor.engine.errors import IllegalActionError, TrucoError
from tutor.engine.match import MatchState
from tutor.engine.notation import HandRecord, parse_hand
from tutor.engine.rules import FlorMode, Rules
from tutor.engine.stakes import EnvidoCall
from tutor.engine.state import (
    CALLS,
    FLOR,
    Answer,
    AwardRule,
    Call,
    HandState,
    Mazo,
    Phase,
    deal,
)

from ..predicates import Moment, Predicate, parse as parse_predicate
from .base import AnswerType, Draft, Kind, Option, OptionKey, Reader, sample_until, team_options, team_value
from .explanations import CallsAllowed, GameEnded, Refusal, SeatFound
from .situations import GameEndSituation, PlayedHandSituation, TableSituation

_FLOR_NAMES = ("flor", "contraflor", "contraflor_al_resto")


def _read_record(r: Reader, key: str = "hand") -> HandRecord | None:
    raw = r.raw.get(key)
    r.used.add(key)
    if raw is None:
        return None
    if not isinstance(raw, str):
        raise r.error(key, "expected a hand in the engine's notation: rules;mano=M;scores=A-B;deal;actions")
    try:
        record = parse_hand(raw)
        record.state()
    except TrucoError as exc:
        raise r.error(key, f"not a playable hand: {exc}") from None
    return record


_TAUGHT = ("all", "truco", "envido")
"""What a lesson has taught so far, for the random play before a ``legal_calls`` question: ``envido``
(lesson 5: the envido calls and a plain Truco, but no Retruco or Vale cuatro and no envido called in
answer to a Truco), ``truco`` (lesson 6 before "el envido está primero": no envido in answer to a
Truco), ``all``."""


def _taught(action: Any, hand: HandState, taught: str) -> bool:
    """Whether random play may take ``action`` in a lesson that has taught ``taught``."""
    if taught == "all" or not isinstance(action, Call):
        return True
    if hand.phase is Phase.ANSWER_TRUCO and action.call.value in _ENVIDO_CALLS:
        return False  # "el envido está primero" (lesson 6, step 5)
    return not (taught == "envido" and action.call.value in ("retruco", "vale_cuatro"))


def _random_playout(rng: random.Random, rules: Rules, steps: int, taught: str = "all") -> HandState | None:
    """A hand after ``steps`` random legal actions (never the mazo, and only what ``taught`` allows);
    None if it ended."""
    mano = rng.randrange(rules.players)
    hand = rules.new_hand(deal(rng, rules.players, mano), mano)
    for _ in range(steps):
        legal = [a for a in hand.legal_actions() if not isinstance(a, Mazo) and _taught(a, hand, taught)]
        hand.apply(rng.choice(legal))
        if hand.is_over:
            return None
    return hand


# --- legal_calls ---------------------------------------------------------------------------------

_SITUATIONS = (
    "random",
    "own_turn",
    "first_trick",
    "later_trick",
    "answer_envido",
    "answer_truco",
    "truco_accepted",
    "holds_flor",
)
_CALL_SETS = ("all", "envido")
_ENVIDO_CALLS = ("envido", "real_envido", "falta_envido")


SITUATIONS: dict[str, Predicate] = {
    name: parse_predicate(text, f"legal_calls.pattern.{name}")
    for name, text in {
        "random": "always",
        "own_turn": "phase(play)",
        "first_trick": ["phase(play)", "trick(1)"],
        "later_trick": ["phase(play)", "tricks_done(1)"],
        "answer_envido": "phase(answer_envido)",
        "answer_truco": "phase(answer_truco)",
        "truco_accepted": ["phase(play)", "truco_accepted"],
        "holds_flor": ["holds_flor(learner)", "not flor_announced(learner)", "can(flor)"],
    }.items()
}
"""The ``pattern`` values of ``legal_calls``, written in the predicate vocabulary
(:mod:`tutor.content.predicates`): the question is asked when the learner (seat 0) is to act and
the pattern holds. A lesson may also give its own ``when`` predicate."""


def _situation_ok(pattern: Predicate, hand: HandState) -> bool:
    return pattern.test(Moment(hand, 0))


@dataclass(frozen=True)
class LegalParams:
    record: HandRecord | None
    players: int
    flor: bool
    pattern: str
    only: str = "all"
    taught: str = "all"
    when: Predicate | None = None
    """The situation as a predicate: the pattern's, or the lesson's own ``when``."""


def call_names(rules: Rules) -> tuple[str, ...]:
    """The calls a learner may choose from under these rules: the envido calls (also in a game
    without envido, where the answer is that none is allowed) and the game's bet ladder."""
    names = [c.value for c in EnvidoCall] + [c.value for c in rules.ladder.calls]
    if rules.flor is not FlorMode.OFF:
        names.append(FLOR.value)
        if rules.flor is FlorMode.CONTRAFLOR:
            names.extend(_FLOR_NAMES[1:])
    return tuple(names)


def hand_situation(hand: HandState, seat: int) -> PlayedHandSituation:
    """What the learner sees of a hand: the seat's view (without its legal actions) and the log."""
    view = replace(hand.view_for(seat), legal_actions=())
    return PlayedHandSituation(
        players=hand.players,
        seat=seat,
        mano=hand.mano,
        dealer=hand.dealer,
        phase=hand.phase.value,
        actions=tuple(hand.actions),
        view=view,
        rules=hand.rules,
    )


class LegalCalls(Kind):
    """``legal_calls``: in this situation, which calls may the seat to act make now?

    Params: ``hand`` (fixed, the engine's hand notation; the seat to act answers), or ``players``
    (2/4/6, default 2), ``flor`` (true/false, default false), ``only`` (all, or envido: only the
    three envido calls are asked about), ``taught`` (all, truco or envido: what the play before the
    question may contain, so nothing appears before its lesson; see ``_TAUGHT``) and ``pattern``:
    random, own_turn (the seat plays, it answers
    no call), first_trick,
    later_trick, answer_envido, answer_truco, truco_accepted, holds_flor (flor only: the learner holds a
    flor it may announce now) (generated by random legal play until the learner's seat 0 is to act in
    that situation).
    Options: the call names (key ``call.<name>``): envido, real_envido, falta_envido, truco,
    retruco, vale_cuatro (+ flor, contraflor, contraflor_al_resto with flor). Answer type CHOICES.
    Each refusal carries the engine's Reason (e.g. envido_after_first_card, envido_closed_by_truco,
    truco_only_accepting_team, answer_pending, envido_ladder_backwards...).
    """

    name = "legal_calls"
    answer_type = AnswerType.CHOICES
    situation_type = PlayedHandSituation
    explanation_types = (CallsAllowed,)

    def read(self, r: Reader) -> LegalParams:
        record = _read_record(r)
        players = r.choice("players", (2, 4, 6), default=2)
        flor = r.boolean("flor", False)
        pattern = r.choice("pattern", _SITUATIONS, default="random")
        only = r.choice("only", _CALL_SETS, default="all")
        taught = r.choice("taught", _TAUGHT, default="all")
        when = r.predicate("when", required=False)
        if when is not None and r.has("pattern"):
            raise r.error("when", "give either a pattern or a when predicate")
        if pattern == "holds_flor" and not flor:
            raise r.error("pattern", "holds_flor needs flor = true")
        if record is not None:
            if any(r.has(k) for k in ("players", "flor", "pattern", "taught", "when")):
                raise r.error("hand", "give either a fixed hand or players/flor/pattern/taught/when")
            if record.state().is_over:
                raise r.error("hand", "the hand is over: nobody may call")
        return LegalParams(record, players, flor, pattern, only, taught, when or SITUATIONS[pattern])

    def draft(self, params: LegalParams, rng: random.Random) -> Draft:
        if params.record is not None:
            hand = params.record.state()
        else:
            rules = Rules(players=params.players, flor=FlorMode.SIMPLE if params.flor else FlorMode.OFF)
            found = sample_until(
                rng,
                lambda g: _random_playout(g, rules, g.randint(0, 7), params.taught),
                lambda h: (
                    h is not None and h.to_act == 0 and _situation_ok(params.when or SITUATIONS[params.pattern], h)
                ),
            )
            assert found is not None  # accepted above
            hand = found
        seat = hand.to_act
        assert seat is not None
        names = call_names(hand.rules)
        if params.only == "envido":
            names = tuple(n for n in names if n in _ENVIDO_CALLS)
        allowed = tuple(a.call.value for a in hand.legal_actions() if isinstance(a, Call) and a.call.value in names)
        refused = []
        for name in names:
            if name in allowed:
                continue
            try:
                hand.verify(Call(seat, CALLS[name]))
            except IllegalActionError as exc:
                refused.append(Refusal.of(name, exc))
        options = tuple(Option(name, OptionKey.call(name)) for name in names)
        explanation = CallsAllowed(seat=seat, phase=hand.phase.value, allowed=allowed, refused=tuple(refused))
        return Draft(hand_situation(hand, seat), options, frozenset(allowed), explanation)


# --- game_end ------------------------------------------------------------------------------------

_GAME_PATTERNS = ("random", "envido_wins", "tricks_win", "nobody", "both_reach")


@dataclass(frozen=True)
class GameEndParams:
    target: int
    pattern: str


def _play_hand(rng: random.Random, target: int) -> tuple[HandState, HandState]:
    """One hand with an accepted envido, played twice with the same actions: from 0-0 (every award
    of the hand) and from scores near the target (where the engine stops at the target)."""
    rules = Rules(target=target)
    mano = rng.randrange(2)
    cards = deal(rng, 2, mano)
    scores = (rng.randint(target - 8, target - 1), rng.randint(target - 8, target - 1))
    full = rules.new_hand(cards, mano, (0, 0))
    real = rules.new_hand(cards, mano, scores)
    first = Call(mano, rng.choice((EnvidoCall.ENVIDO, EnvidoCall.REAL_ENVIDO)))
    for action in [first]:
        full.apply(action)
        real.apply(action)
    while not full.is_over:
        legal = [
            a
            for a in full.legal_actions()
            if not isinstance(a, Mazo)
            and not (isinstance(a, Answer) and not a.quiero)
            and not (isinstance(a, Call) and a.call is EnvidoCall.FALTA_ENVIDO)
        ]
        chosen = rng.choice(legal)
        full.apply(chosen)
        if not real.is_over:
            real.apply(chosen)
    return full, real


def _game_ok(pattern: str, pair: tuple[HandState, HandState]) -> bool:
    full, real = pair
    winner_award = real.awards[-1].rule if real.awards else None
    if pattern == "envido_wins":
        return real.match_winner is not None and winner_award is AwardRule.ENVIDO_ACCEPTED
    if pattern == "tricks_win":
        return real.match_winner is not None and winner_award is AwardRule.HAND_WON
    if pattern == "nobody":
        return real.match_winner is None
    if pattern == "both_reach":
        target = real.rules.target
        return all(real.start_scores[t] + full.points[t] >= target for t in (0, 1))
    return True


class GameEnd(Kind):
    """``game_end``: near the end of a game, a hand gives envido points and trick points. Who wins
    the game: us, them, or nobody yet? (The envido is scored first; the game stops at the target.)

    Params: ``target`` (15/30, default 30) and ``pattern``: random, envido_wins, tricks_win, nobody,
    both_reach (both teams would pass the target with this hand's points).
    The situation's awards are the engine's (rule envido_accepted or hand_won), in its order.
    Options ``us``, ``them``, ``nobody``.
    """

    name = "game_end"
    answer_type = AnswerType.CHOICE
    option_values = ("us", "them", "nobody")
    situation_type = GameEndSituation
    explanation_types = (GameEnded,)

    def read(self, r: Reader) -> GameEndParams:
        return GameEndParams(
            r.choice("target", (15, 30), default=30), r.choice("pattern", _GAME_PATTERNS, default="random")
        )

    def draft(self, params: GameEndParams, rng: random.Random) -> Draft:
        full, real = sample_until(rng, lambda g: _play_hand(g, params.target), lambda p: _game_ok(params.pattern, p))
        awards = tuple(full.awards)
        winner = real.match_winner
        if winner is None:
            expected, how = "nobody", "nobody"
        else:
            expected = team_value(winner)
            how = "envido" if real.awards[-1].rule is AwardRule.ENVIDO_ACCEPTED else "tricks"
        scores = (real.start_scores[0], real.start_scores[1])
        situation = GameEndSituation(scores=scores, target=params.target, awards=awards)
        explanation = GameEnded(
            how=how,
            scores=scores,
            target=params.target,
            awards=awards,
            winner=winner,
            final_scores=(real.scores[0], real.scores[1]),
            counted=len(real.awards),
        )
        options = (*team_options(), Option("nobody", OptionKey.NOBODY))
        return Draft(situation, options, expected, explanation, accepted=frozenset({expected}))


# --- seat_role -----------------------------------------------------------------------------------

_ROLES = ("mano", "dealer", "pie", "next_dealer")


@dataclass(frozen=True)
class SeatParams:
    players: int
    role: str
    seat: int | None
    """The given seat: the mano when asking for the dealer, else the dealer."""


def _play_order(players: int, mano: int) -> tuple[int, ...]:
    """The order of play from the mano, as the engine's showdown speaks."""
    return showdown([0] * players, mano).order


class SeatRole(Kind):
    """``seat_role``: around a table, which seat is the mano, the dealer, your team's pie, or the
    next dealer?

    Params: ``role`` (mano, pie, next_dealer: the dealer is given; dealer: the mano is given),
    ``players`` (2/4/6, default 4), ``seat`` (the given dealer or mano; random when absent).
    Options: one per seat (key ``seat``).
    """

    name = "seat_role"
    answer_type = AnswerType.CHOICE
    situation_type = TableSituation
    explanation_types = (SeatFound,)

    def read(self, r: Reader) -> SeatParams:
        role = r.choice("role", _ROLES)
        players = r.choice("players", (2, 4, 6), default=4)
        seat = r.integer("seat", 0, players - 1, default=None)
        return SeatParams(players, role, seat)

    def draft(self, params: SeatParams, rng: random.Random) -> Draft:
        n = params.players
        rules = Rules(players=n)
        given = params.seat if params.seat is not None else rng.randrange(n)
        cards = deal(rng, n, 0)
        if params.role == "dealer":
            mano = given
            dealer = rules.new_hand(cards, mano).dealer
        else:
            dealer = given
            mano = next(m for m in range(n) if rules.new_hand(cards, m).dealer == dealer)
        order = _play_order(n, mano)
        team: int | None = None
        next_mano: int | None = None
        if params.role == "mano":
            answer = mano
        elif params.role == "dealer":
            answer = dealer
        elif params.role == "pie":
            answer = [seat for seat in order if seat % 2 == 0][-1]
            team = 0
        else:
            match = MatchState(rules, seed=rng.randrange(1 << 30), mano=mano)
            hand = match.hand
            while not hand.is_over:  # every seat to act folds until a whole team has; the engine deals the next
                folder = hand.to_act
                assert folder is not None  # the hand is not over
                match.apply(Mazo(folder))
            answer = match.hand.dealer
            next_mano = match.hand.mano
        explanation = SeatFound(
            role=params.role,
            seat=answer,
            players=n,
            dealer=dealer,
            mano=mano,
            order=tuple(order),
            team=team,
            next_mano=next_mano,
        )
        situation = TableSituation(
            players=n,
            role=params.role,
            dealer=None if params.role == "dealer" else dealer,
            mano=mano if params.role == "dealer" else None,
        )
        options = tuple(Option(str(s), OptionKey.SEAT, seat=s) for s in range(n))
        return Draft(situation, options, str(answer), explanation, accepted=frozenset({str(answer)}))
