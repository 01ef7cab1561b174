"""When each item comes back for review: the FSRS schedule, replayed from the log.

The scheduling is the ``fsrs`` package's (the Free Spaced Repetition Scheduler that Anki uses); this
module only decides what each answer tells it. An item's :class:`fsrs.Card` is rebuilt by replaying
every answer to the item, in order, through :meth:`fsrs.Scheduler.review_card`, with the rating

* ``Again`` for a wrong answer,
* ``Hard`` for a right answer after the hint,
* ``Good`` for a right answer.

Nothing but the log is stored, so the schedule is the same after a restart, on every server, and
whatever the source of the answers (lesson step, quiz, review, daily set, practice hand). Fuzzing is
off so that replaying gives the same due dates every time. An item is *due* when its card's due
date has come; an item never answered is new, not due. A quiz's result (``quiz:<topic>``) and the
``seen``/``reset`` events are not answers to an item and are left out.

With the scheduler's default learning steps (1 and 10 minutes) a new item answered right comes back
in 10 minutes, then after days; a wrong answer brings it back within minutes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from fsrs import Card as ReviewCard, Rating, Scheduler

from .attempts import Attempt, as_utc
from .lessons import in_order

SCHEDULER = Scheduler(enable_fuzzing=False)
"""The scheduler of every learner: FSRS defaults (90 % desired retention), no fuzzing."""


def rating(attempt: Attempt) -> Rating:
    """What an answer tells FSRS.

    >>> from datetime import datetime
    >>> [rating(Attempt(1, "a/b", "review", correct, hinted=hinted, at=datetime(2026, 1, 1))).name
    ...  for correct, hinted in ((False, False), (False, True), (True, True), (True, False))]
    ['Again', 'Again', 'Hard', 'Good']
    """
    if not attempt.correct:
        return Rating.Again
    return Rating.Hard if attempt.hinted else Rating.Good


def card_id(item: str) -> int:
    """A stable number for an item's card (FSRS wants an int id; none is stored).

    >>> card_id("flor/value") == card_id("flor/value") != card_id("flor/near-miss")
    True
    """
    return int.from_bytes(hashlib.sha256(item.encode()).digest()[:6], "big")


def replay(item: str, attempts: Iterable[Attempt]) -> ReviewCard | None:
    """The item's card after every answer to it (others are skipped), or None if it was never answered."""
    card: ReviewCard | None = None
    for attempt in in_order(attempts):
        if attempt.item != item or not attempt.is_question:
            continue
        if card is None:
            card = ReviewCard(card_id=card_id(item), due=attempt.at)
        card, _log = SCHEDULER.review_card(card, rating(attempt), review_datetime=attempt.at)
    return card


def review_cards(attempts: Iterable[Attempt]) -> dict[str, ReviewCard]:
    """Every answered item's card (item -> card), replaying the log once."""
    result: dict[str, ReviewCard] = {}
    for attempt in in_order(attempts):
        if not attempt.is_question:
            continue
        card = result.get(attempt.item) or ReviewCard(card_id=card_id(attempt.item), due=attempt.at)
        result[attempt.item], _log = SCHEDULER.review_card(card, rating(attempt), review_datetime=attempt.at)
    return result


@dataclass(frozen=True)
class Due:
    """An item whose review time has come."""

    item: str
    due: datetime
    card: ReviewCard


def due_items(attempts: Iterable[Attempt], now: datetime) -> list[Due]:
    """The items due at ``now``, the longest overdue first (then by item id, for a stable order)."""
    moment = as_utc(now)
    due = [Due(item, card.due, card) for item, card in review_cards(attempts).items() if card.due <= moment]
    return sorted(due, key=lambda entry: (entry.due, entry.item))


def next_due(attempts: Iterable[Attempt]) -> datetime | None:
    """When the next item falls due (may be in the past), or None if nothing was ever answered."""
    dues = [card.due for card in review_cards(attempts).values()]
    return min(dues) if dues else None
