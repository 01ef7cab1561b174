"""A learner's progress in the lessons: their attempts in the learning log, read back from the store's
projections as steps done and stars (:meth:`tutor.store.Progress.lesson_status`, the same as
:func:`tutor.learning.lesson_status` over the whole log).

Every answer to a step's check is one attempt (item ``<lesson>/<step>``, source ``lesson``, with
whether the hint was opened first); a step without a check that was read is a ``seen`` event, and
resetting a lesson appends a ``reset`` event after which the lesson counts from nothing again (the
answers stay in the log for the review schedule and the progress page). Reading never creates a
learner: a visitor who has not answered anything yet simply has no progress.

An answer form carries a one-time token (``attempt``): a form sent again with a token already
counted is judged again but not counted again (see :func:`tutor.web.shared.learner.record`).
"""

from __future__ import annotations

from ...content import Lesson, all_lessons, get_lesson
from ...learning import LessonStatus, Source, StepRecord, check_item, stars_for
from ..shared.learner import existing_learner, my_learner_id, my_progress, new_form_token, record, record_event

__all__ = [
    "LessonStatus",
    "StepRecord",
    "all_statuses",
    "existing_learner",
    "lesson_status",
    "mark_done",
    "new_form_token",
    "record_answer",
    "reset_lesson",
    "stars_for",
]


def lesson_status(lesson: Lesson) -> LessonStatus:
    """The current learner's status in one lesson."""
    return my_progress().lesson_status(lesson)


def all_statuses() -> tuple[list[LessonStatus], str | None]:
    """Every lesson's status in curriculum order, and the key of the lesson touched last (or None)."""
    progress = my_progress()
    statuses = progress.lesson_statuses(all_lessons())
    return statuses, progress.last_touched(statuses)


def record_answer(lesson: str, step: str, correct: bool, token: str | None = None, *, hinted: bool = False) -> bool:
    """Record an answer to a step's check, once per answer form (``token``); False for a form counted before."""
    return record(check_item(lesson, step), Source.LESSON, correct, hinted=hinted, token=token)


def mark_done(lesson: str, step: str) -> None:
    """Finish a step without a check (the learner read it and went on); nothing if it is done already."""
    if my_learner_id() is not None and lesson_status(get_lesson(lesson)).is_done(step):
        return
    record_event(check_item(lesson, step), Source.SEEN)


def reset_lesson(lesson: str) -> int:
    """Start a lesson over; returns how many of its steps had progress (nothing is written if none
    and the lesson was not tested out either)."""
    status = lesson_status(get_lesson(lesson))
    if status.started or status.tested_out:
        record_event(lesson, Source.RESET)
    return len(status.records)
