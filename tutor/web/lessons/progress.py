"""A learner's progress in the lessons, kept in the learner store (``models.Progress``), and the stars.

One ``Progress`` row per (learner, lesson, step) holds a small JSON record::

    {"done": true, "first": true, "tries": 2, "right": 1}

``done``: the step is finished (its check answered right, or a step without a check continued);
``first``: whether the very first answer to the step's check was right (written once, kept until
the lesson is reset); ``tries`` and ``right`` count answers. Reading never creates a learner:
a visitor who has not answered anything yet simply has no progress.

Stars, earned when every step of a lesson is done, count first-try answers over the steps with a
check (:func:`stars_for`):

* 3 stars: every check answered right on the first try (the lesson is *mastered*);
* 2 stars: at least two thirds of the checks right on the first try;
* 1 star: the lesson is done.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import g
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from ...content import Lesson, all_lessons
from ...models import Learner, Progress, db
from ..shared.learner import current_learner, session_public_id

Record = dict[str, Any]


def stars_for(checks: int, first_right: int) -> int:
    """Stars of a finished lesson with ``checks`` checks, ``first_right`` of them right at the first try.

    >>> [stars_for(6, n) for n in (6, 5, 4, 3, 0)]
    [3, 2, 2, 1, 1]
    >>> stars_for(0, 0)
    3
    """
    if first_right >= checks:
        return 3
    if 3 * first_right >= 2 * checks:
        return 2
    return 1


@dataclass(frozen=True)
class LessonStatus:
    """Where a learner stands in one lesson."""

    lesson: Lesson
    records: dict[str, Record]
    """Step key -> progress record (steps never touched are absent)."""

    @property
    def done_keys(self) -> frozenset[str]:
        """Keys of the finished steps."""
        return frozenset(key for key, record in self.records.items() if record.get("done"))

    @property
    def done_count(self) -> int:
        """How many of the lesson's steps are finished."""
        keys = self.done_keys
        return sum(1 for step in self.lesson.steps if step.key in keys)

    @property
    def total(self) -> int:
        """How many steps the lesson has."""
        return len(self.lesson.steps)

    @property
    def started(self) -> bool:
        """True once any step was finished or answered."""
        return bool(self.records)

    @property
    def complete(self) -> bool:
        """True when every step is finished."""
        return self.done_count == self.total

    @property
    def first_right(self) -> int:
        """Checks answered right at the first try."""
        return sum(1 for step in self.lesson.checked_steps if self.records.get(step.key, {}).get("first") is True)

    @property
    def stars(self) -> int:
        """0 until the lesson is complete, then 1 to 3 (see :func:`stars_for`)."""
        if not self.complete:
            return 0
        return stars_for(len(self.lesson.checked_steps), self.first_right)

    @property
    def resume_key(self) -> str | None:
        """The first step that is not finished, or None when the lesson is complete."""
        keys = self.done_keys
        return next((step.key for step in self.lesson.steps if step.key not in keys), None)

    def is_done(self, step_key: str) -> bool:
        """True when this step is finished."""
        return bool(self.records.get(step_key, {}).get("done"))


def existing_learner() -> Learner | None:
    """The request's learner if the database already knows it (never creates one)."""
    cached = g.get("learner")
    if cached is not None:
        return cached
    public_id = session_public_id()
    return Learner.by_public_id(public_id) if public_id else None


def _rows(learner: Learner | None, lesson: str | None = None) -> list[Progress]:
    if learner is None:
        return []
    query = select(Progress).where(Progress.learner_id == learner.id)
    if lesson is not None:
        query = query.where(Progress.lesson == lesson)
    return list(db.session.scalars(query))


def lesson_status(lesson: Lesson) -> LessonStatus:
    """The current learner's status in one lesson."""
    records = {row.step: dict(row.data or {}) for row in _rows(existing_learner(), lesson.key)}
    return LessonStatus(lesson, records)


def all_statuses() -> tuple[list[LessonStatus], str | None]:
    """Every lesson's status in curriculum order, and the key of the lesson touched last (or None)."""
    rows = _rows(existing_learner())
    by_lesson: dict[str, dict[str, Record]] = {}
    latest: tuple[Any, str] | None = None
    for row in rows:
        by_lesson.setdefault(row.lesson, {})[row.step] = dict(row.data or {})
        if latest is None or row.updated > latest[0]:
            latest = (row.updated, row.lesson)
    statuses = [LessonStatus(lesson, by_lesson.get(lesson.key, {})) for lesson in all_lessons()]
    return statuses, latest[1] if latest else None


def _update(lesson: str, step: str, change: Any) -> Record:
    """Apply ``change(record) -> record`` to the learner's row for this step (created when missing)."""
    learner = current_learner()
    for attempt in range(2):
        row = db.session.scalar(
            select(Progress).where(Progress.learner_id == learner.id, Progress.lesson == lesson, Progress.step == step)
        )
        if row is None:
            row = Progress(learner_id=learner.id, lesson=lesson, step=step, data={})
            db.session.add(row)
        row.data = change(dict(row.data or {}))  # a new dict, so SQLAlchemy sees the change
        try:
            db.session.commit()
        except IntegrityError:  # the same step created by a parallel request: read it and retry
            db.session.rollback()
            if attempt:
                raise
            continue
        return dict(row.data)
    raise AssertionError("unreachable")  # pragma: no cover


def record_answer(lesson: str, step: str, correct: bool) -> Record:
    """Count an answer to a step's check; the first answer's result is kept for the stars."""

    def change(record: Record) -> Record:
        record.setdefault("first", correct)
        record["tries"] = int(record.get("tries", 0)) + 1
        record["right"] = int(record.get("right", 0)) + (1 if correct else 0)
        record["done"] = bool(record.get("done")) or correct
        return record

    return _update(lesson, step, change)


def mark_done(lesson: str, step: str) -> Record:
    """Finish a step without a check (the learner read it and went on)."""

    def change(record: Record) -> Record:
        record["done"] = True
        return record

    return _update(lesson, step, change)


def reset_lesson(lesson: str) -> int:
    """Forget the learner's progress in one lesson; returns how many step records were removed."""
    learner = existing_learner()
    if learner is None:
        return 0
    result = db.session.execute(delete(Progress).where(Progress.learner_id == learner.id, Progress.lesson == lesson))
    db.session.commit()
    return int(result.rowcount or 0)
