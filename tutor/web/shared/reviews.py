"""The review queue: the lesson checks whose review time has come for the request's learner, read from
the learning log (:mod:`.learning`) and scheduled by :mod:`tutor.learning` (FSRS).

The review page asks them, the header's badge and the lesson map count them, the progress page links
to them. An item can be asked again in the review when it is a lesson step's check that still exists
(``<lesson>/<step>`` of a step with a check); other answered items (a practice hand) come back on
their own pages and are not counted here.

Which items are due is :func:`tutor.learning.due_items`'s rule (the item's FSRS card is due at or
before now, the longest overdue first) over the cards that :func:`tutor.learning.cards` replays from
the learner's attempts. Replaying costs about 0.1 ms per answer and the header counts on every page,
so the replayed cards are kept per app and learner, keyed by how many attempts the learner has and
the id of the latest one: the log only ever grows, so any new answer makes a new key.

The clock of the learning log is :func:`now` (``tutor.web.shared.learning.utcnow``): tests move it
with ``monkeypatch.setattr("tutor.web.shared.learning.utcnow", ...)``, and the attempts recorded
and the schedule read then agree.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime

from flask import current_app, g
from fsrs import Card
from sqlalchemy import func, select

from ...content import Lesson, Step, get_lesson
from ...learning import as_utc, cards, split_check_item
from ...models import AttemptRow, Learner, db
from . import learning as store

CACHE_SIZE = 2048
"""Learners whose replayed cards each app keeps."""
_CACHE_KEY = "tutor.review_cards"
_LOCK = threading.Lock()


def now() -> datetime:
    """The learning log's clock (UTC)."""
    return store.utcnow()


def reviewable(item: str) -> tuple[Lesson, Step] | None:
    """The lesson and the step behind an item that the review can ask, or None (not a check item, or
    its lesson or step is gone, or the step has no check any more).

    >>> [s.key for _l, s in filter(None, [reviewable("card-ranking/false-aces")])]
    ['false-aces']
    >>> reviewable("practice:first-envido"), reviewable("card-ranking/no-such-step"), reviewable("nope/x")
    (None, None, None)
    """
    parts = split_check_item(item)
    if parts is None:
        return None
    try:
        lesson = get_lesson(parts[0])
        step = lesson.step(parts[1])
    except KeyError:
        return None
    return (lesson, step) if step.check is not None else None


@dataclass(frozen=True)
class ReviewItem:
    """One item of the review queue."""

    item: str
    due: datetime
    """When its FSRS card fell (or falls) due, UTC."""
    lesson: Lesson
    step: Step
    card: Card


def _cards(learner: Learner) -> dict[str, Card]:
    """The learner's replayed cards (item -> card), from the app's cache when the log has not grown."""
    table = AttemptRow
    count, last = db.session.execute(
        select(func.count(table.id), func.max(table.id)).where(table.learner_id == learner.id)
    ).one()
    key = (learner.id, learner.public_id, count, last)
    cache: OrderedDict = current_app.extensions.setdefault(_CACHE_KEY, OrderedDict())
    with _LOCK:
        found = cache.get(key)
        if found is not None:
            cache.move_to_end(key)
            return found
    replayed = cards(store.attempts_of(learner)) if count else {}
    with _LOCK:
        cache[key] = replayed
        cache.move_to_end(key)
        while len(cache) > CACHE_SIZE:
            cache.popitem(last=False)
    return replayed


def schedule(learner: Learner | None) -> list[ReviewItem]:
    """Every reviewable item the learner has answered, with its due time, soonest first."""
    if learner is None:
        return []
    entries = []
    for item, card in _cards(learner).items():
        found = reviewable(item)
        if found is not None:
            entries.append(ReviewItem(item, as_utc(card.due), found[0], found[1], card))
    return sorted(entries, key=lambda entry: (entry.due, entry.item))


def due_for_review(learner: Learner | None, at: datetime) -> list[ReviewItem]:
    """The learner's reviewable items due at ``at``, the longest overdue first (then by item id)."""
    moment = as_utc(at)
    return [entry for entry in schedule(learner) if entry.due <= moment]


def next_review(learner: Learner | None, at: datetime) -> datetime | None:
    """When the learner's next reviewable item falls due after ``at``, or None if none is scheduled."""
    moment = as_utc(at)
    return next((entry.due for entry in schedule(learner) if entry.due > moment), None)


def my_review_due() -> list[ReviewItem]:
    """The request's learner's items due now (kept for the rest of the request; see :func:`forget`)."""
    cached = g.get("_review_due")
    if cached is None:
        cached = due_for_review(store.existing_learner(), now())
        g._review_due = cached
    return cached


def my_review_count() -> int:
    """How many items the request's learner has due for review now (0 for a visitor without answers)."""
    return len(my_review_due())


def forget() -> None:
    """Drop the request's cached queue (after recording an answer)."""
    g.pop("_review_due", None)


__all__ = [
    "ReviewItem", "due_for_review", "forget", "my_review_count", "my_review_due", "next_review",
    "now", "reviewable", "schedule",
]
