"""Match equity: the chance of winning the match from a score, so that the bots play for the match.

A hand's points are worth more or less depending on the score: at 29 of 30 a No quiero that gives
the other team its last point loses the match, whatever it saves in this hand. :func:`equity`
``(us, them, target, players)`` is the chance that the team on ``us`` points wins the match against
the team on ``them`` points when a hand is about to be dealt, computed once per target and table
size by dynamic programming over the scores (every hand scores at least one point, so the scores
only go up), from a distribution of what one hand scores (:data:`HAND_POINTS`).

The distribution was measured once on hands played by the beginner for every seat at 0-0 (20,000
hands with two players, 12,000 with four; each outcome also counted with the teams swapped, and
outcomes rarer than 1 in 2,000 left out): per hand, the envido and flor points of each team (scored
first: a team that reaches the target with them wins before the tricks count) and the rest (tricks,
a declined truco, the mazo). The mano and the malas are left out: the table is a guide for the
value of points near the end, not a forecast. The games without envido have their own tables, with
their decision on 11: Catalan Truc (:data:`CATALAN_HAND_POINTS`) and Truco Mineiro
(:data:`MINEIRO_HAND_POINTS`, its mão de onze and mão de ferro); ``bench/hand_points.py`` measures
them again.

>>> round(equity(0, 0, 30), 3), equity(29, 10, 30) > 0.9, equity(10, 29, 30) < 0.1
(0.5, True, True)
>>> equity(30, 0, 30), equity(3, 30, 30)
(1.0, 0.0)
"""

from __future__ import annotations

from functools import cache

__all__ = ["equity", "HAND_POINTS", "CATALAN_HAND_POINTS", "MINEIRO_HAND_POINTS"]

_HALF = {
    2: {
        (0, 0, 0, 1): 0.11722,
        (0, 0, 0, 2): 0.07577,
        (1, 0, 0, 1): 0.05808,
        (1, 0, 1, 0): 0.0423,
        (0, 0, 4, 0): 0.04002,
        (1, 0, 0, 2): 0.03725,
        (1, 0, 2, 0): 0.0257,
        (0, 1, 4, 0): 0.0164,
        (1, 0, 4, 0): 0.0155,
        (2, 0, 0, 1): 0.01162,
        (2, 0, 1, 0): 0.01142,
        (0, 0, 3, 0): 0.00925,
        (2, 0, 2, 0): 0.0074,
        (2, 0, 0, 2): 0.0046,
        (1, 0, 0, 3): 0.0044,
        (3, 0, 0, 1): 0.00373,
        (2, 0, 4, 0): 0.00355,
        (1, 0, 3, 0): 0.00267,
        (3, 0, 0, 2): 0.00248,
        (0, 2, 4, 0): 0.00245,
        (3, 0, 1, 0): 0.00228,
        (5, 0, 0, 1): 0.00133,
        (2, 0, 3, 0): 0.00088,
        (2, 0, 0, 3): 0.00075,
        (5, 0, 1, 0): 0.00052,
    },
    4: {
        (0, 0, 0, 1): 0.09879,
        (0, 0, 0, 2): 0.07142,
        (1, 0, 1, 0): 0.06283,
        (1, 0, 0, 1): 0.05742,
        (1, 0, 0, 2): 0.04071,
        (0, 1, 0, 2): 0.03342,
        (0, 0, 3, 0): 0.01742,
        (0, 2, 1, 0): 0.01692,
        (0, 0, 0, 4): 0.01663,
        (2, 0, 1, 0): 0.01375,
        (0, 2, 0, 2): 0.0105,
        (2, 0, 0, 2): 0.01033,
        (1, 0, 0, 4): 0.00879,
        (0, 1, 0, 4): 0.00817,
        (1, 0, 0, 3): 0.00792,
        (0, 1, 0, 3): 0.00729,
        (3, 0, 0, 1): 0.00275,
        (3, 0, 1, 0): 0.0025,
        (0, 2, 0, 4): 0.00196,
        (0, 3, 2, 0): 0.00183,
        (0, 2, 0, 3): 0.00175,
        (2, 0, 0, 4): 0.00167,
        (0, 3, 0, 2): 0.00158,
        (2, 0, 0, 3): 0.00158,
        (3, 0, 3, 0): 0.00058,
    },
}


def _both_ways(half: dict[tuple[int, int, int, int], float]) -> tuple[tuple[tuple[int, int, int, int], float], ...]:
    full: dict[tuple[int, int, int, int], float] = {}
    for (e_us, e_them, r_us, r_them), p in half.items():
        full[(e_us, e_them, r_us, r_them)] = full.get((e_us, e_them, r_us, r_them), 0.0) + p
        mirror = (e_them, e_us, r_them, r_us)
        if mirror != (e_us, e_them, r_us, r_them):
            full[mirror] = full.get(mirror, 0.0) + p
    total = sum(full.values())
    return tuple((k, v / total) for k, v in sorted(full.items()))


HAND_POINTS = {players: _both_ways(half) for players, half in _HALF.items()}
"""By table size: ``((envido_us, envido_them, rest_us, rest_them), probability)`` for one hand,
summing to 1 (6 players use the 4-player table)."""


