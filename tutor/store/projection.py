"""What the pages read, folded from the learning log one attempt at a time (pure Python: no database).

:class:`Projection` holds, for one learner, everything :mod:`tutor.learning` computes from the whole
log, kept up to date by :meth:`Projection.apply` as each attempt comes:

* per item (:class:`ItemState`): answers and right ones, the FSRS card (``tutor.learning.schedule``:
  the same :data:`~tutor.learning.SCHEDULER` and ratings, so the card is the one a replay gives), and
  the lesson step's record since its lesson's last reset (``tutor.learning.lessons``);
* per topic (:class:`TopicState`): answers, the latest results (the mastery window) and whether its
  quiz was passed (``tutor.learning.stats``);
* per lesson (:class:`LessonState`): tested out by its topic's quiz since the last reset;
* per day (:class:`DayState`): answers and right ones, in all (topic ``""``) and per topic covering
  the item (accuracy per day);
* the learner (:class:`Summary`): totals, days with answers, the streak, today's answers.

Days are calendar days in the store's day zone (``zone``). The fold equals the replay only if
attempts come in the log's order (by time, then id): the store appends them that way and rebuilds
the learner from the log otherwise (:mod:`tutor.store.attempts`). ``tests/store`` checks that
``Projection`` of any log equals what ``tutor.learning`` computes from it.

>>> from datetime import datetime, timezone
>>> from tutor.learning import Attempt
>>> p = Projection()
>>> t = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
>>> for n, right in enumerate((False, True)):
...     p.apply(Attempt(1, "envido-counting/no-pair", "lesson", right, at=t), entry=n + 1)
>>> p.items["envido-counting/no-pair"].lesson_first, p.summary.answers, p.summary.streak
(False, 2, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, timedelta, tzinfo

from fsrs import Card as ReviewCard, State

from ..learning import MASTERY_WINDOW, SCHEDULER, TOPICS, Attempt, Source, Topic, rating, split_check_item
from ..learning.attempts import QUIZ_PREFIX, as_utc
from ..learning.schedule import card_id
from ..learning.topics import get_topic, topic_of_lesson

RECENT_KEPT = MASTERY_WINDOW
"""How many of a topic's latest results are kept (the mastery window)."""

_TOPICS_OF_LESSON: dict[str, tuple[Topic, ...]] = {}
for _topic in TOPICS:
    for _lesson in _topic.lessons:
        _TOPICS_OF_LESSON.setdefault(_lesson, ())
        _TOPICS_OF_LESSON[_lesson] += (_topic,)


def topics_covering(item: str) -> tuple[Topic, ...]:
    """The topics whose lessons the check item belongs to (none for other items).

    >>> [t.key for t in topics_covering("flor/value")], topics_covering("practice:x")
    (['flor'], ())
    """
    parts = split_check_item(item)
    return _TOPICS_OF_LESSON.get(parts[0], ()) if parts else ()


@dataclass(slots=True)
class ItemState:
    """One item of one learner."""

    answers: int = 0
    right: int = 0
    card_state: int | None = None
    card_step: int | None = None
    stability: float | None = None
    difficulty: float | None = None
    due: datetime | None = None
    last_review: datetime | None = None
    lesson_tries: int = 0
    lesson_right: int = 0
    lesson_first: bool | None = None
    lesson_done: bool = False
    lesson_touched: datetime | None = None

    def card(self, item: str) -> ReviewCard | None:
        """The item's FSRS card (None before its first answer)."""
        if self.card_state is None or self.due is None:
            return None
        return ReviewCard(
            card_id=card_id(item),
            state=State(self.card_state),
            step=self.card_step,
            stability=self.stability,
            difficulty=self.difficulty,
            due=as_utc(self.due),
            last_review=as_utc(self.last_review) if self.last_review is not None else None,
        )

    def set_card(self, card: ReviewCard) -> None:
        self.card_state = int(card.state)
        self.card_step = card.step
        self.stability = card.stability
        self.difficulty = card.difficulty
        self.due = card.due
        self.last_review = card.last_review

    @property
    def lesson_started(self) -> bool:
        """The step has a record since its lesson's last reset (answered, or read)."""
        return self.lesson_touched is not None

    def clear_lesson(self) -> None:
        self.lesson_tries = self.lesson_right = 0
        self.lesson_first = None
        self.lesson_done = False
        self.lesson_touched = None


@dataclass(slots=True)
class TopicState:
    """One quiz topic of one learner."""

    answers: int = 0
    recent: str = ""
    """The latest results, oldest first: ``1`` right, ``0`` wrong."""
    quiz_passed: bool = False


@dataclass(slots=True)
class LessonState:
    """One lesson of one learner."""

    tested_out: bool = False
    resets: int = 0


@dataclass(slots=True)
class DayState:
    """One day (and topic) of one learner."""

    answers: int = 0
    right: int = 0


@dataclass(slots=True)
class Summary:
    """One learner's log as a whole."""

    entries: int = 0
    last_entry: int | None = None
    last_at: datetime | None = None
    answers: int = 0
    right: int = 0
    days: int = 0
    last_day: date | None = None
    streak: int = 0
    day_answers: int = 0


