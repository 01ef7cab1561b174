"""The learning log: appending attempts with their projections in one transaction, reading attempts
back for many learners at once, and rebuilding the projections from the log.

Appending (:meth:`AttemptLog.append`) is one transaction whose first statement locks the learner's
``learner_progress`` row (``INSERT ... ON CONFLICT DO UPDATE ... RETURNING``: a row lock on
PostgreSQL, the write lock on SQLite), so one learner's appends are applied one after the other on
every worker and server. Inside it, in order:

1. the answer form's one-time token is claimed (:mod:`tutor.store.tokens`): a form counted before
   rolls everything back and nothing is written;
2. the feature's own write runs (``guard``: a quiz run's or a practice run's compare-and-swap on its
   version); when it returns False (the run moved on in another tab) everything is rolled back;
3. the attempts are inserted, stamped with the store's clock (never earlier than the learner's
   latest attempt, so the log's order by time is the order of appending);
4. the projections are updated from the rows read under the lock (:mod:`tutor.store.projection`)
   and written back with upserts; an attempt given an explicit earlier time (an import) makes the
   learner's projections be recomputed from the whole log instead.

Commit makes the attempts and the projections visible together; any failure leaves neither.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import bindparam, delete, func, or_, select

from ..learning import Attempt, Source, as_utc
from .progress import ITEM_COLUMNS, SUMMARY_COLUMNS, Progress, summary_state
from .projection import Projection
from .schema import (
    PROJECTIONS,
    AttemptRow,
    DayProgress,
    ItemProgress,
    LearnerProgress,
    LessonProgress,
    TopicProgress,
    db,
)
from .sql import aware, replace_rows, statement, upsert

if TYPE_CHECKING:
    from . import Store


@dataclass(frozen=True)
class LogEntry:
    """An attempt to append: the store gives it its learner and, unless ``at`` is set, its time."""

    item: str
    source: Source | str
    correct: bool = False
    hinted: bool = False
    at: datetime | None = None


@dataclass(frozen=True)
class Appended:
    """What an append wrote: the attempts (in order) and the learner's progress after them."""

    attempts: list[Attempt]
    progress: Progress


Guard = Callable[[], bool]
"""A feature's write that must happen with the attempts or not at all; False rolls everything back."""


def attempt_of(row: Any) -> Attempt:
    """The pure value of one stored attempt (a row with learner_id, item, source, correct, hinted, at)."""
    return Attempt(row.learner_id, row.item, Source(row.source), bool(row.correct), at=row.at, hinted=bool(row.hinted))


