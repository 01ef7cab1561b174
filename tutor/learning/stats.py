"""What the log says about a learner: mastery per topic, accuracy per day, the streak, the daily
goal, totals and the items most often missed.

Only answers to items count here (every source: lesson, quiz, review, daily set, practice hand, a
mistake at the table), not the ``seen``/``reset`` events. A quiz's result (``quiz:<topic>``) counts only for mastery. Days are
calendar days in the time zone given (UTC unless the caller knows the learner's).

Mastery of a topic (:class:`TopicMastery`):

* *new*: no answer to any of its items yet;
* *learning*: answered, but not yet *practised*;
* *practised*: at least 8 of the last :data:`MASTERY_WINDOW` answers on its items right (a full window);
* *mastered*: its topic quiz passed (at least 9 of 10), at any time.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta, tzinfo
from enum import StrEnum

from .attempts import Attempt, Source, quiz_item
from .lessons import in_order
from .topics import TOPICS, Topic

MASTERY_WINDOW = 10
"""How many of the latest answers on a topic's items its share right is taken over."""
PRACTISED_SHARE = (8, 10)
"""Right answers needed in a full window for a topic to count as practised."""
DAILY_GOAL = 10
"""Answers a day that make the daily goal."""


def day_of(attempt: Attempt, tz: tzinfo = UTC) -> date:
    """The calendar day of an attempt in ``tz``."""
    return attempt.at.astimezone(tz).date()


def questions(attempts: Iterable[Attempt]) -> list[Attempt]:
    """The answers to items (no events, no quiz results), in time order."""
    return [attempt for attempt in in_order(attempts) if attempt.is_question]


# --- Mastery -------------------------------------------------------------------------------------------


class Level(StrEnum):
    """How far a learner is with a topic."""

    NEW = "new"
    LEARNING = "learning"
    PRACTISED = "practised"
    MASTERED = "mastered"


@dataclass(frozen=True)
class TopicMastery:
    """A learner's standing in one topic."""

    topic: Topic
    answers: int
    """Answers in the window (the topic's latest, at most :data:`MASTERY_WINDOW`)."""
    right: int
    """Right answers among them."""
    quiz_passed: bool
    """The topic quiz was passed at least once."""
    total_answers: int = 0
    """Every answer ever given on the topic's items."""

    @property
    def share(self) -> float | None:
        """Share right in the window, or None before the first answer."""
        return self.right / self.answers if self.answers else None

    @property
    def mastered(self) -> bool:
        """The topic quiz was passed."""
        return self.quiz_passed

    @property
    def level(self) -> Level:
        if self.quiz_passed:
            return Level.MASTERED
        if not self.answers:
            return Level.NEW
        need, out_of = PRACTISED_SHARE
        if self.answers >= MASTERY_WINDOW and self.right * out_of >= need * self.answers:
            return Level.PRACTISED
        return Level.LEARNING


def mastery(attempts: Iterable[Attempt], topic: Topic, window: int = MASTERY_WINDOW) -> TopicMastery:
    """A learner's mastery of one topic."""
    ordered = in_order(attempts)
    answers = [a for a in ordered if a.is_question and topic.covers(a.item)]
    latest = answers[-window:] if window > 0 else []
    result = quiz_item(topic.key)
    passed = any(a.item == result and a.source is Source.QUIZ and a.correct for a in ordered)
    return TopicMastery(topic, len(latest), sum(1 for a in latest if a.correct), passed, len(answers))


def all_mastery(attempts: Iterable[Attempt]) -> list[TopicMastery]:
    """Mastery of every topic, in curriculum order."""
    ordered = in_order(attempts)
    return [mastery(ordered, topic) for topic in TOPICS]


# --- Accuracy, streak, daily goal, totals -----------------------------------------------------------------


@dataclass(frozen=True)
class DayAccuracy:
    """Answers on one day and how many were right."""

    day: date
    answers: int
    right: int

    @property
    def share(self) -> float:
        return self.right / self.answers


def accuracy_by_day(attempts: Iterable[Attempt], topic: Topic | None = None, tz: tzinfo = UTC) -> list[DayAccuracy]:
    """One entry per day with at least one answer (on the topic's items, or on any item), oldest first."""
    answers: Counter[date] = Counter()
    right: Counter[date] = Counter()
    for attempt in questions(attempts):
        if topic is not None and not topic.covers(attempt.item):
            continue
        day = day_of(attempt, tz)
        answers[day] += 1
        right[day] += attempt.correct
    return [DayAccuracy(day, answers[day], right[day]) for day in sorted(answers)]


def streak(attempts: Iterable[Attempt], now: datetime, tz: tzinfo = UTC) -> int:
    """Days in a row with at least one answer, up to today; a streak is not broken before today ends,
    so without an answer yet today it counts up to yesterday."""
    days = {day_of(attempt, tz) for attempt in questions(attempts)}
    day = now.astimezone(tz).date()
    if day not in days:
        day -= timedelta(days=1)
    count = 0
    while day in days:
        count += 1
        day -= timedelta(days=1)
    return count


@dataclass(frozen=True)
class DailyGoal:
    """Today's answers against the daily goal."""

    answers: int
    goal: int = DAILY_GOAL

    @property
    def met(self) -> bool:
        return self.answers >= self.goal

    @property
    def remaining(self) -> int:
        return max(0, self.goal - self.answers)


def daily_goal(attempts: Iterable[Attempt], now: datetime, tz: tzinfo = UTC, goal: int = DAILY_GOAL) -> DailyGoal:
    """How many answers the learner gave today (in ``tz``), against ``goal``."""
    today = now.astimezone(tz).date()
    return DailyGoal(sum(1 for attempt in questions(attempts) if day_of(attempt, tz) == today), goal)


@dataclass(frozen=True)
class Totals:
    """Every answer the learner gave."""

    answers: int
    right: int
    items: int
    """Different items answered."""
    days: int
    """Days with at least one answer."""


def totals(attempts: Iterable[Attempt], tz: tzinfo = UTC) -> Totals:
    answers = questions(attempts)
    return Totals(
        len(answers),
        sum(1 for a in answers if a.correct),
        len({a.item for a in answers}),
        len({day_of(a, tz) for a in answers}),
    )


# --- Most missed ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Missed:
    """An item and how often it was answered wrong."""

    item: str
    wrong: int
    answers: int


def most_missed(attempts: Iterable[Attempt], limit: int = 5) -> list[Missed]:
    """The items answered wrong most often (at least once), most first; ties: the larger share wrong,
    then the item id."""
    wrong: Counter[str] = Counter()
    answers: Counter[str] = Counter()
    for attempt in questions(attempts):
        answers[attempt.item] += 1
        if not attempt.correct:
            wrong[attempt.item] += 1
    ranked = sorted(wrong, key=lambda item: (-wrong[item], -wrong[item] / answers[item], item))
    return [Missed(item, wrong[item], answers[item]) for item in ranked[:limit]]
