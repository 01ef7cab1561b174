"""The Mitchell movement of a club night at real tables (tutor/web/club/movement.py), pure: for every
number of tables and boards the form allows, every pair of both sides plays every board exactly
once, no board is at two tables at once, the pairs and the boards go where the card says; and the
published description holds (docs/club.md): side A stays, side B moves up, the boards move down, and
with 6 or 8 tables side B skips a table at the start of round 4 or 5 and ends at its first table."""

from __future__ import annotations

from collections import Counter

import pytest

from tutor.web.club.movement import TABLES, fits, mitchell, seating_of

SIZES = [(t, b) for t in TABLES for b in range(2, 17) if fits(t, b)]


@pytest.mark.parametrize(("tables", "boards"), SIZES)
def test_every_pair_plays_every_board_once(tables, boards):
    seats = mitchell(tables, boards)
    assert len(seats) == tables * tables
    for side in ("a_pair", "b_pair"):
        played = Counter((getattr(s, side), board) for s in seats for board in s.boards)
        assert set(played) == {(p, b) for p in range(1, tables + 1) for b in range(1, boards + 1)}
        assert set(played.values()) == {1}
    for round_ in range(1, tables + 1):
        now = [s for s in seats if s.round == round_]
        assert sorted(s.table for s in now) == list(range(1, tables + 1))
        assert sorted(s.b_pair for s in now) == list(range(1, tables + 1))
        on_tables = [b for s in now for b in s.boards]
        assert len(on_tables) == len(set(on_tables)) == boards  # every board out, none at two tables
        assert all(s.a_pair == s.table for s in now)


@pytest.mark.parametrize(("tables", "boards"), SIZES)
def test_the_card_says_where_everyone_goes(tables, boards):
    seats = {(s.round, s.table): s for s in mitchell(tables, boards)}
    for (round_, table), seat in seats.items():
        if round_ == tables:
            assert seat.b_moves_to is None and seat.boards_move_to is None
            continue
        after = {s.b_pair: s.table for (r, _t), s in seats.items() if r == round_ + 1}
        assert after[seat.b_pair] == seat.b_moves_to
        boards_after = {s.boards: s.table for (r, _t), s in seats.items() if r == round_ + 1}
        assert boards_after[seat.boards] == seat.boards_move_to
        assert seat.boards_move_to == (table - 1 if table > 1 else tables)  # the boards go down one table


def test_odd_tables_move_up_one_every_round():
    seats = mitchell(5, 10)
    for seat in seats:
        if seat.b_moves_to is not None:
            assert seat.b_moves_to == seat.table % 5 + 1
    met = {(s.a_pair, s.b_pair) for s in seats}
    assert len(met) == 25  # with an odd number of tables everyone meets everyone of the other side


@pytest.mark.parametrize(("tables", "skip_round"), [(6, 4), (8, 5), (2, 2), (4, 3)])
def test_even_tables_skip_one_at_the_halfway_round(tables, skip_round):
    seats = mitchell(tables, tables)
    for seat in seats:
        if seat.b_moves_to is None:
            continue
        step = (seat.b_moves_to - seat.table) % tables
        assert step == (2 % tables if seat.round + 1 == skip_round else 1 % tables)
    last = [s for s in seats if s.round == tables]
    assert all(s.b_pair == s.table for s in last)  # back at the table they started from


def test_a_board_is_played_at_one_table_in_one_round_per_table():
    assert seating_of(3, 6, 1, 3).round == 2
    assert seating_of(3, 6, 2, 1).round == 3  # set 1 (boards 1-2) goes from table 1 down to table 3, then 2
    with pytest.raises(ValueError):
        mitchell(4, 6)
    assert not fits(17, 17) and not fits(1, 4) and not fits(6, 3)
