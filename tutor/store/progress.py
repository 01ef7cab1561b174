"""Reading the projections: one learner's :class:`Progress`, or a whole class's in a constant number
of queries (:meth:`ProgressReader.of`).

:class:`Progress` answers what :mod:`tutor.learning` computes from a whole log (lesson statuses and
stars, mastery, totals, streak, daily goal, most missed, the FSRS cards and what is due) from the
projections alone, so a page costs the same for a learner with 10,000 answers as for a new one:
the rows read are bounded by the content (about one per lesson step, practice hand and topic), not
by the history. The review queue (:meth:`Progress.review_queue`) keeps the items that can be asked
again (a lesson step's check that still exists: :func:`reviewable`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from fsrs import Card as ReviewCard
from sqlalchemy import bindparam, func, select, union_all

from ..content import Lesson, Step, all_lessons, get_lesson
from ..learning import (
    DAILY_GOAL,
    MASTERY_WINDOW,
    TOPICS,
    DailyGoal,
    DayAccuracy,
    Due,
    LessonStatus,
    Missed,
    StepRecord,
    Topic,
    TopicMastery,
    Totals,
    as_utc,
    last_touched,
    split_check_item,
)
from .projection import DayState, ItemState, LessonState, Projection, Summary, TopicState
from .schema import DayProgress, ItemProgress, Learner, LearnerProgress, LessonProgress, TopicProgress, db
from .sql import aware, statement, time_column

if TYPE_CHECKING:
    from . import Store

ITEM_COLUMNS = (
    "answers",
    "right",
    "card_state",
    "card_step",
    "stability",
    "difficulty",
    "due",
    "last_review",
    "lesson_tries",
    "lesson_right",
    "lesson_first",
    "lesson_done",
    "lesson_touched",
)
"""``ItemProgress`` columns in :class:`~tutor.store.projection.ItemState`'s order."""
SUMMARY_COLUMNS = ("entries", "last_entry", "last_at", "answers", "right", "days", "last_day", "streak", "day_answers")
"""``LearnerProgress`` columns in :class:`~tutor.store.projection.Summary`'s order."""
_TIMES = {"due", "last_review", "lesson_touched", "last_at"}


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


_REVIEWABLE: list = [None, frozenset()]


def reviewable_items() -> frozenset[str]:
    """Every item the review can ask now: the checks of the lessons' steps (worked out again when the
    content is loaded again)."""
    lessons = all_lessons()
    if _REVIEWABLE[0] is not lessons:
        _REVIEWABLE[:] = [
            lessons,
            frozenset(
                f"{lesson.key}/{step.key}" for lesson in lessons for step in lesson.steps if step.check is not None
            ),
        ]
    return _REVIEWABLE[1]


@dataclass(frozen=True)
class ReviewItem:
    """One item of the review queue."""

    item: str
    due: datetime
    """When its FSRS card fell (or falls) due, UTC."""
    lesson: Lesson
    step: Step
    card: ReviewCard


