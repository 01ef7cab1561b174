"""The record of learning: one :class:`Attempt` per answer a learner gave, and the item ids.

An *item* is one thing a learner can get right or wrong, named by a short id:

* ``<lesson-key>/<step-key>``: a lesson step's check (:func:`check_item`). A quiz, the review and the
  daily set draw their questions from the lesson checks, so they answer the same items;
* ``practice:<hand-key>``: a scripted practice hand (:func:`practice_item`);
* ``quiz:<topic-key>``: the *result* of a whole quiz, right when it was passed (:func:`quiz_result`);
  it is not a question and never scheduled for review.

Besides answers the log holds two kinds of event, with ``correct`` False: ``seen`` (a lesson step
without a check was read, item ``<lesson>/<step>``) and ``reset`` (the learner started a lesson over,
item ``<lesson-key>``). Everything else (stars, mastery, the review schedule) is computed from the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum

QUIZ_PREFIX = "quiz:"
PRACTICE_PREFIX = "practice:"
ITEM_MAX_LENGTH = 120
"""Longest item id the store keeps (lesson and step keys are at most 64 characters each)."""

QUIZ_PASS_SHARE = (9, 10)
"""A quiz is passed with at least 9 right answers out of 10 (18 of 20 for a longer one)."""


class Source(StrEnum):
    """Where an attempt was made."""

    LESSON = "lesson"
    """A lesson step's check."""
    QUIZ = "quiz"
    """A question of a quiz or the exam, or (item ``quiz:<topic>``) a quiz's result."""
    REVIEW = "review"
    """A question asked again by the review of mistakes."""
    PRACTICE = "practice"
    """A practice hand played to its end."""
    DAILY = "daily"
    """A question of the daily set."""
    TABLE = "table"
    """A decision at the table (a match) that the hint judged clearly worse than the best, in a
    situation a lesson step teaches: a wrong answer to that step's check, so it comes due for review
    (``tutor.web.components.table.mistakes``)."""
    LIVE = "live"
    """A question of a live session (a teacher's quiz on the projector), logged once the question
    was closed: the pupil's final answer, once (``tutor.web.live.record``)."""
    SEEN = "seen"
    """Not an answer: a lesson step without a check was read."""
    RESET = "reset"
    """Not an answer: the learner reset a lesson (item: the lesson key)."""


ANSWER_SOURCES = frozenset(
    {Source.LESSON, Source.QUIZ, Source.REVIEW, Source.PRACTICE, Source.DAILY, Source.TABLE, Source.LIVE}
)
"""Sources whose attempts are answers (the others are events)."""


def as_utc(moment: datetime) -> datetime:
    """The moment in UTC (a naive value, as SQLite hands back, is taken to be UTC already)."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


@dataclass(frozen=True)
class Attempt:
    """One answer (or event) in a learner's log.

    >>> from datetime import datetime
    >>> a = Attempt(7, "envido-counting/two-of-a-suit", Source.LESSON, True, at=datetime(2026, 1, 5, 10, 0))
    >>> a.at.tzinfo is not None, a.is_answer, a.is_question
    (True, True, True)
    >>> Attempt(7, "flor", "reset", False, at=a.at).source
    <Source.RESET: 'reset'>
    """

    learner: int
    """The learner's id in the store."""
    item: str
    """What was answered (see the module docstring)."""
    source: Source
    correct: bool
    at: datetime
    """When, timezone-aware UTC (a naive value is read as UTC)."""
    hinted: bool = False
    """The learner asked for the hint before answering."""

    def __post_init__(self) -> None:
        if not isinstance(self.source, Source):
            object.__setattr__(self, "source", Source(self.source))
        object.__setattr__(self, "at", as_utc(self.at))
        if not self.item or len(self.item) > ITEM_MAX_LENGTH:
            raise ValueError(f"an item id has 1 to {ITEM_MAX_LENGTH} characters, not {self.item!r}")

    @property
    def is_answer(self) -> bool:
        """True for an answer (of any source, a quiz result included), False for an event."""
        return self.source in ANSWER_SOURCES

    @property
    def is_question(self) -> bool:
        """True for an answer to one item that can be asked again (not a quiz's result): these feed the
        review schedule, the accuracy, the streak and the daily goal."""
        return self.is_answer and not self.item.startswith(QUIZ_PREFIX)


def check_item(lesson: str, step: str) -> str:
    """The item of a lesson step's check.

    >>> check_item("card-ranking", "matas")
    'card-ranking/matas'
    """
    return f"{lesson}/{step}"


def practice_item(hand: str) -> str:
    """The item of a practice hand.

    >>> practice_item("first-envido")
    'practice:first-envido'
    """
    return PRACTICE_PREFIX + hand


def quiz_item(topic: str) -> str:
    """The item under which a quiz's result is kept.

    >>> quiz_item("flor")
    'quiz:flor'
    """
    return QUIZ_PREFIX + topic


def split_check_item(item: str) -> tuple[str, str] | None:
    """(lesson key, step key) of a check item, or None for any other item.

    >>> split_check_item("card-ranking/matas"), split_check_item("practice:x"), split_check_item("flor")
    (('card-ranking', 'matas'), None, None)
    """
    if item.startswith((QUIZ_PREFIX, PRACTICE_PREFIX)) or item.count("/") != 1:
        return None
    lesson, step = item.split("/")
    return (lesson, step) if lesson and step else None


def quiz_passed(right: int, total: int) -> bool:
    """Whether ``right`` answers out of ``total`` pass a quiz (at least nine tenths).

    >>> quiz_passed(9, 10), quiz_passed(8, 10), quiz_passed(18, 20), quiz_passed(17, 20), quiz_passed(0, 0)
    (True, False, True, False, False)
    """
    need, out_of = QUIZ_PASS_SHARE
    return total > 0 and 0 <= right <= total and right * out_of >= need * total


def quiz_result(learner: int, topic: str, right: int, total: int, at: datetime) -> Attempt:
    """The attempt that keeps a finished quiz's result: item ``quiz:<topic>``, right when passed.

    >>> from datetime import datetime
    >>> quiz_result(1, "flor", 9, 10, datetime(2026, 1, 1)).correct
    True
    """
    return Attempt(learner, quiz_item(topic), Source.QUIZ, quiz_passed(right, total), at=at)
