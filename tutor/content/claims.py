"""Typed claims about a practice hand: what happened, built from the engine and checked by it.

A coach message and a verdict say two kinds of things: what to learn (the author's text) and what
happened in this hand (who took a trick, who took the hand and how, how many points each team
scored and why, what an answer would have given, what a call is worth). The second kind is never
written by an author: it is a :class:`Claim`, built here from the engine's state and events when
the message is said, worded by :mod:`tutor.narration.claims`, and checked by :meth:`Claim.holds`
against any later state of the same hand (every claim stays true until the hand is over: it speaks
of something that has happened, never of "so far").

A hand file asks for claims by name (``facts = ["trick(1)", "awards"]`` in a coach message; a
verdict always shows :func:`verdict_claims`). A name whose claim does not apply at that moment
(``trick(2)`` before the second trick is over) gives no claim: nothing is said, rather than
something the engine cannot back.

>>> from tutor.engine import HandState, Rules, Call, Answer, EnvidoCall
>>> hand = HandState(Rules(), deal="1e,7o,3b|4c,5c,6c", mano=0)
>>> _ = hand.apply(Call(0, EnvidoCall.ENVIDO)); _ = hand.apply(Answer(1, False))
>>> claims = build("awards", Moment(hand, 1))
>>> claims
(AwardClaim(index=0, team=0, points=1, rule=<AwardRule.ENVIDO_DECLINED: 'envido_declined'>, calls=('envido',)),)
>>> all(c.holds(hand) for c in claims), build("trick(1)", Moment(hand, 1))
(True, ())
>>> worth = build("worth", Moment(hand, 1))[0]
>>> worth.answer, worth.team, worth.points, worth.holds(hand)   # Quiero: 31 against 7
('quiero', 1, 2, True)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from tutor.engine.cards import Card
from tutor.engine.envido import envido_points
from tutor.engine.stakes import EnvidoCall, MineiroCall, TrucCall, TrucoCall, envido_stake, truco_stake
from tutor.engine.state import Answer, AwardRule, EndKind, EventKind, HandState, Mazo
from tutor.engine.tricks import HandRule

from .errors import ContentError
from .predicates import Moment, seats_of

__all__ = [
    "Claim",
    "TrickClaim",
    "HandClaim",
    "AwardClaim",
    "PointsClaim",
    "ShowdownClaim",
    "WorthClaim",
    "StakeClaim",
    "MatchClaim",
    "HeldClaim",
    "FACTS",
    "build",
    "check_fact_name",
    "verdict_claims",
]


@dataclass(frozen=True)
class TrickClaim:
    """Trick ``trick`` (1 to 3) was taken by ``seat`` with ``card``, or was a parda (``seat`` None)."""

    trick: int
    seat: int | None
    card: Card | None

    def holds(self, hand: HandState) -> bool:
        if len(hand.tricks) < self.trick:
            return False
        winner = hand.trick_winners[self.trick - 1]
        if winner != self.seat:
            return False
        if winner is None:
            return self.card is None
        ranking = hand.rules.ranking_table
        cards = hand.tricks[self.trick - 1]
        best = max(cards, key=lambda sc: ranking.strength(sc[1]))
        return (
            self.card is not None
            and ranking.strength(self.card) == ranking.strength(best[1])
            and (winner, self.card) in cards
        )


@dataclass(frozen=True)
class HandClaim:
    """Team ``team`` took the hand, ended as ``end`` (by ``rule`` on tricks; ``seat`` is the player
    whose mazo ended it, or the one who declined the truco; ``call`` the truco call declined)."""

    team: int
    end: EndKind
    rule: HandRule | None = None
    seat: int | None = None
    call: str | None = None

    def holds(self, hand: HandState) -> bool:
        end = hand.end
        if end is None or end.team != self.team or end.kind is not self.end or end.rule != self.rule:
            return False
        if self.end is EndKind.MAZO:
            return self.seat is not None and self.seat in hand.folded and _last_mazo(hand) == self.seat
        if self.end is EndKind.TRUCO_DECLINED:
            last = _last_answer(hand, family=_BETS)
            return (
                last is not None
                and last.seat == self.seat
                and last.call is not None
                and str(last.call) == self.call
                and last.quiero is False
            )
        return True


@dataclass(frozen=True)
class AwardClaim:
    """The hand's award number ``index`` (from 0): ``points`` for ``team``, by ``rule``, for ``calls``."""

    index: int
    team: int
    points: int
    rule: AwardRule
    calls: tuple[str, ...] = ()

    def holds(self, hand: HandState) -> bool:
        if self.index >= len(hand.awards):
            return False
        award = hand.awards[self.index]
        return (award.team, award.points, award.rule, tuple(award.calls)) == (
            self.team,
            self.points,
            self.rule,
            self.calls,
        )


