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

Envido calls and answers to an envido are valued apart (:func:`_envido_part`): the showdown of a
sampled deal is cheap, so it is settled on ENVIDO_DEALS deals of the unseen cards (consistent with
the cards played and the facts, weighed by how likely they make the other seats' envido calls),
against an opponent who sees only its own count and accepts when its chance against random hands
beats the stake's break-even chance by ENVIDO_MARGIN, or when declining would lose the match. The
accepted and declined stakes are the engine's (``envido_stake``, the Falta envido worth what the
leader needs); to that is added the rest of the hand, taken from the rollouts of the other actions
without the envido points scored in them (when the envido ends the match nothing is added); its
match value combines each envido outcome with each simulated rest of the hand. The other team's
answer is match-aware, and its raise of the seat's call is modelled (it raises with a very high
count; the seat then accepts with 30 or more). The reasons (:func:`explain`) come from these
numbers, and every fact in them is one the engine backs (:mod:`tutor.bots.checks` tests them):
the chance to win the showdown (10 of 10 or 0 only when the view makes it certain,
:func:`tutor.bots.certainty.envido_certainty`), a bluff only when that chance is low and the other
team mostly declines; a card's own chance to take the trick; the chance to take the hand on tricks
(not counting the other team's folds; certain or impossible by an exact search of the cards when
that is cheap); and, when the match changes the answer, that.

``budget`` is the number of simulated hands per decision (split among the legal actions); the
default (96 with 2 players, 64 with 4, 48 with 6) keeps a decision under 100 ms on a small machine
(``bench/bots_bench.py``). Everything is drawn from the generator given, so the same view and seed
give the same result.

``deadline`` (a :func:`time.monotonic` instant) makes the search anytime: the sampled deals are
simulated one after the other (every action on the same deal, so the actions stay compared on equal
terms) and the search stops at the first deal finished after the deadline, ranking on the deals
simulated so far (at least one); the resampling of unlikely deals stops there too. When envido
actions are among the legal ones, the rollouts get half of the time left and the envido part the
rest, sampled in batches of MIN_ENVIDO_DEALS (at least one). Each action's ``rollouts`` and
``envido_deals`` say how many simulations and deals it got. Without a deadline, or when the budget is spent
before it (the usual case on a machine that is not overloaded), the result is the budget's, the
same for the same seed: tests give a budget and no deadline, so they stay reproducible.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..engine.cards import DECK, Card
from ..engine.determinize import Determinizer, HandFact, Weigh
from ..engine.envido import envido_points, flor_points
from ..engine.stakes import EnvidoCall, EnvidoStake, TrucCall, TrucoCall, envido_stake, next_envido_calls
from ..engine.state import (
    Action,
    Answer,
    AwardRule,
    Call,
    DealChoice,
    Decision as ElevenDecision,
    EnvidoStatus,
    HandState,
    Knock,
    Mazo,
    Phase,
    PlayCard,
    SeatView,
)
from . import beginner
from .certainty import envido_certainty, view_forced, view_possible
from .common import Decision, SeatInfo, action_text, card_table
from .equity import equity
from .reasons import BotReason, ReasonCode
from .style import Style, tilted

_Outcome = tuple[float, int, int]
"""An envido outcome: (weight, the team's points, the other team's points)."""
_EnvidoEstimate = tuple[list[_Outcome], float, float, float | None]
"""(outcomes, total weight, win chance, fold chance or None for an answer): see :func:`_envido_part`."""
_Sampler = Callable[[random.Random], tuple[list[int], float]]
"""``sample(rng) -> (values, weight)``: see :func:`_envido_sampler`."""

__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_BUDGETS",
    "default_budget",
    "RankedAction",
    "Hint",
    "NoDecisionError",
    "evaluate",
    "explain",
    "choose",
    "hint",
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
ENVIDO_DEALS = 256
"""Sampled deals for the envido part of an envido decision (a showdown is cheap to settle, so the
envido is estimated on many more deals than the rollouts)."""
MIN_ENVIDO_DEALS = 32
"""Under a deadline, the envido part is sampled in batches of this many deals (at least one batch)."""
ENVIDO_MARGIN = 0.1
"""The other team accepts an envido call when its chance of winning the showdown (against hands
drawn at random) beats the break-even chance of the stake by this much: a call tells something."""
BLUFF_WINS = 0.4
"""An envido call chosen with less than this chance of winning the showdown, that pays because the
other team is likely to decline, is explained as a bluff."""


class NoDecisionError(ValueError):
    """The seat has nothing to decide: the hand is over or it is another seat's turn."""


@dataclass(frozen=True, slots=True)
class RankedAction:
    """One legal action with its evaluation."""

    action: Action
    expected_points: float
    """The seat's team's points minus the other team's over the rest of the hand, on average."""
    rollouts: int
    """How many simulated hands it was tried on (for an envido call valued without simulations of
    its own: the simulations its rest of the hand comes from)."""
    trick_rate: float | None = None
    """For a card: the share of simulations in which this card took the trick (the seat's own)."""
    hand_rate: float = 0.0
    """The share of simulations in which the team took the hand on tricks (not counting hands the
    other team gave up by declining a truco or going to the mazo)."""
    envido_wins: float | None = None
    """For an envido call or answer: the estimated chance that the team wins the showdown."""
    envido_folds: float | None = None
    """For an envido call: the estimated chance that the other team declines it."""
    envido_deals: int = 0
    """How many sampled deals the envido part was estimated on."""
    equity: float = 0.5
    """The estimated chance of winning the match after this action (:mod:`tutor.bots.equity`):
    what the ranking goes by."""
    team_trick_rate: float | None = None
    """For a card: the share of simulations in which the seat's team took the trick."""
    gives_match: bool = False
    """True when the action hands the other team the match for certain (a No quiero or a mazo
    that gives it the points it needs)."""
    held_back: bool = False
    """True when a rule of good play ranks it after the others whatever its estimate (a mazo that
    playing on can always match, a solo mazo while a partner plays on, a card above the lowest on
    a partner's trick that nobody can take any more)."""


