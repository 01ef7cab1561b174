"""A club night's boards: each one hand with a fixed deal, mano and starting score, the same for
every player, all fixed by the event's seed and the board's number.

A board's table is :class:`tutor.bots.table.Table` with the board's seed (its deal and every bot
decision, :func:`tutor.bots.table.decision_rng`), ``mano`` and ``scores``: the same moves give the
same bot answers for everyone. The bots play without a deadline (their sample budgets alone), so
how busy the server is never changes what a bot does.

>>> board_mano(1), board_mano(2), board_mano(6, players=4)
(0, 1, 1)
>>> board_seed(42, 3) == board_seed(42, 3) != board_seed(42, 4)
True
>>> board_scores(42, 1, False, 30), max(board_scores(42, 1, True, 30)) < 30
((0, 0), True)
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import Any

from ...bots.table import Table
from ...engine.notation import parse_rules
from ...store.club import ClubEvent

PLAYER_SEAT = 0
"""The player sits at seat 0 of every board, the bot at seat 1."""
MAX_SEED = 2**31 - 1


def board_seed(seed: int, board: int) -> int:
    """Board ``board``'s seed (its deal and the bots' decisions), from the event's seed."""
    digest = hashlib.sha256(f"truco-tutor:club:{seed}:{board}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % MAX_SEED


def board_mano(board: int, players: int = 2) -> int:
    """Who is mano on the board: each seat in turn from the player's, board by board (as bridge's
    dealer rotates): with 2 players the player on odd boards, the bot on even ones."""
    return (board - 1) % players


def board_scores(seed: int, board: int, drawn: bool, target: int) -> tuple[int, int]:
    """The board's starting score (the player's, the bot's): 0–0, or drawn from the event's seed
    (the same for every player), each below the last point of the game."""
    if not drawn:
        return (0, 0)
    rng = random.Random(f"truco-tutor:club-score:{seed}:{board}")
    return (rng.randrange(target - 1), rng.randrange(target - 1))


@dataclass(frozen=True)
class Board:
    """One board of an event."""

    number: int
    seed: int
    mano: int
    scores: tuple[int, int]


def board_of(event: ClubEvent, number: int) -> Board:
    rules = parse_rules(event.rules)
    return Board(
        number,
        board_seed(event.seed, number),
        board_mano(number, rules.players),
        board_scores(event.seed, number, event.random_scores, rules.target),
    )


def table_of(event: ClubEvent, number: int, log: list[Any] | None = None) -> Table:
    """Board ``number``'s table, replayed from ``log`` (a new one: the bot has acted if it is mano)."""
    board = board_of(event, number)
    return Table(
        parse_rules(event.rules),
        board.seed,
        event.level,
        PLAYER_SEAT,
        log=log or None,
        mano=board.mano,
        scores=board.scores,
    )


def points_of(table: Table) -> int:
    """The player's result on a finished board: points won minus points lost in the hand."""
    points = table.hand.points
    mine = PLAYER_SEAT % 2
    return points[mine] - points[1 - mine]


__all__ = ["Board", "PLAYER_SEAT", "board_mano", "board_of", "board_scores", "board_seed", "points_of", "table_of"]