class AttemptLog:
    """The ``attempt`` table and the projections kept with it."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # --- Reading ---------------------------------------------------------------------------------

    def of(
        self,
        learner_ids: Iterable[int],
        *,
        items: Iterable[str] = (),
        prefixes: Iterable[str] = (),
        since: datetime | None = None,
    ) -> dict[int, list[Attempt]]:
        """Each learner's attempts in the log's order (by time, then id), in one query: all of them,
        or those whose item is one of ``items`` or starts with one of ``prefixes``; only those at or
        after ``since`` if given."""
        ids = sorted(set(learner_ids))
        found: dict[int, list[Attempt]] = {learner_id: [] for learner_id in ids}
        if not ids:
            return found
        table = AttemptRow.__table__
        query = select(
            table.c.learner_id, table.c.item, table.c.source, table.c.correct, table.c.hinted, table.c.at
        ).where(table.c.learner_id.in_(ids))
        wanted, starts = list(items), list(prefixes)
        if wanted or starts:
            query = query.where(
                or_(table.c.item.in_(wanted), *(table.c.item.startswith(p, autoescape=True) for p in starts))
            )
        if since is not None:
            query = query.where(table.c.at >= since)
        for row in db.session.execute(query.order_by(table.c.learner_id, table.c.at, table.c.id)):
            found[row.learner_id].append(attempt_of(row))
        return found

    def of_learner(self, learner_id: int | None, **filters: Any) -> list[Attempt]:
        """One learner's attempts (see :meth:`of`); none for None."""
        if learner_id is None:
            return []
        return self.of([learner_id], **filters)[learner_id]

    def count(self, learner_id: int) -> int:
        return (
            db.session.scalar(select(func.count()).select_from(AttemptRow).where(AttemptRow.learner_id == learner_id))
            or 0
        )

    # --- Writing ---------------------------------------------------------------------------------

    def append(
        self, learner_id: int, entries: Sequence[LogEntry], *, token: str | None = None, guard: Guard | None = None
    ) -> Appended | None:
        """Append ``entries`` for the learner with their projections, in one transaction (see the
        module docstring). None, with nothing written, for a form counted before or a guard that
        failed."""
        try:
            summary = self._lock(learner_id)
            if not self.store.tokens.claim(learner_id, token) or (guard is not None and not guard()):
                db.session.rollback()
                return None
            appended = self._append_locked(learner_id, summary, entries)
            db.session.commit()
        except BaseException:
            db.session.rollback()
            raise
        if token is not None:
            self.store.tokens.forget_old()
        return appended

    def import_log(self, learner_id: int, entries: Sequence[LogEntry | dict[str, Any]]) -> Appended:
        """Append entries with their own times (an import, a test's hand-made log), in one transaction."""
        values = [entry if isinstance(entry, LogEntry) else LogEntry(**entry) for entry in entries]
        appended = self.append(learner_id, values)
        assert appended is not None
        return appended

    def _lock(self, learner_id: int) -> Any:
        """Lock the learner's progress row (creating it) and return it as it is now."""
        table = LearnerProgress.__table__

        def build() -> Any:
            insert = upsert(table).values(
                learner_id=bindparam("learner"), entries=0, answers=0, right=0, days=0, streak=0, day_answers=0
            )
            return insert.on_conflict_do_update(
                index_elements=[table.c.learner_id], set_={"entries": table.c.entries}
            ).returning(*(table.c[name] for name in SUMMARY_COLUMNS))

        return db.session.execute(statement("lock", build), {"learner": learner_id}).one()

    def _append_locked(self, learner_id: int, summary_row: Any, entries: Sequence[LogEntry]) -> Appended:
        store = self.store
        projection = Projection(store.zone, summary_state(summary_row))
        now = store.clock.now()
        latest = aware(projection.summary.last_at)
        values: list[dict[str, Any]] = []
        in_order = True
        for entry in entries:
            source = Source(entry.source)
            if entry.at is None:
                at = now if latest is None or now >= latest else latest  # the log's time never goes back
            else:
                at = as_utc(entry.at)
                in_order = in_order and (latest is None or at >= latest)
            latest = at if latest is None or at > latest else latest
            values.append(
                {
                    "learner_id": learner_id,
                    "item": entry.item,
                    "source": source.value,
                    "correct": bool(entry.correct),
                    "hinted": bool(entry.hinted),
                    "at": at,
                }
            )
        if not values:
            return Appended([], self._load(learner_id, projection))
        table = AttemptRow.__table__
        ids = [
            row[0]
            for row in db.session.execute(
                statement(
                    "insert attempts", lambda: table.insert().returning(table.c.id, sort_by_parameter_order=True)
                ),
                values,
            )
        ]
        attempts = [
            Attempt(learner_id, v["item"], Source(v["source"]), v["correct"], at=v["at"], hinted=v["hinted"])
            for v in values
        ]
        if not in_order:
            progress = self._rebuild_locked(learner_id)
            return Appended(attempts, progress)
        self._load(learner_id, projection, days={projection.day_of(a.at) for a in attempts if a.is_question})
        for attempt, entry_id in zip(attempts, ids, strict=True):
            projection.apply(attempt, entry_id)
        self._write(learner_id, projection)
        return Appended(attempts, Progress(learner_id, projection))

    def _load(self, learner_id: int, projection: Projection, days: Iterable[date] = ()) -> Progress:
        """Read the learner's item, topic and lesson rows (and the day rows of ``days``) into ``projection``."""
        reader = self.store.progress
        one = {learner_id: projection}
        reader._read_items([learner_id], one)
        reader._read_topics([learner_id], one)
        reader._read_lessons([learner_id], one)
        projection.days = reader.states(learner_id, days)
        projection.clean()
        return Progress(learner_id, projection)

    def _write(self, learner_id: int, projection: Projection, *, everything: bool = False) -> None:
        """Write the projection's changed rows (every row with ``everything``) and its summary."""
        items = projection.items if everything else {k: projection.items[k] for k in projection.dirty_items}
        replace_rows(
            ItemProgress.__table__,
            ["learner_id", "item"],
            [
                {"learner_id": learner_id, "item": item, **{name: getattr(state, name) for name in ITEM_COLUMNS}}
                for item, state in sorted(items.items())
            ],
        )
        topics = projection.topics if everything else {k: projection.topics[k] for k in projection.dirty_topics}
        replace_rows(
            TopicProgress.__table__,
            ["learner_id", "topic"],
            [
                {
                    "learner_id": learner_id,
                    "topic": key,
                    "answers": s.answers,
                    "recent": s.recent,
                    "quiz_passed": s.quiz_passed,
                }
                for key, s in sorted(topics.items())
            ],
        )
        lessons = projection.lessons if everything else {k: projection.lessons[k] for k in projection.dirty_lessons}
        replace_rows(
            LessonProgress.__table__,
            ["learner_id", "lesson"],
            [
                {"learner_id": learner_id, "lesson": key, "tested_out": s.tested_out, "resets": s.resets}
                for key, s in sorted(lessons.items())
            ],
        )
        days = projection.days if everything else {k: projection.days[k] for k in projection.dirty_days}
        replace_rows(
            DayProgress.__table__,
            ["learner_id", "topic", "day"],
            [
                {"learner_id": learner_id, "topic": topic, "day": day, "answers": s.answers, "right": s.right}
                for (day, topic), s in sorted(days.items())
            ],
        )
        table = LearnerProgress.__table__
        summary = projection.summary
        update = statement(
            "summary",
            lambda: (
                table.update()
                .where(table.c.learner_id == bindparam("learner"))
                .values(**{name: bindparam(f"new_{name}") for name in SUMMARY_COLUMNS})
            ),
        )
        db.session.execute(
            update, {"learner": learner_id, **{f"new_{name}": getattr(summary, name) for name in SUMMARY_COLUMNS}}
        )
        projection.clean()

    # --- Rebuilding ------------------------------------------------------------------------------

    def replay(self, learner_id: int) -> Projection:
        """The learner's projections recomputed from the whole log (nothing written)."""
        table = AttemptRow.__table__
        projection = Projection(self.store.zone)
        for row in db.session.execute(
            select(
                table.c.id,
                table.c.learner_id,
                table.c.item,
                table.c.source,
                table.c.correct,
                table.c.hinted,
                table.c.at,
            )
            .where(table.c.learner_id == learner_id)
            .order_by(table.c.at, table.c.id)
        ):
            projection.apply(attempt_of(row), row.id)
        return projection

    def _rebuild_locked(self, learner_id: int) -> Progress:
        projection = self.replay(learner_id)
        for model in PROJECTIONS:
            if model is not LearnerProgress:
                db.session.execute(delete(model.__table__).where(model.__table__.c.learner_id == learner_id))
        self._write(learner_id, projection, everything=True)
        return Progress(learner_id, projection)

    def rebuild(self, learner_id: int) -> Progress:
        """Recompute one learner's projections from the log, under the learner's lock, and commit."""
        try:
            self._lock(learner_id)
            progress = self._rebuild_locked(learner_id)
            db.session.commit()
            return progress
        except BaseException:
            db.session.rollback()
            raise

    def differences(self, learner_id: int) -> list[str]:
        """Where the stored projections differ from a replay of the log (empty when they agree)."""
        stored = self.store.progress.one(learner_id).projection
        stored.days = {key: state for key, state in self._all_days(learner_id).items()}
        replayed = self.replay(learner_id)
        problems = []
        if stored.summary != replayed.summary:
            problems.append(f"summary: stored {stored.summary}, replayed {replayed.summary}")
        for name in ("items", "topics", "lessons", "days"):
            mine, theirs = getattr(stored, name), getattr(replayed, name)
            for key in sorted(set(mine) | set(theirs), key=str):
                if mine.get(key) != theirs.get(key):
                    problems.append(f"{name} {key}: stored {mine.get(key)}, replayed {theirs.get(key)}")
        return problems

    def _all_days(self, learner_id: int) -> dict:
        from .projection import DayState

        table = DayProgress.__table__
        return {
            (day, topic): DayState(answers, right)
            for day, topic, answers, right in db.session.execute(
                select(table.c.day, table.c.topic, table.c.answers, table.c.right).where(
                    table.c.learner_id == learner_id
                )
            )
        }
