"""The movement of a club night at real tables: which table plays which boards in which round, and
where the pairs and the boards go after each round. Pure functions (no Flask, no store).

A Mitchell movement (docs/club.md gives the sources): the tables are numbered 1…T and the boards
are split into T sets of B / T boards. Side A's pair (player, in 1 against 1) of each table stays
there all night (A *t* at table *t*); side B's pairs move up one table after each round (from the
last table to table 1), and the boards move down one table. There are T rounds, so every pair plays
every board once. With an even number of tables the B pairs would meet boards they have played
halfway through, so after round T / 2 they skip a table (they move up two): each B pair then meets
its first table's A pair twice and one A pair not at all, and still plays every board once.

>>> [(s.round, s.table, s.b_pair, s.boards) for s in mitchell(3, 6) if s.table == 1]
[(1, 1, 1, (1, 2)), (2, 1, 3, (3, 4)), (3, 1, 2, (5, 6))]
>>> [s.b_pair for s in mitchell(4, 4) if s.table == 1]
[1, 4, 2, 1]
"""

from __future__ import annotations

from dataclasses import dataclass

TABLES = range(2, 17)
"""How many tables a night at real tables may have (each plays at least one board a round)."""


@dataclass(frozen=True)
class Seating:
    """One table in one round: who sits there, the boards it plays, where they all go next."""

    round: int
    table: int
    a_pair: int
    """Side A's pair (or player): always the table's own."""
    b_pair: int
    boards: tuple[int, ...]
    b_moves_to: int | None
    """The table side B's pair goes to for the next round (None after the last round)."""
    boards_move_to: int | None
    """The table the boards go to for the next round (None after the last round)."""


def fits(tables: int, boards: int) -> bool:
    """True when ``boards`` split into ``tables`` equal sets (every table plays each round).

    >>> fits(3, 6), fits(4, 6), fits(2, 2)
    (True, False, True)
    """
    return tables in TABLES and boards >= tables and boards % tables == 0


def _skip(tables: int, round_: int) -> int:
    """How many tables side B has skipped before ``round_``: one after the halfway point of an even movement."""
    return 1 if tables % 2 == 0 and round_ > tables // 2 else 0


def b_table(tables: int, pair: int, round_: int) -> int:
    """The table side B's pair ``pair`` sits at in ``round_`` (it starts at its own table)."""
    return (pair - 1 + round_ - 1 + _skip(tables, round_)) % tables + 1


def board_set(tables: int, boards: int, table: int, round_: int) -> tuple[int, ...]:
    """The boards at ``table`` in ``round_``: set *t* starts at table *t* and moves down one table a round."""
    per_round = boards // tables
    first = (table - 1 + round_ - 1) % tables
    return tuple(range(first * per_round + 1, first * per_round + per_round + 1))


def mitchell(tables: int, boards: int) -> list[Seating]:
    """Every table's seating in every round, by round then table."""
    if not fits(tables, boards):
        raise ValueError(f"{boards} boards do not split into {tables} equal sets")
    seats = []
    for round_ in range(1, tables + 1):
        sitting = {b_table(tables, pair, round_): pair for pair in range(1, tables + 1)}
        last = round_ == tables
        for table in range(1, tables + 1):
            pair = sitting[table]
            seats.append(
                Seating(
                    round_,
                    table,
                    table,
                    pair,
                    board_set(tables, boards, table, round_),
                    None if last else b_table(tables, pair, round_ + 1),
                    None if last else (table - 2) % tables + 1,
                )
            )
    return seats


def seating_of(tables: int, boards: int, table: int, board: int) -> Seating | None:
    """Where ``board`` is played at ``table`` (None if the table never plays it)."""
    return next((s for s in mitchell(tables, boards) if s.table == table and board in s.boards), None)


__all__ = ["Seating", "TABLES", "b_table", "board_set", "fits", "mitchell", "seating_of"]
