"""The strong bot and the hint: determinized Monte Carlo on the engine.

From a seat's view only: sample the cards it has not seen (:class:`tutor.engine.determinize.
Determinizer`, consistent with everything public), try every legal action on each sampled deal
(the same deals and the same random numbers for every action, so that the actions are compared on
equal terms), play the rest of the hand out with the beginner's rules for every seat
(:func:`tutor.bots.beginner.policy`), and score each action by the points the seat's team scores
minus the other team's over the rest of the hand, averaged. The best average wins.

The sampled deals are weighed by how likely they make the other seats' past decisions under the
beginner's rules (a deal in which the seat that called envido holds 5 counts much less than one in
which it holds 30), and the deals simulated are drawn by those weights from up to three times as
many: the bots' opponents and partners are read as the beginner plays. A weight never reaches
zero, so a surprising decision (a bluff, a learner's) only shifts the odds.

``budget`` is the number of simulated hands per decision (split among the legal actions); the
default (96 with 2 players, 64 with 4, 48 with 6) keeps a decision under 100 ms on a small machine
(``bench/bots_bench.py``). Everything is drawn from the generator given, so the same view and seed
give the same result.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from ..engine.determinize import Determinizer, HandFact
from ..engine.stakes import EnvidoCall, TrucoCall
from ..engine.state import Action, Answer, Call, HandState, Mazo, Phase, PlayCard
from . import beginner
from .common import Decision, SeatInfo, action_text
from .reasons import BotReason, ReasonCode

__all__ = [
    "DEFAULT_BUDGET", "DEFAULT_BUDGETS", "default_budget", "RankedAction", "Hint", "NoDecisionError",
    "evaluate", "explain", "choose", "hint",
]

DEFAULT_BUDGETS = {2: 96, 4: 64, 6: 48}
"""Simulated hands per decision by default, by number of players (a hand of 4 or 6 takes longer to
simulate); ``bench/bots_bench.py`` measures the time and the strength."""
DEFAULT_BUDGET = DEFAULT_BUDGETS[2]
"""The default budget with 2 players."""


def default_budget(players: int) -> int:
    """The default budget for a table of ``players``."""
    return DEFAULT_BUDGETS.get(players, DEFAULT_BUDGET)


MAX_DEALS = 12
"""At most this many sampled deals per decision; with few legal actions each deal is played out
several times (sampling and weighing a deal costs more than a simulation)."""
RESAMPLE = 3
"""At most this many deals drawn per deal simulated, when the record makes some deals more likely
than others."""
SURPRISE = 0.02
"""The weight factor of a past decision the beginner's rules would not have taken."""
MAX_ROLLOUT_ACTIONS = 200
BLUFF_COUNT = 20
"""An envido call with a count below this is explained as a bluff."""


class NoDecisionError(ValueError):
    """The seat has nothing to decide: the hand is over or it is another seat's turn."""


@dataclass(frozen=True, slots=True)
class RankedAction:
    """One legal action with its evaluation."""

    action: Action
    expected_points: float
    """The seat's team's points minus the other team's over the rest of the hand, on average."""
    rollouts: int
    """How many simulated hands it was tried on."""
    trick_rate: float | None = None
    """For a card: the share of simulations in which the team took this trick."""
    hand_rate: float = 0.0
    """The share of simulations in which the team took the hand."""


