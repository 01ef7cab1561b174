"""What one hand of Argentine Truco can end with: every pair (points of team 0, points of team 1).

A club night played at real tables has its results typed in by a scorekeeper; a result no hand of
the night's rules can produce is refused. The set is built from the same stake functions the hand
uses (:mod:`.stakes`, the preset's truco ladder), in the order a hand scores (``state.py``):

1. at most one award of the first trick's contest: an envido (accepted, or declined, by either
   team; an accepted Falta envido is worth what the starting score says, docs/rules §4.2.5) or the
   flor (docs/rules §8; a flor cancels the envido, so never both);
2. then the hand's own points to one team: won on tricks at the accepted truco level, a truco call
   declined, or the other team gone to the mazo (docs/rules §5, §6);
3. a team that reaches the target ends the hand at once (``EndKind.MATCH_WON``): nothing more is
   scored after that award.

The set may hold a pair that a given deal cannot reach (it does not look at the cards), never the
other way round: ``tests/engine/test_outcomes.py`` plays random hands and finds each one's points in it.

>>> from tutor.engine.rules import Rules
>>> at_zero = hand_outcomes(Rules())
>>> (1, 0) in at_zero, (0, 0) in at_zero, (7, 4) in at_zero, (5, 5) in at_zero
(True, False, True, False)
>>> (12, 0) in at_zero, (12, 0) in hand_outcomes(Rules(), (18, 3))
(False, True)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from .errors import InvalidNotationError, NotationReason
from .stakes import EnvidoCall, FlorCall, envido_stake, flor_stake, next_envido_calls, simple_flor_points

if TYPE_CHECKING:
    from .rules import Rules

__all__ = ["ARGENTINE_VARIANTS", "hand_outcomes", "possible_outcome"]

ARGENTINE_VARIANTS = frozenset({"argentino", "fixed"})
"""The presets whose hands score as :class:`~tutor.engine.state.HandState` does (the others have
their own hands: the knock, the decision on 11, hands nobody wins)."""


def _ladders(calls: tuple[EnvidoCall, ...], raisable: bool) -> Iterator[tuple[EnvidoCall, ...]]:
    """Every legal envido ladder that starts with ``calls`` (``calls`` itself first, if not empty)."""
    if calls:
        yield calls
    for call in next_envido_calls(calls, raisable=raisable):
        yield from _ladders((*calls, call), raisable)


def _first_awards(rules: Rules, scores: tuple[int, int]) -> set[tuple[int, int]]:
    """(team, points) of every envido or flor award a hand can begin with."""
    found: set[tuple[int, int]] = set()
    if rules.envido:
        for ladder in _ladders((), rules.envido_raisable):
            stake = envido_stake(
                ladder,
                scores=scores,
                target=rules.target,
                falta_mode=rules.falta_mode,
                raisable=rules.envido_raisable,
            )
            for team in (0, 1):
                found.add((team, stake.accepted_for(team)))
                found.add((team, stake.declined))
    if rules.has_flor:
        per_team = rules.players // 2
        values = {simple_flor_points(n) for n in range(1, per_team + 1)}
        if rules.flor.value == "contraflor":
            for raises in ((FlorCall.CONTRAFLOR,), (FlorCall.CONTRAFLOR_AL_RESTO,), tuple(FlorCall)):
                for flores in range(2, rules.players + 1):
                    raised = flor_stake(raises, scores=scores, target=rules.target, flores=flores)
                    values |= {raised.accepted, raised.declined}
        found |= {(team, value) for team in (0, 1) for value in values}
    return found


def _hand_values(rules: Rules) -> set[int]:
    """What the hand itself can give one team: its value at each accepted level (won on tricks or
    by the others' mazo), a refused call, and the early mazo's extra point if the rules have it."""
    ladder = rules.ladder
    values = {ladder.value(level) for level in range(ladder.top + 1)}
    values |= {ladder.declined(calls) for calls in range(1, ladder.top + 1)}
    if rules.early_mazo:
        values.add(ladder.value(0) + 1)
    return values


def hand_outcomes(rules: Rules, scores: Sequence[int] = (0, 0)) -> frozenset[tuple[int, int]]:
    """Every (team 0's points, team 1's points) a hand of ``rules`` started at ``scores`` can end with."""
    if rules.variant not in ARGENTINE_VARIANTS or rules.pica_pica:
        raise InvalidNotationError(
            NotationReason.BAD_VALUE,
            f"outcomes are known for Argentine hands only, not {rules.variant}",
            value=rules.variant,
        )
    start = tuple(scores)
    if len(start) != 2 or any(type(s) is not int or not 0 <= s < rules.target for s in start):
        raise InvalidNotationError(NotationReason.BAD_VALUE, f"bad scores {scores!r}", value=scores)
    pair = (start[0], start[1])
    openings: list[tuple[int, int] | None] = [None, *sorted(_first_awards(rules, pair))]
    last = _hand_values(rules)
    found: set[tuple[int, int]] = set()
    for opening in openings:
        points = [0, 0]
        if opening is not None:
            team, value = opening
            points[team] += value
            if pair[team] + value >= rules.target:  # the match is won: the hand ends here
                found.add((points[0], points[1]))
                continue
        for team in (0, 1):
            for value in last:
                final = list(points)
                final[team] += value
                found.add((final[0], final[1]))
    return frozenset(found)


def possible_outcome(rules: Rules, scores: Sequence[int], points: Sequence[int]) -> bool:
    """True when a hand of ``rules`` started at ``scores`` can end with ``points`` (team 0's, team 1's).

    >>> from tutor.engine.rules import Rules
    >>> possible_outcome(Rules(), (0, 0), (6, 0)), possible_outcome(Rules(), (28, 0), (6, 0))
    (True, False)

    (On 28 a team that wins an envido of 2 or more has won the match: the hand ends there.)
    """
    return tuple(points) in hand_outcomes(rules, scores)