@dataclass(frozen=True)
class PointsClaim:
    """When the hand was over, team ``team`` had scored ``points`` in it (``parts``: each award's rule
    and points, in order)."""

    team: int
    points: int
    parts: tuple[tuple[AwardRule, int], ...]

    def holds(self, hand: HandState) -> bool:
        if not hand.is_over or hand.points[self.team] != self.points:
            return False
        return tuple((a.rule, a.points) for a in hand.awards if a.team == self.team) == self.parts


@dataclass(frozen=True)
class ShowdownClaim:
    """The envido was accepted and ``seat`` won the showdown with ``value``; ``other`` is the best
    envido of the other team (by the cards dealt: the coach knows them)."""

    seat: int
    value: int
    other: int

    def holds(self, hand: HandState) -> bool:
        won = [e for e in hand.events if e.kind is EventKind.ENVIDO_WON]
        if len(won) != 1 or won[0].seat != self.seat or won[0].value != self.value:
            return False
        if envido_points(hand.deal[self.seat]) != self.value:
            return False
        return _best_envido(hand, 1 - self.seat % 2) == self.other


@dataclass(frozen=True)
class WorthClaim:
    """Action ``position`` of the hand (from 0) was a seat's answer to an envido; the other answer,
    ``answer``, would have given ``points`` to team ``team`` (the showdown is fixed by the cards
    dealt, so this is certain)."""

    position: int
    answer: str
    team: int
    points: int

    def holds(self, hand: HandState) -> bool:
        found = _worth(hand, self.position)
        return found is not None and found == (self.answer, self.team, self.points)


@dataclass(frozen=True)
class StakeClaim:
    """What the calls ``calls`` of one family (envido or truco) are worth at the hand's scores:
    ``accepted`` (for the team ``team`` that would win them; for a truco the hand's value) and
    ``declined`` (for the caller's team)."""

    calls: tuple[str, ...]
    team: int
    accepted: int
    declined: int

    def holds(self, hand: HandState) -> bool:
        values = _stake(hand, self.calls, self.team)
        return values == (self.accepted, self.declined)


@dataclass(frozen=True)
class MatchClaim:
    """Team ``team`` reached the target in this hand and won the game."""

    team: int

    def holds(self, hand: HandState) -> bool:
        return hand.match_winner == self.team


@dataclass(frozen=True)
class HeldClaim:
    """``seat`` was dealt ``cards``."""

    seat: int
    cards: tuple[Card, ...]

    def holds(self, hand: HandState) -> bool:
        return set(hand.deal[self.seat]) == set(self.cards)


Claim = (
    TrickClaim | HandClaim | AwardClaim | PointsClaim | ShowdownClaim | WorthClaim | StakeClaim | MatchClaim | HeldClaim
)
"""Any claim; every one has ``holds(hand) -> bool``."""


# --- Reading the engine ---------------------------------------------------------------------------


def _last_mazo(hand: HandState) -> int | None:
    for action in reversed(hand.actions):
        if type(action) is Mazo:
            return action.seat
    return None


_BETS = (TrucoCall, TrucCall, MineiroCall)
"""The bet calls of every game (a refused Truc or Seis ends a hand as a refused Truco does)."""


def _last_answer(hand: HandState, family: type | tuple[type, ...]):
    for event in reversed(hand.events):
        if event.kind is EventKind.ANSWER and isinstance(event.call, family):
            return event
    return None


def _best_envido(hand: HandState, team: int) -> int:
    return max(envido_points(hand.deal[s]) for s in range(hand.players) if s % 2 == team)