@dataclass(frozen=True, slots=True)
class Hint:
    """The legal actions ranked by expected points (best first), and why the best is best."""

    seat: int
    ranked: tuple[RankedAction, ...]
    reason: BotReason

    @property
    def best(self) -> Action:
        """The best action."""
        return self.ranked[0].action

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions, best first."""
        return tuple(item.action for item in self.ranked)


@dataclass(slots=True)
class _Tally:
    action: Action
    value: float = 0.0
    count: int = 0
    tricks: int = 0
    trick_count: int = 0
    hands: int = 0


def _rollout(state: HandState, rng: random.Random) -> None:
    for _ in range(MAX_ROLLOUT_ACTIONS):
        if state.is_over:
            return
        seat = state.to_act
        options = beginner.policy(SeatInfo(state, seat), explain=False)
        state.apply(options[0][1] if len(options) == 1 else beginner.draw(options, rng).action)
    raise RuntimeError("a simulated hand did not end")  # pragma: no cover


def _weigher(me: int):
    """``weigh(state, action)`` for the determinization: how likely the beginner's rules make
    another seat's past ``action`` with the sampled cards (a decision the rules would not take
    counts SURPRISE; the seat's own decisions, forced ones and cards played after the first trick
    count 1)."""

    def weigh(state: HandState, action) -> float:
        seat = action.seat
        if seat == me or (type(action) is PlayCard and state.trick_winners):
            return 1.0  # cards after the first trick tell little: not weighed, to save time
        info = SeatInfo(state, seat)
        if len(info.legal_actions) < 2:
            return 1.0
        p = 0.0
        for prob, option, _ in beginner.policy(info, explain=False):
            if option == action:
                p += prob
        return p if p > SURPRISE else SURPRISE

    return weigh


def _worlds(view, determinizer: Determinizer, rng: random.Random, count: int) -> list[HandState]:
    """``count`` sampled deals. When other seats have decided already, deals are drawn in batches
    of ``count`` (at most RESAMPLE batches) until their likelihood weights (:func:`_weigher`) are
    worth ``count / 2`` equally weighted deals, and ``count`` of them are kept by systematic
    resampling, so that the simulations go to the deals the record makes plausible."""
    if not any(a.seat != view.seat for a in view.actions):
        return [determinizer.sample(rng) for _ in range(count)]
    candidates: list[HandState] = []
    weights: list[float] = []
    weigh = _weigher(view.seat)
    for _ in range(RESAMPLE):
        for _ in range(count):
            world, weight = determinizer.sample_weighted(rng, weigh)
            candidates.append(world)
            weights.append(weight)
        total = sum(weights)
        if total * total >= 0.5 * count * sum(w * w for w in weights):
            break
    step = total / count
    point = rng.random() * step
    chosen: list[HandState] = []
    running = 0.0
    for world, weight in zip(candidates, weights):
        running += weight
        while point < running and len(chosen) < count:
            chosen.append(world)
            point += step
    while len(chosen) < count:  # rounding at the very end
        chosen.append(candidates[-1])
    return chosen


def evaluate(
    view, rng: random.Random, budget: int | None = None, facts: Sequence[HandFact] = ()
) -> list[RankedAction]:
    """Every legal action of ``view`` with its expected points, best first (ties: legal order).
    ``budget``: simulated hands (default :func:`default_budget`)."""
    legal = tuple(view.legal_actions)
    if not legal or view.is_over:
        raise NoDecisionError("no decision to evaluate: the hand is over or it is not this seat's turn")
    if budget is None:
        budget = default_budget(view.players)
    determinizer = Determinizer(view, facts)
    team = view.team
    base = view.points[team] - view.points[1 - team]
    trick_index = len(view.tricks)
    tallies = [_Tally(action) for action in legal]
    per_deal = max(1, budget // len(legal))
    deals = min(MAX_DEALS, per_deal)
    repeats = max(1, round(per_deal / deals))
    for world in _worlds(view, determinizer, rng, deals):
        for _ in range(repeats):
            seed = rng.getrandbits(48)
            for tally in tallies:
                state = world.clone()
                state.apply(tally.action)
                _rollout(state, random.Random(seed))
                points = state.points
                tally.value += (points[team] - points[1 - team]) - base
                tally.count += 1
                winners = state.trick_winners
                if len(winners) > trick_index:
                    won = winners[trick_index]
                    tally.trick_count += 1
                    if won is not None and won & 1 == team:
                        tally.tricks += 1
                if state.end is not None and state.end.team == team:
                    tally.hands += 1
    ranked = []
    for tally in tallies:
        n = tally.count
        trick_rate = tally.tricks / tally.trick_count if tally.trick_count and type(tally.action) is PlayCard else None
        ranked.append(RankedAction(tally.action, round(tally.value / n, 3), n, trick_rate, tally.hands / n))
    order = sorted(range(len(ranked)), key=lambda i: (-ranked[i].expected_points, i))
    return [ranked[i] for i in order]


def _tenths(rate: float) -> int:
    return max(0, min(10, round(rate * 10)))


def explain(view, best: RankedAction) -> BotReason:
    """Why ``best`` is the best, as data for the learner."""
    action = best.action
    kind = type(action)
    text = action_text(action)
    count = view.envido
    phase = view.phase
    if kind is PlayCard:
        if best.trick_rate is not None and best.trick_rate >= 0.5:
            return BotReason.of(ReasonCode.WIN_RATE_TRICK, card=text, wins=_tenths(best.trick_rate), of=10)
    elif kind is Call:
        call = action.call
        if isinstance(call, EnvidoCall):
            if count < BLUFF_COUNT:
                return BotReason.of(ReasonCode.BLUFF, call=call.value)
            if phase is Phase.ANSWER_ENVIDO:
                return BotReason.of(ReasonCode.RAISE_ENVIDO, count=count, call=call.value)
            if phase is Phase.ANSWER_TRUCO:
                return BotReason.of(ReasonCode.ENVIDO_FIRST, count=count, call=call.value)
            code = ReasonCode.ENVIDO_AS_MANO if view.seat == view.mano else ReasonCode.ENVIDO_WITH_COUNT
            return BotReason.of(code, count=count, call=call.value)
        if isinstance(call, TrucoCall):
            if best.hand_rate < 0.3:
                return BotReason.of(ReasonCode.BLUFF, call=call.value)
            return BotReason.of(ReasonCode.WIN_RATE_HAND, action=text, wins=_tenths(best.hand_rate), of=10)
        if call.value == "flor":
            from ..engine.envido import flor_points

            return BotReason.of(ReasonCode.FLOR_COMPULSORY, value=flor_points(view.dealt) or 0)
    elif kind is Answer:
        if phase is Phase.ANSWER_ENVIDO:
            last = view.envido_calls[-1][1].value
            code = ReasonCode.ACCEPT_ENVIDO_COUNT if action.quiero else ReasonCode.DECLINE_LOW_COUNT
            return BotReason.of(code, count=count, call=last)
        if phase is Phase.ANSWER_TRUCO:
            last = view.truco_calls[-1][1].value
            if action.quiero:
                return BotReason.of(ReasonCode.WIN_RATE_HAND, action=text, wins=_tenths(best.hand_rate), of=10)
            return BotReason.of(ReasonCode.DECLINE_TRUCO_WEAK, call=last)
    elif kind is Mazo:
        return BotReason.of(ReasonCode.MAZO_SAVE_POINTS, points=view.hand_value)
    return BotReason.of(
        ReasonCode.BEST_EXPECTED, points=round(best.expected_points, 2), action=text, rollouts=best.rollouts
    )


def choose(
    view, rng: random.Random, budget: int | None = None, facts: Sequence[HandFact] = ()
) -> Decision:
    """The strong bot's decision: the legal action with the best expected points."""
    legal = tuple(view.legal_actions)
    if len(legal) == 1:
        return Decision(legal[0], BotReason.of(ReasonCode.ONLY_ACTION, action=action_text(legal[0])))
    ranked = evaluate(view, rng, budget, facts)
    return Decision(ranked[0].action, explain(view, ranked[0]))


def hint(view, seed: int | str, budget: int | None = None, facts: Sequence[HandFact] = ()) -> Hint:
    """The legal actions of ``view`` ranked by expected points for its team (the strong bot's
    evaluation from this view only), best first, with the reason for the best. Raises
    :class:`NoDecisionError` when the seat has nothing to decide."""
    if view.is_over or not view.legal_actions:
        raise NoDecisionError("no decision for this seat now")
    ranked = evaluate(view, random.Random(f"hint:{seed}"), budget, facts)
    return Hint(view.seat, tuple(ranked), explain(view, ranked[0]))