@cache
def _table(target: int, players: int) -> dict[tuple[int, int], float]:
    outcomes = HAND_POINTS.get(players, HAND_POINTS[4])
    table: dict[tuple[int, int], float] = {}
    # Fill from the highest total down: a state needs only states with more points in all.
    for total in range(2 * target - 2, -1, -1):
        for us in range(max(0, total - target + 1), min(total, target - 1) + 1):
            them = total - us
            value = 0.0
            for (e_us, e_them, r_us, r_them), p in outcomes:
                a, b = us + e_us, them + e_them
                if a >= target:
                    value += p
                    continue
                if b >= target:
                    continue
                a, b = a + r_us, b + r_them
                if a >= target:
                    value += p
                elif b < target:
                    value += p * table[(a, b)]
            table[(us, them)] = value
    return table


CATALAN_HAND_POINTS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((1, 0.47805), (2, 0.30815), (3, 0.2138)),
    4: ((1, 0.498), (2, 0.3615), (3, 0.1405)),
}
"""Catalan Truc (no envido): by table size, ``(points, probability)`` that one team scores in one hand
(the winner's points; the other team scores nothing), measured like :data:`HAND_POINTS` on hands played
by the beginner for every seat at 0-0 (20,000 hands with two players, 12,000 with four), each outcome
counted half for either team."""

MINEIRO_HAND_POINTS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((1, 0.4499), (3, 0.4801), (6, 0.0037), (12, 0.0663)),
    4: ((1, 0.54425), (3, 0.29067), (6, 0.09058), (9, 0.03675), (12, 0.03775)),
}
"""Truco Mineiro (no envido; a hand is worth 1, or 3, 6, 9, 12 with the truco, docs/rules/mineiro.md
§9.3.6): by table size, ``(points, probability)`` that one team scores in one hand, 0 for a hand that
nobody wins (three ties), measured like :data:`CATALAN_HAND_POINTS` by ``bench/hand_points.py --game
mineiro`` (hands played by the beginner for every seat at 0-0 with the game's deal, 20,000 with two
players and 12,000 with four; each outcome counted half for either team, outcomes rarer than 1 in
2,000 left out)."""

GAME_HAND_POINTS: dict[str, dict[int, tuple[tuple[int, float], ...]]] = {
    "catalan": CATALAN_HAND_POINTS,
    "mineiro": MINEIRO_HAND_POINTS,
}
"""The games whose equity has the decision on 11 (no envido), and their hand distributions."""

ELEVEN_CHANCES = (0.1, 0.3, 0.5, 0.7, 0.9)
"""The chances of taking a hand of 11, equally likely, that a team on 11 may be dealt: it sees its
cards before it decides, so the table takes the better of playing and refusing for each."""


@cache
def _eleven_game(us: int, them: int, target: int, players: int, game: str) -> float:
    """The match equity before a hand of a game with the decision on 11: Catalan Truc (docs/rules/
    catalan.md §9.2.8) and Truco Mineiro's mão de onze and mão de ferro (docs/rules/mineiro.md §9.3.8,
    §9.3.9): a team on 11 plays for 3 or gives the other team 1; both on 11, the hand's winner wins
    the game (a hand nobody wins is dealt again). Over the game's hand distribution
    (:data:`GAME_HAND_POINTS`); a hand nobody wins leaves the scores as they were, so it only
    rescales the others."""
    if us >= target:
        return 1.0
    if them >= target:
        return 0.0
    last = target - 1
    if us == last and them == last:
        return 0.5  # the hand's winner wins the game
    if us == last:  # the team sees its cards, then plays for 3 (no bets) or gives the other team 1
        lost = _eleven_game(us, them + 3, target, players, game)
        run = _eleven_game(us, them + 1, target, players, game)
        return sum(max(p + (1 - p) * lost, run) for p in ELEVEN_CHANCES) / len(ELEVEN_CHANCES)
    if them == last:
        return 1.0 - _eleven_game(them, us, target, players, game)
    value = scored = 0.0
    for points, p in GAME_HAND_POINTS[game][4 if players > 2 else 2]:
        if points == 0:
            continue
        scored += p
        value += (
            p
            / 2
            * (
                _eleven_game(us + points, them, target, players, game)
                + _eleven_game(us, them + points, target, players, game)
            )
        )
    return value / scored


def equity(us: int, them: int, target: int, players: int = 2, game: str = "argentino") -> float:
    """The chance that the team on ``us`` points wins the match against the team on ``them``,
    before a hand is dealt (1 once ``us`` reached the target, 0 once ``them`` did). ``game``: the
    preset's name; ``"catalan"`` and ``"mineiro"`` (no envido, the decision on 11) have their own
    tables; any other game uses the Argentine one.

    Both on 11 the hand decides the game; a team on 11 plays its good hands and refuses the others:

    >>> equity(11, 11, 12, game="catalan"), round(equity(11, 10, 12, game="catalan"), 2)
    (0.5, 0.62)
    >>> 0.5 < equity(11, 9, 12, game="catalan") < equity(11, 0, 12, game="catalan") < 1
    True

    In Truco Mineiro a hand is often worth 3 or more, so 10 of 12 is less safe than in Argentine Truco:

    >>> round(equity(10, 0, 12, game="mineiro"), 2), round(equity(10, 0, 12), 2)
    (0.91, 0.98)
    """
    if us >= target:
        return 1.0
    if them >= target:
        return 0.0
    if game in GAME_HAND_POINTS:
        return _eleven_game(us, them, target, 4 if players > 2 else 2, game)
    return _table(target, 4 if players > 2 else 2)[(us, them)]