@dataclass(frozen=True, slots=True)
class Hint:
    """The legal actions ranked for the match (best first; each with its expected points for the
    hand), and why the best is best."""

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
    team_tricks: int = 0
    trick_count: int = 0
    hands: int = 0
    envido: float = 0.0
    """The envido points (team's minus the other team's) scored in the simulations."""
    equity: float = 0.0
    rest: list[tuple[int, int]] = field(default_factory=list)
    """Per simulation: the team's and the other team's points without the envido's."""


def _seat_tilts(style: Style | None, players: int, team: int | None) -> list[tuple[float, ...] | None]:
    """Per seat: the style's tilts for the seats of the other team (None: the beginner as it is)."""
    if style is None or team is None:
        return [None] * players
    return [style.tilts(s) if s & 1 != team else None for s in range(players)]


def _rollout(
    state: HandState,
    rng: random.Random,
    team: int | None = None,
    tilts: Sequence[tuple[float, ...] | None] = (),
) -> None:
    """Play the hand out by the beginner's rules. The seats of ``team`` (the deciding seat's) take
    the rules' main option and never their rare bluffs: the bot decides its own later moves
    itself, so a simulation should not charge it for a bluff it would not make. ``tilts`` (per
    seat, :func:`_seat_tilts`) move the other team's decisions to how they have been seen to play
    (:mod:`tutor.bots.style`)."""
    for _ in range(MAX_ROLLOUT_ACTIONS):
        seat = state.to_act
        if state.is_over or seat is None:  # None only when over
            return
        info = SeatInfo(state, seat)
        options = beginner.policy(info, explain=False)
        tilt = tilts[seat] if tilts else None
        if tilt is not None:
            options = tilted(info, options, tilt)
        if len(options) == 1:
            state.apply(options[0][1])
        elif team is not None and seat & 1 == team:
            state.apply(max(options, key=lambda o: o[0])[1])
        else:
            state.apply(beginner.pick(options, rng)[1])
    raise RuntimeError("a simulated hand did not end")  # pragma: no cover


def _weigher(me: int, tilts: Sequence[tuple[float, ...] | None] = ()) -> Weigh:
    """``weigh(state, action)`` for the determinization: how likely the beginner's rules (tilted
    by ``tilts`` for the seats the style has read, :func:`_seat_tilts`) make another seat's past
    ``action`` with the sampled cards (a decision the rules would not take counts SURPRISE; the
    seat's own decisions, forced ones and cards played after the first trick count 1)."""

    def weigh(state: HandState, action: Action) -> float:
        seat = action.seat
        if seat == me or (type(action) is PlayCard and state.trick_winners):
            return 1.0  # cards after the first trick tell little: not weighed, to save time
        info = SeatInfo(state, seat)
        if len(info.legal_actions) < 2:
            return 1.0
        p = 0.0
        options = beginner.policy(info, explain=False)
        tilt = tilts[seat] if tilts else None
        if tilt is not None:
            options = tilted(info, options, tilt)
        for prob, option, _ in options:
            if option == action:
                p += prob
        return p if p > SURPRISE else SURPRISE

    return weigh


def _worlds(
    view: SeatView,
    determinizer: Determinizer,
    rng: random.Random,
    count: int,
    deadline: float | None = None,
    tilts: Sequence[tuple[float, ...] | None] = (),
) -> list[HandState]:
    """``count`` sampled deals. When other seats have decided already, deals are drawn in batches
    of ``count`` (at most RESAMPLE batches, no further batch after ``deadline``) until their
    likelihood weights (:func:`_weigher`) are worth ``count / 2`` equally weighted deals, and
    ``count`` of them are kept by systematic resampling, so that the simulations go to the deals
    the record makes plausible."""
    if not any(a.seat != view.seat for a in view.actions):
        return [determinizer.sample(rng) for _ in range(count)]
    candidates: list[HandState] = []
    weights: list[float] = []
    weigh = _weigher(view.seat, tilts)
    for _ in range(RESAMPLE):
        for _ in range(count):
            world, weight = determinizer.sample_weighted(rng, weigh)
            candidates.append(world)
            weights.append(weight)
        total = sum(weights)
        if total * total >= 0.5 * count * sum(w * w for w in weights):
            break
        if deadline is not None and time.monotonic() >= deadline:
            break
    step = total / count
    point = rng.random() * step
    chosen: list[HandState] = []
    running = 0.0
    for world, weight in zip(candidates, weights, strict=True):
        running += weight
        while point < running and len(chosen) < count:
            chosen.append(world)
            point += step
    while len(chosen) < count:  # rounding at the very end
        chosen.append(candidates[-1])
    return chosen


# --- The envido part: many sampled deals, settled by the showdown ---------------------------------

_ENVIDO_RULES = frozenset({AwardRule.ENVIDO_ACCEPTED, AwardRule.ENVIDO_DECLINED})
_ENVIDO_OF: dict[frozenset[Card], int] = {}
_ENVIDO_CDF: tuple[tuple[float, ...], tuple[float, ...]] | None = None


def _envido_of(cards: frozenset[Card]) -> int:
    value = _ENVIDO_OF.get(cards)
    if value is None:
        value = _ENVIDO_OF[cards] = envido_points(tuple(cards))
    return value