def _replay_until(hand: HandState, position: int) -> HandState:
    """The hand before action ``position`` (from 0)."""
    state = hand.rules.new_hand(hand.deal, hand.mano, hand.start_scores)
    for action in hand.actions[:position]:
        state.apply(action)
    return state


def _worth(hand: HandState, position: int) -> tuple[str, int, int] | None:
    """For an envido answer (quiero, no quiero, or a mazo that declined an open envido) at action
    ``position``: the other plain answer and what its envido award would have been."""
    if position >= len(hand.actions):
        return None
    action = hand.actions[position]
    before = _replay_until(hand, position)
    pending = before.pending
    if pending is None or pending.family.value != "envido" or action.seat != pending.responder:
        return None
    if type(action) is Answer:
        other = Answer(action.seat, not action.quiero)
    elif type(action) is Mazo:
        other = Answer(action.seat, True)
    else:
        return None
    if not before.can_apply(other):
        return None
    count = len(before.awards)
    before.apply(other)
    envido_awards = [
        a for a in before.awards[count:] if a.rule in (AwardRule.ENVIDO_ACCEPTED, AwardRule.ENVIDO_DECLINED)
    ]
    if len(envido_awards) != 1:
        return None
    award = envido_awards[0]
    return ("quiero" if other.quiero else "no_quiero", award.team, award.points)


def _stake(hand: HandState, calls: tuple[str, ...], team: int) -> tuple[int, int] | None:
    if not calls:
        return None
    if calls[0] in {c.value for c in TrucoCall}:
        truco = truco_stake(calls)
        return truco.accepted, truco.declined
    rules = hand.rules
    try:
        stake = envido_stake(
            [EnvidoCall(c) for c in calls],
            scores=hand.start_scores,
            target=rules.target,
            falta_mode=rules.falta_mode,
            raisable=rules.envido_raisable,
        )
    except ValueError:
        return None
    return stake.accepted_for(team), stake.declined


# --- Building claims by name ----------------------------------------------------------------------


def _trick(m: Moment, n: int) -> tuple[Claim, ...]:
    hand = m.hand
    if len(hand.tricks) < n:
        return ()
    seat = hand.trick_winners[n - 1]
    if seat is None:
        return (TrickClaim(n, None, None),)
    card = next(c for s, c in hand.tricks[n - 1] if s == seat)
    return (TrickClaim(n, seat, card),)


def _hand(m: Moment) -> tuple[Claim, ...]:
    hand = m.hand
    end = hand.end
    if end is None or end.team is None:  # not over, or nobody took it (Truco Mineiro)
        return ()
    if end.kind is EndKind.MAZO:
        return (HandClaim(end.team, end.kind, None, _last_mazo(hand)),)
    if end.kind is EndKind.TRUCO_DECLINED:
        last = _last_answer(hand, _BETS)
        return (HandClaim(end.team, end.kind, None, last.seat, str(last.call)),) if last is not None else ()
    return (HandClaim(end.team, end.kind, end.rule),)


def _awards(m: Moment) -> tuple[Claim, ...]:
    """The awards made by the last action (what it just scored)."""
    hand = m.hand
    if not hand.actions:
        return ()
    before = _replay_until(hand, len(hand.actions) - 1)
    return tuple(
        AwardClaim(i, a.team, a.points, a.rule, tuple(a.calls))
        for i, a in enumerate(hand.awards)
        if i >= len(before.awards)
    )


def _points(m: Moment) -> tuple[Claim, ...]:
    hand = m.hand
    if not hand.is_over:
        return ()
    out = []
    for team in (m.us, 1 - m.us):
        parts = tuple((a.rule, a.points) for a in hand.awards if a.team == team)
        out.append(PointsClaim(team, hand.points[team], parts))
    return tuple(out)


def _showdown(m: Moment) -> tuple[Claim, ...]:
    hand = m.hand
    won = [e for e in hand.events if e.kind is EventKind.ENVIDO_WON]
    if not won or won[0].seat is None or won[0].value is None:
        return ()
    seat = won[0].seat
    return (ShowdownClaim(seat, won[0].value, _best_envido(hand, 1 - seat % 2)),)


