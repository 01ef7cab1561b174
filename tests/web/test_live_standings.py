"""The standings between two questions of a live session (pure: no app, no store): shared places,
the top five only, nobody with nothing right, and the share of right answers."""

from __future__ import annotations

from tutor.web.live.standings import Standing, share_right, top_five


def lines(scores):
    return [(s.place, s.nickname, s.right) for s in top_five(scores)]


def test_ties_share_a_place_and_the_next_place_skips():
    scores = [("Ana", 4), ("Bo", 6), ("Cy", 4), ("Di", 3)]
    assert lines(scores) == [(1, "Bo", 6), (2, "Ana", 4), (2, "Cy", 4), (4, "Di", 3)]


def test_only_the_top_five_places_are_listed():
    scores = [(f"P{n}", n) for n in range(1, 10)]  # 9 pupils, 1 to 9 right
    assert lines(scores) == [(1, "P9", 9), (2, "P8", 8), (3, "P7", 7), (4, "P6", 6), (5, "P5", 5)]


def test_a_tie_for_fifth_place_lists_everyone_in_it():
    scores = [("A", 9), ("B", 8), ("C", 7), ("D", 6), ("E", 5), ("F", 5), ("G", 4)]
    assert [s.nickname for s in top_five(scores)] == ["A", "B", "C", "D", "E", "F"]
    assert top_five(scores)[-1] == Standing(5, "F", 5)


def test_everyone_tied_is_first_and_nothing_right_is_never_listed():
    assert lines([("Zé", 2), ("al", 2), ("Mo", 2)]) == [(1, "al", 2), (1, "Mo", 2), (1, "Zé", 2)]
    assert lines([("Ana", 0), ("Bo", 0)]) == []
    assert lines([("Ana", 1), ("Bo", 0)]) == [(1, "Ana", 1)]  # no bottom list
    assert lines([]) == []


def test_the_share_right_is_a_whole_percentage():
    assert share_right(2, 3) == 67
    assert share_right(3, 3) == 100
    assert share_right(0, 4) == 0
    assert share_right(0, 0) == 0  # nobody answered