def _envido_cdf() -> tuple[tuple[float, ...], tuple[float, ...]]:
    """(P(X < c), P(X == c)) for c in 0..33, X the envido of three cards drawn from the deck."""
    global _ENVIDO_CDF
    if _ENVIDO_CDF is None:
        from itertools import combinations

        counts = [0] * 34
        for hand in combinations(DECK, 3):
            counts[envido_points(hand)] += 1
        total = sum(counts)
        below, running = [], 0
        for c in counts:
            below.append(running / total)
            running += c
        _ENVIDO_CDF = (tuple(below), tuple(c / total for c in counts))
    return _ENVIDO_CDF


def _chance_vs_random(count: int, hands: int, ties_win: bool) -> float:
    """The chance an envido of ``count`` beats ``hands`` hands drawn at random (what a seat that
    sees only its own cards can tell)."""
    below, equal = _envido_cdf()
    one = below[count] + (equal[count] if ties_win else 0.0)
    return one**hands


def _call_weight(count: int, call: EnvidoCall) -> float:
    """How likely a seat with ``count`` makes ``call`` (a rough model of a reasonable player: calls
    with a good count, bluffs now and then)."""
    need = {EnvidoCall.ENVIDO: 25, EnvidoCall.REAL_ENVIDO: 28}.get(call, 29)
    if count >= need:
        return 1.0
    if count >= need - 3:
        return 0.4
    return 0.12


def _envido_sampler(view: SeatView, facts: Sequence[HandFact]) -> _Sampler:
    """``sample(rng) -> (values, weight)``: the envido of every seat on a deal of the unseen cards
    consistent with the view (cards played, the facts), and how likely it makes the other seats'
    envido calls so far (:func:`_call_weight`)."""
    seat, n = view.seat, view.players
    played: dict[int, list[Card]] = {s: [] for s in range(n)}
    seen = set(view.dealt)
    for trick in (*view.tricks, view.current_trick):
        for s, card in trick:
            if card not in seen:
                seen.add(card)
                played[s].append(card)
    pool = [c for c in DECK if c not in seen]
    others = [s for s in range(n) if s != seat]
    by_seat: dict[int, list[HandFact]] = {}
    for fact in facts:
        if fact.seat in others:
            by_seat.setdefault(fact.seat, []).append(fact)
    flor_rules = view.rules.has_flor
    announced = set(view.flor_announced) if flor_rules else set()
    callers = [(s, EnvidoCall(c)) for s, c in view.envido_calls if s != seat]
    own = _envido_of(frozenset(view.dealt))
    drawn = sum(3 - len(played[s]) for s in others)

    def sample(rng: random.Random) -> tuple[list[int], float]:
        values = [0] * n
        values[seat] = own
        for _ in range(20):
            rest = rng.sample(pool, drawn)
            ok = True
            hands: dict[int, frozenset[Card]] = {}
            for s in others:
                need = 3 - len(played[s])
                hand = frozenset(played[s]) | frozenset(rest[:need])
                del rest[:need]
                hands[s] = hand
                if any(not f.check(hand) for f in by_seat.get(s, ())) or (
                    flor_rules and s not in announced and flor_points(tuple(hand)) is not None
                ):
                    ok = False
            if ok:
                break
        for s in others:
            values[s] = _envido_of(hands[s])
        weight = 1.0
        for s, call in callers:
            weight *= _call_weight(values[s], call)
        return values, weight

    return sample


def _showdown_team(values: list[int], mano: int, out: Sequence[int]) -> int:
    """The team that wins the showdown (ties: the seat nearer the mano)."""
    n = len(values)
    best, best_value = None, -1
    for i in range(n):
        s = (mano + i) % n
        if s in out:
            continue
        if values[s] > best_value:
            best, best_value = s, values[s]
    return (best if best is not None else mano) & 1


def _envido_actions(view: SeatView, legal: Sequence[Action]) -> list[int]:
    """Indexes of the legal actions that are envido calls or answers to an envido."""
    answering = view.phase is Phase.ANSWER_ENVIDO
    found = []
    for i, action in enumerate(legal):
        if (isinstance(action, Call) and isinstance(action.call, EnvidoCall)) or (
            isinstance(action, Answer) and answering
        ):
            found.append(i)
    return found