class Progress:
    """What one learner's projections say (see the module docstring). ``learner_id`` None: a
    visitor the store does not know, who has no progress.

    Made with a ``reader``, the learner's item, topic and lesson rows are read when first needed (a
    page that shows only the header's count reads the items, nothing else), each part in one query."""

    def __init__(
        self, learner_id: int | None, projection: Projection | None = None, reader: ProgressReader | None = None
    ) -> None:
        self.learner_id = learner_id
        self._projection = projection or Projection()
        self._unread = {"items", "topics", "lessons"} if reader is not None and learner_id is not None else set()
        if not self._projection.summary.entries:
            self._unread.clear()  # nothing appended yet: nothing to read
        self._reader = reader

    def _read(self, part: str) -> None:
        if part in self._unread:
            self._unread.discard(part)
            assert self._reader is not None and self.learner_id is not None
            getattr(self._reader, f"_read_{part}")([self.learner_id], {self.learner_id: self._projection})

    @property
    def projection(self) -> Projection:
        """Every part of the projection (reading what was not read yet)."""
        for part in tuple(self._unread):
            self._read(part)
        return self._projection

    @property
    def summary(self) -> Summary:
        return self._projection.summary

    @property
    def items(self) -> dict[str, ItemState]:
        self._read("items")
        return self._projection.items

    @property
    def topics(self) -> dict[str, TopicState]:
        self._read("topics")
        return self._projection.topics

    @property
    def lessons(self) -> dict[str, LessonState]:
        self._read("lessons")
        return self._projection.lessons

    @property
    def entries(self) -> int:
        """Log entries taken in (a new entry changes it: a key for what depends on the progress)."""
        return self.summary.entries

    # --- Lessons ---------------------------------------------------------------------------------

    def lesson_status(self, lesson: Lesson) -> LessonStatus:
        """Steps done, first tries and stars since the lesson's last reset (``tutor.learning.lesson_status``)."""
        records: dict[str, StepRecord] = {}
        touched: datetime | None = None
        items = self.items
        for step in lesson.steps:
            state = items.get(f"{lesson.key}/{step.key}")
            if state is None or state.lesson_touched is None:
                continue
            records[step.key] = StepRecord(
                state.lesson_done, state.lesson_first, state.lesson_tries, state.lesson_right
            )
            moment = as_utc(state.lesson_touched)
            if touched is None or moment > touched:
                touched = moment
        lesson_state = self.lessons.get(lesson.key)
        return LessonStatus(lesson, records, bool(lesson_state and lesson_state.tested_out), touched)

    def lesson_statuses(self, lessons: Iterable[Lesson]) -> list[LessonStatus]:
        return [self.lesson_status(lesson) for lesson in lessons]

    @staticmethod
    def last_touched(statuses: Iterable[LessonStatus]) -> str | None:
        return last_touched(statuses)

    # --- Mastery and statistics ------------------------------------------------------------------

    def mastery(self, topic: Topic, window: int = MASTERY_WINDOW) -> TopicMastery:
        state = self.topics.get(topic.key) or TopicState()
        latest = state.recent[-window:] if window > 0 else ""
        return TopicMastery(topic, len(latest), latest.count("1"), state.quiz_passed, state.answers)

    def all_mastery(self) -> list[TopicMastery]:
        return [self.mastery(topic) for topic in TOPICS]

    def totals(self) -> Totals:
        summary = self.summary
        items = sum(1 for state in self.items.values() if state.answers)
        return Totals(summary.answers, summary.right, items, summary.days)

    def streak(self, now: datetime) -> int:
        """Days in a row with answers up to today (``tutor.learning.streak``; ``now`` not before the
        latest answer)."""
        last = self.summary.last_day
        if last is None:
            return 0
        today = self._today(now)
        return self.summary.streak if last in (today, today - timedelta(days=1)) else 0

    def daily_goal(self, now: datetime, goal: int = DAILY_GOAL) -> DailyGoal:
        """Today's answers against the goal (``tutor.learning.daily_goal``)."""
        summary = self.summary
        return DailyGoal(summary.day_answers if summary.last_day == self._today(now) else 0, goal)

    def _today(self, now: datetime) -> date:
        return as_utc(now).astimezone(self._projection.zone).date()

    def most_missed(self, limit: int = 5) -> list[Missed]:
        """The items answered wrong most often (``tutor.learning.most_missed``)."""
        wrong = [(item, s.answers - s.right, s.answers) for item, s in self.items.items() if s.answers > s.right]
        wrong.sort(key=lambda entry: (-entry[1], -entry[1] / entry[2], entry[0]))
        return [Missed(item, count, answers) for item, count, answers in wrong[:limit]]

    # --- The review schedule ---------------------------------------------------------------------

    def review_cards(self) -> dict[str, ReviewCard]:
        """Every answered item's FSRS card (``tutor.learning.review_cards``)."""
        found = {}
        for item, state in self.items.items():
            card = state.card(item)
            if card is not None:
                found[item] = card
        return found

    def due_items(self, now: datetime) -> list[Due]:
        """Every answered item due at ``now``, the longest overdue first (``tutor.learning.due_items``)."""
        moment = as_utc(now)
        due = [
            Due(item, as_utc(state.due), card)
            for item, state in self.items.items()
            if state.due is not None and as_utc(state.due) <= moment and (card := state.card(item)) is not None
        ]
        return sorted(due, key=lambda entry: (entry.due, entry.item))  # type: ignore[arg-type]

    def schedule(self) -> list[ReviewItem]:
        """Every reviewable item answered, with its due time, soonest first."""
        entries = []
        for item, state in self.items.items():
            if state.due is None:
                continue
            found = reviewable(item)
            if found is not None:
                entries.append(ReviewItem(item, as_utc(state.due), found[0], found[1], state.card(item)))  # type: ignore[arg-type]
        return sorted(entries, key=lambda entry: (entry.due, entry.item))

    def due_for_review(self, now: datetime) -> list[str]:
        """The reviewable items due at ``now``, the longest overdue first (no card is built)."""
        moment = as_utc(now)
        due = [
            (as_utc(state.due), item)
            for item, state in self.items.items()
            if state.due is not None and as_utc(state.due) <= moment and reviewable(item) is not None
        ]
        return [item for _due, item in sorted(due)]

    def review_queue(self, now: datetime) -> list[ReviewItem]:
        """The reviewable items due at ``now``, the longest overdue first (then by item id)."""
        moment = as_utc(now)
        return [entry for entry in self.schedule() if entry.due <= moment]

    def review_count(self, now: datetime) -> int:
        """How many reviewable items are due at ``now`` (no card is built; when the items were not read
        yet, one counting query instead: the header's badge on every page)."""
        moment = as_utc(now)
        if "items" in self._unread and self._reader is not None and self.learner_id is not None:
            return self._reader.due_count(self.learner_id, moment, self.summary)
        return sum(
            1
            for item, state in self.items.items()
            if state.due is not None and as_utc(state.due) <= moment and reviewable(item) is not None
        )

    def next_review(self, now: datetime) -> datetime | None:
        """When the next reviewable item falls due after ``now``, or None if none is scheduled."""
        moment = as_utc(now)
        return next((entry.due for entry in self.schedule() if entry.due > moment), None)