@dataclass
class Projection:
    """One learner's projections, and which of them changed since :meth:`clean`."""

    zone: tzinfo = UTC
    summary: Summary = field(default_factory=Summary)
    items: dict[str, ItemState] = field(default_factory=dict)
    topics: dict[str, TopicState] = field(default_factory=dict)
    lessons: dict[str, LessonState] = field(default_factory=dict)
    days: dict[tuple[date, str], DayState] = field(default_factory=dict)
    dirty_items: set[str] = field(default_factory=set)
    dirty_topics: set[str] = field(default_factory=set)
    dirty_lessons: set[str] = field(default_factory=set)
    dirty_days: set[tuple[date, str]] = field(default_factory=set)

    def clean(self) -> None:
        """Forget which rows changed (after they were written)."""
        self.dirty_items.clear()
        self.dirty_topics.clear()
        self.dirty_lessons.clear()
        self.dirty_days.clear()

    def in_order(self, at: datetime) -> bool:
        """True when an attempt at ``at`` comes after every attempt taken in (the fold stays exact)."""
        last = self.summary.last_at
        return last is None or as_utc(at) >= as_utc(last)

    def day_of(self, at: datetime) -> date:
        return as_utc(at).astimezone(self.zone).date()

    # --- The fold --------------------------------------------------------------------------------

    def apply(self, attempt: Attempt, entry: int | None = None) -> None:
        """Take in the next attempt of the log (``entry``: its id in the store)."""
        summary = self.summary
        summary.entries += 1
        summary.last_entry = entry if entry is not None else summary.last_entry
        summary.last_at = attempt.at
        if attempt.is_question:
            self._answer(attempt)
        source = attempt.source
        if source in (Source.LESSON, Source.SEEN):
            parts = split_check_item(attempt.item)
            if parts is not None:
                self._lesson_step(attempt, source)
        elif source is Source.RESET:
            self._reset(attempt.item)
        if source is Source.QUIZ and attempt.item.startswith(QUIZ_PREFIX) and attempt.correct:
            self._quiz_passed(attempt.item[len(QUIZ_PREFIX) :])

    def _item(self, item: str) -> ItemState:
        state = self.items.get(item)
        if state is None:
            state = self.items[item] = ItemState()
        self.dirty_items.add(item)
        return state

    def _answer(self, attempt: Attempt) -> None:
        item, correct, at = attempt.item, attempt.correct, attempt.at
        state = self._item(item)
        state.answers += 1
        state.right += correct
        card = state.card(item) or ReviewCard(card_id=card_id(item), due=at)
        card, _log = SCHEDULER.review_card(card, rating(attempt), review_datetime=at)
        state.set_card(card)

        summary = self.summary
        summary.answers += 1
        summary.right += correct
        day = self.day_of(at)
        if summary.last_day != day:  # in the log's order a day never comes back once the next has begun
            following = summary.last_day is not None and summary.last_day == day - timedelta(days=1)
            summary.streak = summary.streak + 1 if following else 1
            summary.last_day = day
            summary.day_answers = 0
            summary.days += 1
        summary.day_answers += 1

        covering = topics_covering(item)
        for key in ("", *(topic.key for topic in covering)):
            day_state = self.days.get((day, key))
            if day_state is None:
                day_state = self.days[(day, key)] = DayState()
            day_state.answers += 1
            day_state.right += correct
            self.dirty_days.add((day, key))

        for topic in covering:
            topic_state = self._topic(topic.key)
            topic_state.answers += 1
            topic_state.recent = (topic_state.recent + ("1" if correct else "0"))[-RECENT_KEPT:]

    def _topic(self, key: str) -> TopicState:
        state = self.topics.get(key)
        if state is None:
            state = self.topics[key] = TopicState()
        self.dirty_topics.add(key)
        return state

    def _lesson(self, key: str) -> LessonState:
        state = self.lessons.get(key)
        if state is None:
            state = self.lessons[key] = LessonState()
        self.dirty_lessons.add(key)
        return state

    def _lesson_step(self, attempt: Attempt, source: Source) -> None:
        state = self._item(attempt.item)
        if source is Source.SEEN:
            state.lesson_done = True
        else:
            state.lesson_done = state.lesson_done or attempt.correct
            if state.lesson_first is None:
                state.lesson_first = attempt.correct
            state.lesson_tries += 1
            state.lesson_right += attempt.correct
        state.lesson_touched = attempt.at

    def _reset(self, lesson: str) -> None:
        prefix = lesson + "/"
        for item, state in self.items.items():
            if item.startswith(prefix) and state.lesson_started:
                state.clear_lesson()
                self.dirty_items.add(item)
        lesson_state = self._lesson(lesson)
        lesson_state.tested_out = False
        lesson_state.resets += 1

    def _quiz_passed(self, topic_key: str) -> None:
        try:
            topic = get_topic(topic_key)
        except KeyError:
            return  # the exam, or a topic that is gone
        self._topic(topic.key).quiz_passed = True
        for lesson in topic.lessons:
            if topic_of_lesson(lesson) is topic:  # the quiz whose result a lesson reads (tutor.learning.lessons)
                self._lesson(lesson).tested_out = True

    def copy(self) -> Projection:
        """A deep copy (the states are small)."""
        return Projection(
            self.zone,
            replace(self.summary),
            {k: replace(v) for k, v in self.items.items()},
            {k: replace(v) for k, v in self.topics.items()},
            {k: replace(v) for k, v in self.lessons.items()},
            {k: replace(v) for k, v in self.days.items()},
        )


def fold(attempts, zone: tzinfo = UTC) -> Projection:
    """The projection of a whole log (``Attempt`` values in any order; sorted by time, stably)."""
    projection = Projection(zone)
    for attempt in sorted(attempts, key=lambda a: a.at):
        projection.apply(attempt)
    return projection