def _envido_part(
    view: SeatView,
    legal: Sequence[Action],
    indexes: Sequence[int],
    facts: Sequence[HandFact],
    rng: random.Random,
    deadline: float | None = None,
    tilts: Sequence[tuple[float, ...] | None] = (),
) -> tuple[dict[int, _EnvidoEstimate], int]:
    """For each envido action (index into ``legal``): (outcomes, total weight, win chance, fold
    chance or None for an answer), where outcomes are ``(weight, team points, other team's points)``
    of the envido on ENVIDO_DEALS sampled deals (fewer, but at least MIN_ENVIDO_DEALS, when
    ``deadline`` comes first); and the number of deals.

    The other team answers a call by its count: it raises with a very high count (the beginner's
    rule: 31 or more, one less for the mano's team and one more with partners), which the seat
    then accepts with a count of 30 or more (or when declining would lose the match) and declines
    otherwise; it accepts when its chance against random hands beats the stake's break-even chance
    (in points, or in match equity near the end) by ENVIDO_MARGIN, or when declining would lose
    the match; otherwise it declines. A responder whose record (``tilts``, :mod:`tutor.bots.style`)
    accepts more or less often than the beginner has that share of the deals turned: a declined
    call accepted with the tilt's chance, or an accepted one declined."""
    team, other = view.team, 1 - view.team
    scores = tuple(view.scores)
    target = view.target
    rules = view.rules
    mano = view.mano
    players = view.players
    out = tuple(getattr(view, "folded", ()) or ())
    ladder = [EnvidoCall(c) for _, c in view.envido_calls]
    sample = _envido_sampler(view, facts)
    deals = [sample(rng) for _ in range(MIN_ENVIDO_DEALS)]
    while len(deals) < ENVIDO_DEALS and (deadline is None or time.monotonic() < deadline):
        deals.extend(sample(rng) for _ in range(MIN_ENVIDO_DEALS))
    total = sum(w for _, w in deals) or 1.0
    n = view.players
    our_seats = [s for s in range(n) if s & 1 == team and s not in out]
    their_seats = [s for s in range(n) if s & 1 == other and s not in out]
    mano_team = mano & 1
    own = view.envido

    def stake_of(calls: Sequence[EnvidoCall]) -> EnvidoStake:
        return envido_stake(
            calls, scores=scores, target=target, falta_mode=rules.falta_mode, raisable=rules.envido_raisable
        )

    def their_equity(us_pts: int, them_pts: int) -> float:
        return 1.0 - equity(scores[team] + us_pts, scores[other] + them_pts, target, players, rules.variant)

    def pair(t: int, pts: int) -> tuple[int, int]:
        return (pts, 0) if t == team else (0, pts)

    raise_base = 31 + (1 if players > 2 else 0)
    responder = next((s for k in range(1, n) if (s := (view.seat + k) % n) in their_seats), None)
    answer_tilt = 0.0
    if tilts and responder is not None and (seat_tilt := tilts[responder]) is not None:
        answer_tilt = seat_tilt[2]
    result: dict[int, _EnvidoEstimate] = {}
    winners = [(w, _showdown_team(values, mano, out)) for values, w in deals]
    wins = sum(w for w, t in winners if t == team) / total
    for i in indexes:
        action = legal[i]
        outcomes: list[_Outcome] = []
        folds: float | None = None
        if isinstance(action, Answer):
            stake = stake_of(ladder)
            if action.quiero:
                for w, t in winners:
                    outcomes.append((w, *pair(t, stake.accepted_for(t))))
            else:
                outcomes.append((total, *pair(other, stake.declined)))
        else:
            assert isinstance(action, Call) and isinstance(action.call, EnvidoCall), "envido actions: answers, calls"
            calls = [*ladder, action.call]
            stake = stake_of(calls)
            win_pts, lose_pts, declined = stake.accepted_for(team), stake.accepted_for(other), stake.declined
            forced = scores[team] + declined >= target  # declining gives us the match: they accept anything
            # Break-even in match equity (points far from the end give the same as points).
            e_decline = their_equity(declined, 0)
            e_win, e_lose = their_equity(0, lose_pts), their_equity(win_pts, 0)
            if abs(e_win - e_lose) > 1e-9:
                threshold = (e_decline - e_lose) / (e_win - e_lose) + ENVIDO_MARGIN
            else:
                threshold = (lose_pts - declined) / (win_pts + lose_pts) + ENVIDO_MARGIN
            raises = [c for c in next_envido_calls(calls, rules.envido_raisable)]
            raise_call = raises[0] if raises else None
            raised = stake_of([*calls, raise_call]) if raise_call is not None else None
            ties_win = mano_team == other
            folded_weight = 0.0
            for (values, w), (_, t) in zip(deals, winners, strict=True):
                best_theirs = max((values[s] for s in their_seats), default=0)
                need = raise_base - (1 if mano_team == other else 0)
                if raised is not None and best_theirs >= need and not forced:
                    # They raise; the seat accepts with 30 or more or when declining loses the match.
                    if own >= 30 or scores[other] + raised.declined >= target:
                        outcomes.append((w, *pair(t, raised.accepted_for(t))))
                    else:
                        outcomes.append((w, *pair(other, raised.declined)))
                    continue
                accept = forced or any(
                    _chance_vs_random(values[s], len(our_seats), ties_win) >= threshold for s in their_seats
                )
                share = 1.0 if accept else 0.0  # the share of this deal's weight on which they accept
                if not forced and answer_tilt > 0 and not accept:
                    share = answer_tilt
                elif not forced and answer_tilt < 0 and accept:
                    share = 1.0 + answer_tilt
                if share > 0.0:
                    outcomes.append((w * share, *pair(t, win_pts if t == team else lose_pts)))
                if share < 1.0:
                    folded_weight += w * (1.0 - share)
                    outcomes.append((w * (1.0 - share), declined, 0))
            folds = folded_weight / total
        # Merge equal outcomes (a few distinct point pairs on hundreds of deals).
        merged: dict[tuple[int, int], float] = {}
        for w, us_pts, them_pts in outcomes:
            merged[(us_pts, them_pts)] = merged.get((us_pts, them_pts), 0.0) + w
        result[i] = ([(w, a, b) for (a, b), w in merged.items()], total, wins, folds)
    return result, len(deals)


def _won_on_tricks(state: HandState, team: int) -> bool:
    for award in state.awards:
        if award.rule is AwardRule.HAND_WON:
            return award.team == team
    return False


def _envido_callable_by_them(view: SeatView) -> bool:
    """True when a seat of the other team may still call the envido in this hand (it has not
    played its first card, the envido is open, no truco was accepted)."""
    if getattr(view, "envido_status", None) is not EnvidoStatus.OPEN:
        return False
    played = {s for s, _ in view.current_trick}
    out = set(getattr(view, "folded", ()) or ())
    return any(s & 1 != view.team and s not in played and s not in out for s in range(view.players))


