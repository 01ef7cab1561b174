"""Between two questions of a live session: the class's share right so far and the top five by
number right. Pure computation (no Flask, no store): the views hand in each pupil's count.

Ties share a place (standard competition ranking: two pupils with 4 right are both 1st, the next is
3rd), so the top five is everyone whose place is 5 or better, and may be longer than five names
when pupils tie for a place. A pupil with nothing right is never listed (this is a list of who did
well, never a bottom list), and time plays no part: answers are right or wrong, never fast.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

TOP = 5
"""The places shown."""


@dataclass(frozen=True)
class Standing:
    """One line of the top five: the place (shared by ties), the nickname and how many right."""

    place: int
    nickname: str
    right: int


def share_right(right: int, answered: int) -> int:
    """The class's share of right answers as a whole percentage (0 when nobody answered).

    >>> share_right(7, 9), share_right(0, 0), share_right(1, 3)
    (78, 0, 33)
    """
    return round(100 * right / answered) if answered else 0


def top_five(scores: Iterable[tuple[str, int]], *, places: int = TOP) -> list[Standing]:
    """The pupils with the most right answers, ``(nickname, right)`` each: every pupil whose place
    is ``places`` or better, ties sharing a place and listed by nickname; none with nothing right.

    >>> [(s.place, s.nickname) for s in top_five([("Ana", 3), ("Bo", 5), ("Cy", 3), ("Di", 0)])]
    [(1, 'Bo'), (2, 'Ana'), (2, 'Cy')]
    """
    ranked = sorted(
        ((nickname, right) for nickname, right in scores if right > 0),
        key=lambda item: (-item[1], item[0].casefold(), item[0]),
    )
    out: list[Standing] = []
    for index, (nickname, right) in enumerate(ranked):
        place = out[-1].place if out and out[-1].right == right else index + 1
        if place > places:
            break
        out.append(Standing(place, nickname, right))
    return out


__all__ = ["TOP", "Standing", "share_right", "top_five"]
