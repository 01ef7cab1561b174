"""The scoring of a duplicate night, as pure functions (no Flask, no store).

Every player plays the same boards, so a result is compared only with the others' results on the
same board (duplicate bridge's matchpoints): on each board a player scores 1 for each other player
they outscored and ½ for each tie. A player's MP % is their matchpoints over the comparisons they
were in (on each board they played, the number of others who played it). Decision accuracy is the
share of their decisions that equalled the engine's best (the hand's replay).

At real tables a board is played from both sides (A and B, a Mitchell's two directions): a result
is compared only with the results of the same side on the same board (``BoardResult.side``), as
bridge compares North-South pairs among themselves; the percentages of both sides are then on one
scale and share one table.

>>> matchpoints({"a": 3, "b": 1, "c": 1})
{'a': 2.0, 'b': 0.5, 'c': 0.5}
>>> [(s.player, s.mp, s.percent, s.place, s.shared) for s in standings([
...     BoardResult("a", 1, 3), BoardResult("b", 1, 1), BoardResult("c", 1, 1)])]
[('a', 2.0, 100.0, 1, False), ('b', 0.5, 25.0, 2, True), ('c', 0.5, 25.0, 2, True)]
>>> [(s.player, s.mp) for s in standings([BoardResult("A1", 1, 2, side=0), BoardResult("B1", 1, -2, side=1),
...     BoardResult("A2", 1, 1, side=0), BoardResult("B2", 1, -1, side=1)])]
[('A1', 1.0), ('B2', 1.0), ('B1', 0.0), ('A2', 0.0)]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import TypeVar

K = TypeVar("K", bound=Hashable)


def matchpoints(scores: Mapping[K, int]) -> dict[K, float]:
    """Each player's matchpoints on one board: 1 per other player outscored, ½ per tie."""
    values = list(scores.values())
    out: dict[K, float] = {}
    for player, score in scores.items():
        above = sum(1 for other in values if other < score)
        ties = sum(1 for other in values if other == score) - 1  # not the player against themself
        out[player] = above + ties / 2
    return out


@dataclass(frozen=True)
class BoardResult:
    """One player's result on one board: points won minus lost, decisions taken and matched, and the
    side of the board it was played from (compared with that side's results only)."""

    player: Hashable
    board: int
    points: int
    decisions: int = 0
    matched: int = 0
    side: int = 0


@dataclass(frozen=True)
class Standing:
    """A player's line of the night's result table."""

    player: Hashable
    boards: int
    """Boards played."""
    mp: float
    compared: int
    """The comparisons the matchpoints were scored in (the others who played each board, summed)."""
    percent: float | None
    """MP as a percentage of ``compared`` (None when nobody else played any of the player's boards)."""
    decisions: int
    matched: int
    accuracy: float | None
    """The share of decisions equal to the engine's best, in percent (None without a decision)."""
    place: int
    shared: bool
    """Another player has the same MP %: the place is shared."""


def board_matchpoints(results: Iterable[BoardResult]) -> dict[tuple[int, int], dict[Hashable, float]]:
    """Matchpoints per (board, side) and player."""
    by_board: dict[tuple[int, int], dict[Hashable, int]] = defaultdict(dict)
    for result in results:
        by_board[result.board, result.side][result.player] = result.points
    return {key: matchpoints(scores) for key, scores in by_board.items()}


def standings(results: Iterable[BoardResult]) -> list[Standing]:
    """The night's result table: ranked by MP % (then by the player's own order among equals), a
    place shared by those with the same MP %."""
    results = list(results)
    points = board_matchpoints(results)
    played: dict[tuple[int, int], int] = defaultdict(int)
    for result in results:
        played[result.board, result.side] += 1
    rows: dict[Hashable, list[BoardResult]] = defaultdict(list)
    for result in results:
        rows[result.player].append(result)
    lines = []
    for player, own in rows.items():
        mp = sum(points[r.board, r.side][player] for r in own)
        compared = sum(played[r.board, r.side] - 1 for r in own)
        decisions = sum(r.decisions for r in own)
        matched = sum(r.matched for r in own)
        percent = round(100 * mp / compared, 2) if compared else None
        accuracy = round(100 * matched / decisions, 1) if decisions else None
        lines.append((player, len(own), mp, compared, percent, decisions, matched, accuracy))
    lines.sort(key=lambda line: (line[4] is None, -(line[4] or 0.0)))
    keys = [line[4] for line in lines]
    return [
        Standing(*line, place=keys.index(line[4]) + 1, shared=keys.count(line[4]) > 1)  # type: ignore[misc]
        for line in lines
    ]


__all__ = ["BoardResult", "Standing", "board_matchpoints", "matchpoints", "standings"]