def _held_back(view: SeatView, legal: Sequence[Action]) -> set[int]:
    """Indexes of actions that good play never prefers, whatever a noisy estimate says:

    * the mazo, when playing on can always stop at the same price (it can, unless the other team
      may still call the envido), or when a partner still plays on (with partners);
    * a card above the lowest when a partner's card already takes the trick: it beats every card
      of the other team on the table and no unseen card beats it, or nobody after the seat is an
      opponent (pie play: let the partner's card stand, throw the lowest);
    * an envido call with a count that loses most showdowns when a lost showdown gives the other
      team the match (it gains at most the declined point).
    """
    held: set[int] = set()
    card_of = {i: a.card for i, a in enumerate(legal) if isinstance(a, PlayCard)}
    plays = list(card_of)
    them = view.scores[1 - view.team]
    if view.phase is not Phase.ANSWER_ENVIDO and them + 2 >= view.target and envido_certainty(view) is not True:
        # The other team needs only what a lost showdown gives it: an envido call gains at most the
        # declined point and hands it a showdown it can accept whenever its count is good.
        count = view.envido
        if _chance_vs_random(count, max(1, view.players // 2), (view.mano & 1) == view.team) < 0.5:
            held.update(i for i, a in enumerate(legal) if type(a) is Call and isinstance(a.call, EnvidoCall))
    for i, action in enumerate(legal):
        if type(action) is Mazo and len(legal) > 1:
            partners = [
                s
                for s in range(view.players)
                if s != view.seat and s & 1 == view.team and s not in (getattr(view, "folded", ()) or ())
            ]
            if partners or not _envido_callable_by_them(view):
                held.add(i)
    if len(plays) > 1 and view.current_trick:
        table = card_table(view.rules.ranking_table)
        strength = table.strength
        team = view.team
        current = view.current_trick
        best_opp = max((strength(c) for s, c in current if s & 1 != team), default=0)
        own = [(s, c) for s, c in current if s & 1 == team and s != view.seat]
        if own:
            partner_card = max((c for _, c in own), key=strength)
            if strength(partner_card) > best_opp:
                played = {s for s, _ in current}
                out = set(getattr(view, "folded", ()) or ())
                after = [s for s in range(view.players) if s not in played and s != view.seat and s not in out]
                opponents_after = [s for s in after if s & 1 != team]
                sure = not opponents_after or _unbeatable(view, partner_card)
                if sure:
                    lowest = min(plays, key=lambda i: (strength(card_of[i]), -table.order(card_of[i])))
                    low_value = strength(card_of[lowest])
                    held.update(i for i in plays if strength(card_of[i]) > low_value)
    return held


def _gives_match(view: SeatView, action: Action) -> bool:
    """True when ``action`` certainly ends the match for the other team (a No quiero whose
    declined stake, or a mazo whose hand value, reaches its target)."""
    them = view.scores[1 - view.team]
    target = view.target
    pending = view.pending
    if type(action) is Answer and not action.quiero and pending is not None:
        if pending.family.value == "truco":
            return them + view.rules.ladder.declined(len(view.truco_calls)) >= target
        if pending.family.value == "envido":
            rules = view.rules
            stake = envido_stake(
                [EnvidoCall(c) for _, c in view.envido_calls],
                scores=view.scores,
                target=target,
                falta_mode=rules.falta_mode,
                raisable=rules.envido_raisable,
            )
            return them + stake.declined >= target
    if type(action) is Mazo:
        partners = [
            s
            for s in range(view.players)
            if s != view.seat and s & 1 == view.team and s not in (getattr(view, "folded", ()) or ())
        ]
        if not partners:
            return them + view.hand_value >= target
    return False


def evaluate(
    view: SeatView,
    rng: random.Random,
    budget: int | None = None,
    facts: Sequence[HandFact] = (),
    deadline: float | None = None,
    style: Style | None = None,
) -> list[RankedAction]:
    """Every legal action of ``view`` with its estimates, best first: by the chance of winning the
    match (held-back actions last, ties: expected points, then legal order). ``budget``: simulated
    hands (default :func:`default_budget`); ``deadline``: a :func:`time.monotonic` instant after
    which no further deal is simulated (see the module's notes); ``style``: how the other team has
    been seen to play (:class:`tutor.bots.style.Style`; None: as the beginner)."""
    legal = tuple(view.legal_actions)
    if not legal or view.is_over:
        raise NoDecisionError("no decision to evaluate: the hand is over or it is not this seat's turn")
    if budget is None:
        budget = default_budget(view.players)
    determinizer = Determinizer(view, facts)
    team = view.team
    seat = view.seat
    target = view.target
    players = view.players
    game = view.rules.variant
    start = view.scores
    base = view.points[team] - view.points[1 - team]
    trick_index = len(view.tricks)
    tallies = [_Tally(action) for action in legal]
    tilts = _seat_tilts(style, players, team)
    envido_indexes = _envido_actions(view, legal)
    answering = view.phase is Phase.ANSWER_ENVIDO
    if envido_indexes and not answering and len(envido_indexes) < len(legal):
        # Envido calls are valued from the envido part plus the best of the other actions: no
        # rollouts of their own, so the budget goes to the others.
        rolled = [i for i in range(len(legal)) if i not in envido_indexes]
    else:
        rolled = list(range(len(legal)))
    per_deal = max(1, budget // len(rolled))
    deals = min(MAX_DEALS, per_deal)
    repeats = max(1, per_deal // deals)
    rollout_deadline = deadline
    if deadline is not None and envido_indexes:  # half of the time left for the envido part
        now = time.monotonic()
        rollout_deadline = now + max(0.0, deadline - now) / 2
    for number, world in enumerate(_worlds(view, determinizer, rng, deals, rollout_deadline, tilts)):
        if number and rollout_deadline is not None and time.monotonic() >= rollout_deadline:
            break  # anytime: rank on the deals simulated so far
        awards_before = len(world.awards)
        for _ in range(repeats):
            seed = rng.getrandbits(48)
            for index in rolled:
                tally = tallies[index]
                state = world.clone()
                state.apply(tally.action)
                _rollout(state, random.Random(seed), team, tilts)
                points = state.points
                tally.value += (points[team] - points[1 - team]) - base
                tally.count += 1
                env_us = env_them = 0
                for award in state.awards[awards_before:]:
                    if award.rule in _ENVIDO_RULES:
                        if award.team == team:
                            env_us += award.points
                        else:
                            env_them += award.points
                tally.envido += env_us - env_them
                final = state.scores
                if state.match_winner is not None:
                    tally.equity += 1.0 if state.match_winner == team else 0.0
                else:
                    tally.equity += equity(final[team], final[1 - team], target, players, game)
                tally.rest.append((final[team] - start[team] - env_us, final[1 - team] - start[1 - team] - env_them))
                winners = state.trick_winners
                if len(winners) > trick_index:
                    won = winners[trick_index]
                    tally.trick_count += 1
                    if won is not None and won & 1 == team:
                        tally.team_tricks += 1
                        if won == seat:
                            tally.tricks += 1
                if _won_on_tricks(state, team):
                    tally.hands += 1
    envido, envido_deals = (
        _envido_part(view, legal, envido_indexes, facts, rng, deadline, tilts) if envido_indexes else ({}, 0)
    )
    trick_part, hand_rate, trick_rollouts, rest = 0.0, 0.0, 0, [(0, 0)]
    if envido:
        # The rest of the hand after the envido: the best of the other actions (their simulations
        # without the envido points scored in them), or, when answering, the answers' pooled.
        sources = [tallies[i] for i in (envido_indexes if answering else rolled) if tallies[i].count]
        if answering:
            trick_part = sum((t.value - t.envido) / t.count for t in sources) / len(sources)
            hand_rate = sum(t.hands / t.count for t in sources) / len(sources)
            trick_rollouts = sum(t.count for t in sources)
            rest = [r for t in sources for r in t.rest]
        else:
            best = max(sources, key=lambda t: (t.equity / t.count, (t.value - t.envido) / t.count))
            trick_part, hand_rate, trick_rollouts = (
                (best.value - best.envido) / best.count,
                best.hands / best.count,
                best.count,
            )
            rest = best.rest
    held = _held_back(view, legal)
    ranked = []
    for index, tally in enumerate(tallies):
        gives = _gives_match(view, tally.action)
        if index in envido:
            outcomes, total, wins, folds = envido[index]
            value = sum(w * (us_pts - them_pts) for w, us_pts, them_pts in outcomes) / total
            value += (
                sum(
                    w
                    for w, us_pts, them_pts in outcomes
                    if start[team] + us_pts < target and start[1 - team] + them_pts < target
                )
                / total
                * trick_part
            )
            eq = _envido_equity(outcomes, total, rest, start, team, target, players, game)
            ranked.append(
                RankedAction(
                    tally.action,
                    round(value, 3),
                    max(tally.count, trick_rollouts),
                    None,
                    hand_rate,
                    round(wins, 3),
                    None if folds is None else round(folds, 3),
                    envido_deals,
                    eq,
                    None,
                    gives,
                    index in held,
                )
            )
            continue
        n = tally.count
        is_card = type(tally.action) is PlayCard
        trick_rate = tally.tricks / tally.trick_count if tally.trick_count and is_card else None
        team_rate = tally.team_tricks / tally.trick_count if tally.trick_count and is_card else None
        ranked.append(
            RankedAction(
                tally.action,
                round(tally.value / n, 3),
                n,
                trick_rate,
                tally.hands / n,
                equity=tally.equity / n,
                team_trick_rate=team_rate,
                gives_match=gives,
                held_back=index in held,
            )
        )
    order = sorted(
        range(len(ranked)),
        key=lambda i: (
            ranked[i].held_back,
            ranked[i].gives_match,
            -round(ranked[i].equity, 4),
            -ranked[i].expected_points,
            i,
        ),
    )
    return [ranked[i] for i in order]


def _envido_equity(
    outcomes: Sequence[_Outcome],
    total: float,
    rest: Sequence[tuple[int, int]],
    start: Sequence[int],
    team: int,
    target: int,
    players: int,
    game: str = "argentino",
) -> float:
    """The chance of winning the match after an envido action: each envido outcome followed by
    each simulated rest of the hand (the envido is scored first: a team that reaches the target
    with it wins before the tricks)."""
    value = 0.0
    count = len(rest) or 1
    us0, them0 = start[team], start[1 - team]
    for w, us_pts, them_pts in outcomes:
        a, b = us0 + us_pts, them0 + them_pts
        if a >= target:
            value += w
            continue
        if b >= target:
            continue
        part = 0.0
        for r_us, r_them in rest or [(0, 0)]:
            x, y = a + r_us, b + r_them
            part += 1.0 if x >= target else 0.0 if y >= target else equity(x, y, target, players, game)
        value += w * part / count
    return value / total


def _tenths(rate: float, certain: bool = False) -> int:
    """A rate as "about N in 10": between 1 and 9 unless the outcome is certain either way (a
    sample never proves that no unseen card could change it)."""
    tenths = max(0, min(10, round(rate * 10)))
    if certain:
        return tenths
    return min(9, tenths)


def _unbeatable(view: SeatView, card: Card) -> bool:
    """True when no card the seat has not seen beats or ties ``card`` (nothing hidden can change
    who takes the trick with it)."""
    table = card_table(view.rules.ranking_table)
    seen = set(view.dealt)
    for trick in (*view.tricks, view.current_trick):
        seen.update(c for _, c in trick)
    mine = table.strength(card)
    return all(table.strength(c) < mine for c in DECK if c not in seen)


def _small(view: SeatView) -> bool:
    """True when the exact search over the unseen cards is cheap: up to four players (a few ms at
    worst), or six with at most 12 cards left (the whole first trick of six can take ~0.1 s)."""
    return view.players <= 4 or sum(view.cards_left) <= 12


def _hand_claim(view: SeatView, rate: float) -> tuple[int, bool] | None:
    """``(tenths, certain)`` for "takes the hand on tricks in about N of 10", backed by the exact
    search when it is cheap: 10 only when the team cannot lose on tricks, never more than 0 when
    it cannot win; None when the claim could not be checked and would need it."""
    if _small(view):
        if not view_possible(view):
            return 0, True
        if view_forced(view):
            return 10, True
        return max(1, _tenths(rate)), False
    tenths = _tenths(rate)
    return (max(1, tenths), False)


def explain(view: SeatView, best: RankedAction, ranked: Sequence[RankedAction] = ()) -> BotReason:
    """Why ``best`` is the best, as data for the learner, from the numbers that made it best.
    ``ranked``: the whole ranking, to say when the match changes the answer."""
    action = best.action
    text = action_text(action)
    phase = view.phase
    if ranked:
        by_points = max(ranked, key=lambda r: r.expected_points)
        if by_points.action != action and by_points.gives_match and not best.gives_match:
            pending = view.pending
            if pending is not None and pending.family.value == "truco":
                return BotReason.of(ReasonCode.MATCH_DECLINE_LOSES, call=pending.call.value, action=text)
            if (
                pending is not None
                and pending.family.value == "envido"
                and isinstance(action, Answer)
                and action.quiero
            ):
                return BotReason.of(ReasonCode.ENVIDO_ACCEPT_FORCED, count=view.envido, call=pending.call.value)
        if (
            by_points.action != action
            and by_points.expected_points - best.expected_points >= 0.25
            and not best.held_back
            and not by_points.held_back
            and best.equity - by_points.equity >= 0.01
            and 0.01 <= best.equity <= 0.99
        ):
            return BotReason.of(
                ReasonCode.MATCH_CHANGES,
                action=text,
                chance=max(1, min(99, round(100 * best.equity))),
                other=action_text(by_points.action),
                points=round(best.expected_points, 2),
                other_points=round(by_points.expected_points, 2),
            )
    if isinstance(action, Answer) and phase is Phase.ANSWER_TRUCO and action.quiero:
        pending = view.pending
        others = [r for r in ranked if isinstance(r.action, Answer) and not r.action.quiero]
        if others and others[0].gives_match and pending is not None:
            return BotReason.of(ReasonCode.MATCH_DECLINE_LOSES, call=pending.call.value, action=text)
    if best.envido_wins is not None:
        return _explain_envido(view, best)
    if isinstance(action, PlayCard):
        if best.trick_rate is not None and best.trick_rate >= 0.5:
            strength = card_table(view.rules.ranking_table).strength
            best_on_table = max((strength(c) for _, c in view.current_trick), default=0)
            if strength(action.card) > best_on_table:
                certain = _unbeatable(view, action.card)
                return BotReason.of(
                    ReasonCode.WIN_RATE_TRICK,
                    card=text,
                    wins=10 if certain else max(1, _tenths(best.trick_rate)),
                    of=10,
                )
        partner = _partner_winning(view)
        if partner is not None and _is_lowest(view, action.card):
            return BotReason.of(ReasonCode.PLAY_LOW_PARTNER_WINS, card=text, partner=partner)
    elif isinstance(action, Call):
        call = action.call
        if isinstance(call, TrucoCall | TrucCall):
            claim = _hand_claim(view, best.hand_rate)
            if claim is not None and claim[0] == 10 and claim[1]:
                return BotReason.of(ReasonCode.TRUCO_SURE, call=call.value)
            if claim is None or claim[0] <= 2:
                return BotReason.of(ReasonCode.BLUFF, call=call.value)
            return BotReason.of(ReasonCode.WIN_RATE_HAND, action=text, wins=claim[0], of=10)
        if call.value == "flor":
            return BotReason.of(ReasonCode.FLOR_COMPULSORY, value=flor_points(view.dealt) or 0)
    elif isinstance(action, Answer):
        if phase is Phase.ANSWER_TRUCO:
            last = view.truco_calls[-1][1].value
            if action.quiero:
                claim = _hand_claim(view, best.hand_rate)
                if claim is not None and claim[0] >= 1:
                    return BotReason.of(ReasonCode.WIN_RATE_HAND, action=text, wins=claim[0], of=10)
            else:
                if not view.hand:
                    own = [c for s, c in view.current_trick if s & 1 == view.team]
                    card = max(own, key=card_table(view.rules.ranking_table).strength).notation if own else None
                    return BotReason.of(ReasonCode.TABLE_CARD_WEAK, call=last, card=card)
                top = max(view.hand, key=card_table(view.rules.ranking_table).strength)
                return BotReason.of(ReasonCode.DECLINE_TRUCO_WEAK, call=last, card=top.notation)
    elif isinstance(action, ElevenDecision):
        played = next((r for r in ranked if isinstance(r.action, ElevenDecision) and r.action.play), best)
        wins = max(0, min(10, round(10 * played.hand_rate)))
        chance = max(1, min(99, round(100 * best.equity)))
        return BotReason.of(
            ReasonCode.ELEVEN_PLAY if action.play else ReasonCode.ELEVEN_RUN, wins=wins, of=10, chance=chance
        )
    elif isinstance(action, Knock):
        return BotReason.of(ReasonCode.KNOCK_ONE_CARD, card=view.dealt[0].notation if view.dealt else None)
    elif isinstance(action, DealChoice):
        if action.cards == 3:
            return BotReason.of(ReasonCode.DEAL_THREE)
        return BotReason.of(ReasonCode.DEAL_ONE, points=round(best.expected_points, 2))
    elif isinstance(action, Mazo):
        if view.players == 2 and not view_possible(view):
            return BotReason.of(ReasonCode.MAZO_HOPELESS)
        if view.players == 2 and _envido_callable_by_them(view):
            return BotReason.of(ReasonCode.MAZO_SAVE_POINTS, points=view.hand_value)
    return BotReason.of(
        ReasonCode.BEST_EXPECTED, points=round(best.expected_points, 2), action=text, rollouts=best.rollouts
    )


def _partner_winning(view: SeatView) -> int | None:
    """The partner whose card beats every card of the other team on the trick under way, if any."""
    strength = card_table(view.rules.ranking_table).strength
    current = view.current_trick
    best_opp = max((strength(c) for s, c in current if s & 1 != view.team), default=0)
    own = [(s, c) for s, c in current if s & 1 == view.team and s != view.seat]
    if not own:
        return None
    seat, card = max(own, key=lambda sc: strength(sc[1]))
    return seat if strength(card) > best_opp else None


def _is_lowest(view: SeatView, card: Card) -> bool:
    """True when ``card`` is the lowest the seat sees in its hand (False for a card it does not see)."""
    if card not in view.hand:
        return False
    strength = card_table(view.rules.ranking_table).strength
    return strength(card) == min(strength(c) for c in view.hand)


def _explain_envido(view: SeatView, best: RankedAction) -> BotReason:
    """An envido call or answer, by its estimated chance of winning the showdown."""
    action = best.action
    count = view.envido
    wins = best.envido_wins or 0.0
    certain = envido_certainty(view)
    tenths = max(1, _tenths(wins)) if certain is None else (10 if certain else 0)
    phase = view.phase
    if isinstance(action, Answer):
        ladder = [EnvidoCall(c) for _, c in view.envido_calls]
        last = ladder[-1].value
        if action.quiero:
            rules = view.rules
            stake = envido_stake(
                ladder,
                scores=view.scores,
                target=view.target,
                falta_mode=rules.falta_mode,
                raisable=rules.envido_raisable,
            )
            if wins < 0.5 and view.scores[1 - view.team] + stake.declined >= view.target:
                return BotReason.of(ReasonCode.ENVIDO_ACCEPT_FORCED, count=count, call=last)
            return BotReason.of(ReasonCode.ENVIDO_ACCEPT_ODDS, count=count, wins=tenths, of=10, call=last)
        return BotReason.of(ReasonCode.ENVIDO_DECLINE_ODDS, count=count, wins=tenths, of=10, call=last)
    assert isinstance(action, Call), "an envido action is an answer or a call"
    call = action.call.value
    folds = best.envido_folds or 0.0
    if wins < BLUFF_WINS and folds >= 0.5 and certain is not True:
        return BotReason.of(ReasonCode.ENVIDO_BLUFF, count=count, call=call, folds=_tenths(folds), of=10)
    if phase is Phase.ANSWER_ENVIDO:
        return BotReason.of(ReasonCode.ENVIDO_RAISE_ODDS, count=count, wins=tenths, of=10, call=call)
    if phase is Phase.ANSWER_TRUCO and wins >= 0.5:
        return BotReason.of(ReasonCode.ENVIDO_FIRST, count=count, call=call)
    return BotReason.of(ReasonCode.ENVIDO_CALL_ODDS, count=count, wins=tenths, of=10, call=call)


def choose(
    view: SeatView,
    rng: random.Random,
    budget: int | None = None,
    facts: Sequence[HandFact] = (),
    deadline: float | None = None,
    style: Style | None = None,
) -> Decision:
    """The strong bot's decision: the legal action with the best chance of winning the match (the
    best found by ``deadline``, if one is given), the other team modelled by ``style``."""
    legal = tuple(view.legal_actions)
    if len(legal) == 1:
        return Decision(legal[0], BotReason.of(ReasonCode.ONLY_ACTION, action=action_text(legal[0])))
    ranked = evaluate(view, rng, budget, facts, deadline, style)
    return Decision(ranked[0].action, explain(view, ranked[0], ranked))


def hint(
    view: SeatView,
    seed: int | str,
    budget: int | None = None,
    facts: Sequence[HandFact] = (),
    deadline: float | None = None,
    style: Style | None = None,
) -> Hint:
    """The legal actions of ``view`` ranked for the match (the strong bot's evaluation from this
    view only; each with its expected points for the hand), best first, with the reason for the
    best (saying so when the match changes the answer). ``deadline`` and ``style``: as for
    :func:`evaluate`. Raises :class:`NoDecisionError` when the seat has nothing to decide."""
    if view.is_over or not view.legal_actions:
        raise NoDecisionError("no decision for this seat now")
    ranked = evaluate(view, random.Random(f"hint:{seed}"), budget, facts, deadline, style)
    if len(view.legal_actions) == 1:
        # Nothing to choose (a mão de ferro's next card, turned up unseen): say so, and nothing more.
        return Hint(
            view.seat, tuple(ranked), BotReason.of(ReasonCode.ONLY_ACTION, action=action_text(ranked[0].action))
        )
    return Hint(view.seat, tuple(ranked), explain(view, ranked[0], ranked))