# --- Reading the rows -----------------------------------------------------------------------------------


def _learner_statement() -> tuple[Any, Callable[[Any], datetime | None]]:
    """The query of :meth:`ProgressReader.learner` (it runs on every page of a known visitor)."""
    learners, summaries = Learner.__table__, LearnerProgress.__table__
    columns, time = selected(summaries, SUMMARY_COLUMNS)
    statement = (
        select(learners.c.id, summaries.c.learner_id, *columns)
        .select_from(learners.outerjoin(summaries, summaries.c.learner_id == learners.c.id))
        .where(learners.c.public_id == bindparam("public_id"))
    )
    return statement, time


def item_state(row: Sequence, time: Callable[[Any], datetime | None] = aware) -> ItemState:
    """An :class:`ItemState` from a row of :data:`ITEM_COLUMNS` (``time`` makes its times aware)."""
    (
        answers,
        right,
        card_state,
        card_step,
        stability,
        difficulty,
        due,
        last_review,
        tries,
        right_l,
        first,
        done,
        touched,
    ) = row
    return ItemState(
        answers,
        right,
        card_state,
        card_step,
        stability,
        difficulty,
        time(due),
        time(last_review),
        tries,
        right_l,
        None if first is None else bool(first),
        bool(done),
        time(touched),
    )


def summary_state(row: Sequence, time: Callable[[Any], datetime | None] = aware) -> Summary:
    entries, last_entry, last_at, answers, right, days, last_day, streak, day_answers = row
    return Summary(entries, last_entry, time(last_at), answers, right, days, last_day, streak, day_answers)


def selected(table: Any, names: Sequence[str]) -> tuple[list[Any], Callable[[Any], datetime | None]]:
    """The columns ``names`` of ``table`` to select (times read fast: :func:`tutor.store.sql.time_column`),
    and the function that makes the times aware."""
    columns = []
    time: Callable[[Any], datetime | None] = aware
    for name in names:
        if name in _TIMES:
            column, time = time_column(table.c[name])
            columns.append(column)
        else:
            columns.append(table.c[name])
    return columns, time


DUE_COUNTS_KEPT = 4096
"""Learners whose due count each worker keeps (:meth:`ProgressReader.due_count`)."""


