"""A learner's progress in the lessons, kept in the learner store (``models.Progress``), and the stars.

One ``Progress`` row per (learner, lesson, step), read as a small record::

    {"done": true, "first": true, "tries": 2, "right": 1}

``done``: the step is finished (its check answered right, or a step without a check continued);
``first``: whether the very first answer to the step's check was right (written once, kept until
the lesson is reset; absent before the first answer); ``tries`` and ``right`` count answers.
Reading never creates a learner: a visitor who has not answered anything yet simply has no progress.

Every write is one atomic statement (an upsert on the row's unique key that adds to the counters in
SQL), so parallel answers from one learner (a double click, two tabs, two app servers) are all
counted. An answer form carries a one-time token (``attempt``): a form sent again with a token
already counted (a browser resending, a reload after a dropped connection) is judged again but not
counted again. Tokens are remembered for :data:`TOKEN_TTL`.

Stars, earned when every step of a lesson is done, count first-try answers over the steps with a
check (:func:`stars_for`):

* 3 stars: every check answered right on the first try (the lesson is *mastered*);
* 2 stars: at least two thirds of the checks right on the first try;
* 1 star: the lesson is done.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from flask import g
from sqlalchemy import delete, func, select

from ...content import Lesson, all_lessons
from ...models import AnsweredForm, Learner, Progress, db, upsert, utcnow
from ..shared.learner import current_learner, session_public_id

Record = dict[str, Any]

TOKEN_TTL = timedelta(days=1)
"""How long a counted answer form's token is remembered (a resend after that counts again)."""
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{22}$")


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


def record_of(row: Progress) -> Record:
    """The record of one progress row (``first`` only once the check was answered)."""
    record: Record = {"done": bool(row.done), "tries": int(row.tries or 0), "right": int(row.right or 0)}
    if row.first is not None:
        record["first"] = bool(row.first)
    return record


def lesson_status(lesson: Lesson) -> LessonStatus:
    """The current learner's status in one lesson."""
    records = {row.step: record_of(row) for row in _rows(existing_learner(), lesson.key)}
    return LessonStatus(lesson, records)


def all_statuses() -> tuple[list[LessonStatus], str | None]:
    """Every lesson's status in curriculum order, and the key of the lesson touched last (or None)."""
    rows = _rows(existing_learner())
    by_lesson: dict[str, dict[str, Record]] = {}
    latest: tuple[Any, str] | None = None
    for row in rows:
        by_lesson.setdefault(row.lesson, {})[row.step] = record_of(row)
        if latest is None or row.updated > latest[0]:
            latest = (row.updated, row.lesson)
    statuses = [LessonStatus(lesson, by_lesson.get(lesson.key, {})) for lesson in all_lessons()]
    return statuses, latest[1] if latest else None


def new_attempt_token() -> str:
    """A one-time token for an answer form (22 URL-safe characters, 128 random bits)."""
    return secrets.token_urlsafe(16)


def _first_use(learner: Learner, token: str | None) -> bool:
    """Claim the form's token for this learner; False if it was counted before (a resent form).

    Inserted in the transaction that counts the answer: of two requests with the same token, the
    second waits on the row's key and then finds it taken. A missing or malformed token (a page
    rendered before tokens existed) is always counted.
    """
    if token is None or not _TOKEN.match(token):
        return True
    now = utcnow()
    table = AnsweredForm.__table__
    if secrets.randbelow(50) == 0:  # now and then, forget tokens nobody can still be resending
        db.session.execute(delete(table).where(table.c.created < now - TOKEN_TTL))
    claimed = db.session.execute(
        upsert(table).values(learner_id=learner.id, token=token, created=now).on_conflict_do_nothing()
        .returning(table.c.token)  # a row back only if inserted (rowcount is not reliable with every driver)
    ).first()
    return claimed is not None


def _write(lesson: str, step: str, *, done: bool, answer: bool | None = None) -> Record:
    """One upsert of the learner's row for this step; ``answer`` (right or not) adds to the counters."""
    learner = current_learner()
    table = Progress.__table__
    now = utcnow()
    answered = answer is not None
    insert = upsert(table).values(
        learner_id=learner.id, lesson=lesson, step=step, done=done, first=answer,
        tries=1 if answered else 0, right=1 if answer else 0, updated=now,
    )
    new = insert.excluded
    changes: dict[str, Any] = {"done": table.c.done | new.done, "updated": new.updated}
    if answered:
        changes.update(
            tries=table.c.tries + 1,
            right=table.c.right + new.right,
            first=func.coalesce(table.c.first, new.first),  # the very first answer's result stays
        )
    statement = insert.on_conflict_do_update(
        index_elements=[table.c.learner_id, table.c.lesson, table.c.step], set_=changes
    ).returning(table.c.done, table.c.first, table.c.tries, table.c.right)
    row = db.session.execute(statement).one()
    db.session.commit()
    return record_of(row)  # type: ignore[arg-type]


def current_record(lesson: str, step: str) -> Record:
    """The learner's record for this step as stored (empty if none)."""
    learner = existing_learner()
    if learner is None:
        return {}
    row = db.session.scalar(
        select(Progress).where(Progress.learner_id == learner.id, Progress.lesson == lesson, Progress.step == step)
    )
    return record_of(row) if row is not None else {}


def record_answer(lesson: str, step: str, correct: bool, token: str | None = None) -> Record:
    """Count an answer to a step's check, once per answer form (``token``); the first answer's result is
    kept for the stars. A form whose token was counted before changes nothing."""
    learner = current_learner()
    if not _first_use(learner, token):
        db.session.commit()
        return current_record(lesson, step)
    return _write(lesson, step, done=correct, answer=correct)


def mark_done(lesson: str, step: str) -> Record:
    """Finish a step without a check (the learner read it and went on)."""
    return _write(lesson, step, done=True)


def reset_lesson(lesson: str) -> int:
    """Forget the learner's progress in one lesson; returns how many step records were removed."""
    learner = existing_learner()
    if learner is None:
        return 0
    result = db.session.execute(delete(Progress).where(Progress.learner_id == learner.id, Progress.lesson == lesson))
    db.session.commit()
    return int(result.rowcount or 0)
