"""The club night's scoring (tutor/web/club/scoring.py), pure: matchpoints per board sum to n(n-1)/2,
ties share, the result does not depend on the order the players come in, and the ranking shares a
place between equal MP percentages. Every expectation is computed here, from the definitions."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, strategies as st

from tutor.web.club.scoring import BoardResult, matchpoints, standings

scores = st.dictionaries(st.integers(0, 30), st.integers(-6, 6), min_size=1, max_size=12)


@given(scores)
def test_the_matchpoints_of_a_board_sum_to_one_per_pair(board):
    n = len(board)
    assert sum(matchpoints(board).values()) == n * (n - 1) / 2


@given(scores)
def test_each_pair_shares_one_matchpoint(board):
    points = matchpoints(board)
    for player, score in board.items():
        expected = Fraction(0)
        for other, theirs in board.items():
            if other != player:
                expected += 1 if score > theirs else Fraction(1, 2) if score == theirs else 0
        assert points[player] == expected


@given(scores)
def test_equal_results_get_equal_matchpoints(board):
    points = matchpoints(board)
    for a in board:
        for b in board:
            if board[a] == board[b]:
                assert points[a] == points[b]
            elif board[a] > board[b]:
                assert points[a] > points[b]


@given(scores, st.randoms(use_true_random=False))
def test_the_order_of_the_players_changes_nothing(board, rng):
    players = list(board)
    rng.shuffle(players)
    assert matchpoints({p: board[p] for p in players}) == matchpoints(board)


@given(
    st.lists(st.tuples(st.integers(0, 5), st.integers(1, 4), st.integers(-4, 4)), max_size=30),
    st.randoms(use_true_random=False),
)
def test_standings_are_the_same_in_any_order_and_percentages_add_up(rows, rng):
    unique = {(player, board): points for player, board, points in rows}
    results = [BoardResult(player, board, points) for (player, board), points in unique.items()]
    shuffled = list(results)
    rng.shuffle(shuffled)
    first = {s.player: s for s in standings(results)}
    again = {s.player: s for s in standings(shuffled)}
    assert {p: (s.mp, s.percent, s.place) for p, s in first.items()} == {
        p: (s.mp, s.percent, s.place) for p, s in again.items()
    }
    boards = {board for _player, board in unique}
    total = sum(s.mp for s in first.values())
    assert total == sum(n * (n - 1) / 2 for n in (sum(1 for (_p, b) in unique if b == board) for board in boards))


def test_a_tie_shares_half_a_point_and_the_place():
    # Two boards: a and b make the same moves (the same result), c does better on board 1, worse on board 2.
    results = [
        BoardResult("a", 1, 2, 4, 3),
        BoardResult("b", 1, 2, 4, 3),
        BoardResult("c", 1, 3, 4, 2),
        BoardResult("a", 2, 1, 2, 2),
        BoardResult("b", 2, 1, 2, 2),
        BoardResult("c", 2, -1, 2, 0),
    ]
    table = {s.player: s for s in standings(results)}
    # Board 1: c 2, a and b ½ each; board 2: a and b 1 + ½ each, c 0. Each compared with 2 others on 2 boards.
    assert (table["a"].mp, table["b"].mp, table["c"].mp) == (2.0, 2.0, 2.0)
    assert {s.percent for s in table.values()} == {50.0}
    assert all(s.place == 1 and s.shared for s in table.values())
    assert table["a"].accuracy == round(100 * 5 / 6, 1)
    assert table["c"].accuracy == round(100 * 2 / 6, 1)


def test_places_are_shared_then_skipped():
    results = [BoardResult(p, 1, points) for p, points in (("a", 3), ("b", 1), ("c", 1), ("d", 0))]
    ranked = [(s.player, s.place, s.shared) for s in standings(results)]
    assert ranked[0] == ("a", 1, False)
    assert sorted(ranked[1:3]) == [("b", 2, True), ("c", 2, True)]
    assert ranked[3] == ("d", 4, False)


def test_a_player_alone_on_their_boards_has_no_percentage():
    only = standings([BoardResult("a", 1, 3, 0, 0)])
    assert only[0].percent is None and only[0].accuracy is None and only[0].compared == 0