def _worth_claim(m: Moment) -> tuple[Claim, ...]:
    """What the learner's other answer to the envido would have given."""
    hand = m.hand
    for position in range(len(hand.actions) - 1, -1, -1):
        action = hand.actions[position]
        if action.seat == m.learner and type(action) in (Answer, Mazo):
            found = _worth(hand, position)
            if found is not None:
                return (WorthClaim(position, *found),)
    return ()


def _stake_claim(m: Moment, family: str) -> tuple[Claim, ...]:
    """What the calls of ``family`` made so far are worth (for the learner's team, when accepted)."""
    hand = m.hand
    calls = tuple(str(c) for _, c in (hand.truco_calls if family == "truco" else hand.envido_calls))
    values = _stake(hand, calls, m.us)
    if values is None:
        return ()
    return (StakeClaim(calls, m.us, *values),)


def _match(m: Moment) -> tuple[Claim, ...]:
    winner = m.hand.match_winner
    return (MatchClaim(winner),) if winner is not None else ()


def _held(m: Moment, who: str) -> tuple[Claim, ...]:
    return tuple(HeldClaim(s, m.hand.deal[s]) for s in sorted(seats_of(who, m)))


FACTS: dict[str, tuple[str, Callable[..., tuple[Claim, ...]]]] = {
    "trick": ("trick", _trick),
    "hand": ("", _hand),
    "awards": ("", _awards),
    "points": ("", _points),
    "showdown": ("", _showdown),
    "worth": ("", _worth_claim),
    "stake": ("family", _stake_claim),
    "match": ("", _match),
    "held": ("seat", _held),
}
"""Every fact name a hand file may ask for, with its argument (if any) and its builder:

* ``trick(n)``: who took trick n and with which card, or that it was a parda (once it is over);
* ``hand``: who took the hand and how (once it is over);
* ``awards``: the points the last action scored, each with its reason;
* ``points``: each team's points in the hand, with their reasons (once it is over);
* ``showdown``: who won the accepted envido, with which count, against the other team's best;
* ``worth``: what the learner's other answer to the envido would have given;
* ``stake(envido)``, ``stake(truco)``: what the calls of that family made so far are worth;
* ``match``: who won the game in this hand;
* ``held(seat)``: the cards dealt to a seat (``opponent``, ``partner``, ...).
"""

_FACT_RE = re.compile(r"^([a-z_]+)\s*(?:\(\s*([a-z0-9_]+)\s*\))?$")


def check_fact_name(text: str, path: str = "") -> str:
    """Validate a fact name (ContentError naming ``path``); returns it stripped."""
    match = _FACT_RE.match(text.strip()) if isinstance(text, str) else None
    if not match or match.group(1) not in FACTS:
        raise ContentError(f"unknown fact {text!r}; one of {', '.join(FACTS)}", path=path)
    name, arg = match.groups()
    kind = FACTS[name][0]
    if bool(kind) != (arg is not None):
        raise ContentError(f"{name} takes {'(' + kind + ')' if kind else 'no argument'}", path=path)
    if kind == "trick" and arg not in ("1", "2", "3"):
        raise ContentError(f"{name}: trick {arg} does not exist; 1, 2 or 3", path=path)
    if kind == "family" and arg not in ("envido", "truco"):
        raise ContentError(f"{name}: {arg!r} is not envido or truco", path=path)
    if kind == "seat" and arg not in ("opponent", "partner", "learner", "s1", "s2", "s3", "s4", "s5"):
        raise ContentError(f"{name}: {arg!r} is not a seat", path=path)
    return text.strip()


def build(name: str, moment: Moment) -> tuple[Claim, ...]:
    """The claims a fact name gives at ``moment`` (none when it does not apply yet)."""
    match = _FACT_RE.match(name.strip())
    if not match:
        raise ValueError(f"not a fact name: {name!r}")
    fact, arg = match.groups()
    builder = FACTS[fact][1]
    if arg is None:
        return builder(moment)
    return builder(moment, int(arg) if arg.isdigit() else arg)


def verdict_claims(moment: Moment) -> tuple[Claim, ...]:
    """What every verdict says happened: who took the hand and how, each team's points in it and
    why, and the game when it was won."""
    return (*_hand(moment), *_points(moment), *_match(moment))