class ProgressReader:
    """Reads the projections, for one learner or many at once."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._due: dict[tuple[int, int, int | None], tuple[int, datetime | None]] = {}
        self._lock = threading.Lock()

    def of(self, learner_ids: Iterable[int]) -> dict[int, Progress]:
        """Each learner's :class:`Progress` (learners without any entry get an empty one), in four
        queries whatever the number of learners: ready for a classroom dashboard."""
        ids = sorted(set(learner_ids))
        zone = self.store.zone
        projections = {learner_id: Projection(zone) for learner_id in ids}
        if ids:
            self._read_summaries(ids, projections)
            self._read_items(ids, projections)
            self._read_topics(ids, projections)
            self._read_lessons(ids, projections)
        return {learner_id: Progress(learner_id, projection) for learner_id, projection in projections.items()}

    def one(self, learner_id: int | None, summary: Summary | None = None) -> Progress:
        """One learner's :class:`Progress` (an empty one for None), its parts read when first needed;
        ``summary`` if the caller read it already (with the learner's row: :meth:`learner`)."""
        projection = Projection(self.store.zone)
        if learner_id is None:
            return Progress(None, projection)
        if summary is None:
            self._read_summaries([learner_id], {learner_id: projection})
        else:
            projection.summary = summary
        return Progress(learner_id, projection, self)

    def learner(self, public_id: str) -> tuple[int, Summary] | None:
        """The id of the learner with this public id and the summary of its log, in one query (None:
        no such learner). What every page of a known visitor reads first."""
        query, time = statement("learner", _learner_statement)
        row = db.session.execute(query, {"public_id": public_id}).first()
        if row is None:
            return None
        learner_id, has_summary, *values = row
        return learner_id, summary_state(values, time) if has_summary is not None else Summary()

    def due_count(self, learner_id: int, now: datetime, summary: Summary | None = None) -> int:
        """How many reviewable items of the learner are due at ``now``: one query over the (learner, due)
        index, no row read; with the learner's ``summary``, the count is kept per worker until the next
        item falls due or the log grows (the summary's entries and last entry name the log's state)."""
        key = (learner_id, summary.entries, summary.last_entry) if summary is not None else None
        if key is not None:
            with self._lock:
                found = self._due.get(key)
            if found is not None and (found[1] is None or now < found[1]):
                return found[0]
        items = ItemProgress.__table__
        due_time, time = time_column(items.c.due)

        def build() -> Any:
            due_now = items.c.due <= bindparam("now")
            return select(func.count().filter(due_now), func.min(due_time).filter(~due_now)).where(
                items.c.learner_id == bindparam("learner"),
                items.c.due.is_not(None),
                items.c.item.in_(bindparam("reviewable", expanding=True)),
            )

        count, following = db.session.execute(
            statement("due count", build), {"learner": learner_id, "now": now, "reviewable": sorted(reviewable_items())}
        ).one()
        if key is not None:
            with self._lock:
                self._due[key] = (count or 0, time(following))
                while len(self._due) > DUE_COUNTS_KEPT:
                    self._due.pop(next(iter(self._due)))
        return count or 0

    def _read_summaries(self, ids: list[int], projections: dict[int, Projection]) -> None:
        summaries = LearnerProgress.__table__

        def build() -> Any:
            columns, time = selected(summaries, SUMMARY_COLUMNS)
            return (
                select(summaries.c.learner_id, *columns).where(
                    summaries.c.learner_id.in_(bindparam("ids", expanding=True))
                ),
                time,
            )

        query, time = statement("read summaries", build)
        for learner_id, *values in db.session.execute(query, {"ids": ids}).all():
            projections[learner_id].summary = summary_state(values, time)

    def _read_items(self, ids: list[int], projections: dict[int, Projection]) -> None:
        items = ItemProgress.__table__

        def build() -> Any:
            columns, time = selected(items, ITEM_COLUMNS)
            return (
                select(items.c.learner_id, items.c.item, *columns).where(
                    items.c.learner_id.in_(bindparam("ids", expanding=True))
                ),
                time,
            )

        query, time = statement("read items", build)
        for learner_id, item, *values in db.session.execute(query, {"ids": ids}).all():
            projections[learner_id].items[item] = item_state(values, time)

    def _read_topics(self, ids: list[int], projections: dict[int, Projection]) -> None:
        topics = TopicProgress.__table__
        query = statement(
            "read topics",
            lambda: select(
                topics.c.learner_id, topics.c.topic, topics.c.answers, topics.c.recent, topics.c.quiz_passed
            ).where(topics.c.learner_id.in_(bindparam("ids", expanding=True))),
        )
        for learner_id, topic, answers, recent, passed in db.session.execute(query, {"ids": ids}).all():
            projections[learner_id].topics[topic] = TopicState(answers, recent or "", bool(passed))

    def _read_lessons(self, ids: list[int], projections: dict[int, Projection]) -> None:
        lessons = LessonProgress.__table__
        query = statement(
            "read lessons",
            lambda: select(lessons.c.learner_id, lessons.c.lesson, lessons.c.tested_out, lessons.c.resets).where(
                lessons.c.learner_id.in_(bindparam("ids", expanding=True))
            ),
        )
        for learner_id, lesson, tested_out, resets in db.session.execute(query, {"ids": ids}).all():
            projections[learner_id].lessons[lesson] = LessonState(bool(tested_out), resets)

    def days(
        self, learner_ids: Iterable[int], *, latest: int | None = None, since: date | None = None
    ) -> dict[int, dict[str, list[DayAccuracy]]]:
        """Per learner, per topic key (``""``: every answer), the days with answers from ``since`` on (all
        if None), oldest first; only each topic's ``latest`` of them if given. One query."""
        ids = sorted(set(learner_ids))
        table = DayProgress.__table__
        found: dict[int, dict[str, list[DayAccuracy]]] = {learner_id: {} for learner_id in ids}
        if not ids:
            return found
        columns = (table.c.learner_id, table.c.topic, table.c.day, table.c.answers, table.c.right)
        query: Any
        values: dict[str, Any] = {}
        wanted = [table.c.learner_id.in_(ids)] + ([table.c.day >= since] if since is not None else [])
        if latest is not None and len(ids) == 1 and since is None:
            # One learner: each topic's latest days straight from the end of the key's range (bounded
            # by ``latest`` per topic however many days the learner has).
            keys = ("", *(topic.key for topic in TOPICS))
            query = statement(
                ("latest days", keys),
                lambda: union_all(
                    *(
                        select(part)
                        for part in (
                            select(*columns)
                            .where(table.c.learner_id == bindparam("learner"), table.c.topic == key)
                            .order_by(table.c.day.desc())
                            .limit(bindparam("latest"))
                            .subquery()
                            for key in keys
                        )
                    )
                ),
            )
            values = {"learner": ids[0], "latest": latest}
        elif latest is not None:
            number = (
                func.row_number()
                .over(partition_by=(table.c.learner_id, table.c.topic), order_by=table.c.day.desc())
                .label("number")
            )
            ranked = select(*columns, number).where(*wanted).subquery()
            query = select(ranked.c.learner_id, ranked.c.topic, ranked.c.day, ranked.c.answers, ranked.c.right).where(
                ranked.c.number <= latest
            )
        else:
            query = select(*columns).where(*wanted)
        for learner_id, topic, day, answers, right in db.session.execute(query, values):
            found[learner_id].setdefault(topic, []).append(DayAccuracy(day, answers, right))
        for per_topic in found.values():
            for days in per_topic.values():
                days.sort(key=lambda entry: entry.day)
        return found

    def states(self, learner_id: int, days: Iterable[date] = ()) -> dict[tuple[date, str], DayState]:
        """The learner's day rows of ``days`` (for an append that adds to them)."""
        wanted = sorted(set(days))
        if not wanted:
            return {}
        table = DayProgress.__table__
        query = statement(
            "day states",
            lambda: select(table.c.day, table.c.topic, table.c.answers, table.c.right).where(
                table.c.learner_id == bindparam("learner"), table.c.day.in_(bindparam("days", expanding=True))
            ),
        )
        return {
            (day, topic): DayState(answers, right)
            for day, topic, answers, right in db.session.execute(query, {"learner": learner_id, "days": wanted})
        }
