"""Where a learner stands in the lessons, computed from the log: steps done, first tries, stars.

Only the lesson's own attempts count (source ``lesson``, and ``seen`` for a step without a check),
and only those after the learner's last ``reset`` of the lesson. A quiz passed on the lesson's topic
after that reset marks the lesson *tested out* (mastered without its stars).

Per step (:class:`StepRecord`): ``done`` once its check was answered right (or, for a step without
a check, once it was read); ``first`` is the result of the very first answer; ``tries`` and
``right`` count answers. Stars, earned when every step of a lesson is done, count first-try answers
over the steps with a check (:func:`stars_for`):

* 3 stars: every check answered right on the first try (the lesson is *mastered*);
* 2 stars: at least two thirds of the checks right on the first try;
* 1 star: the lesson is done.

A hint does not change a first try: a right answer after a hint is still right (the review
schedule, not the stars, takes the hint into account).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from ..content import Lesson
from .attempts import Attempt, Source, quiz_item, split_check_item
from .topics import topic_of_lesson


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
class StepRecord:
    """What a learner did in one step since the lesson was last reset."""

    done: bool = False
    first: bool | None = None
    """The first answer's result; None while the check was not answered (or the step has none)."""
    tries: int = 0
    right: int = 0


@dataclass(frozen=True)
class LessonStatus:
    """Where a learner stands in one lesson."""

    lesson: Lesson
    records: dict[str, StepRecord] = field(default_factory=dict)
    """Step key -> record (steps never touched are absent)."""
    tested_out: bool = False
    """The lesson's topic quiz was passed (since the last reset)."""
    touched: datetime | None = None
    """When the learner last answered or read a step of the lesson (since the last reset)."""

    @property
    def done_keys(self) -> frozenset[str]:
        """Keys of the finished steps."""
        return frozenset(key for key, record in self.records.items() if record.done)

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
        return sum(
            1
            for step in self.lesson.checked_steps
            if (record := self.records.get(step.key)) is not None and record.first is True
        )

    @property
    def stars(self) -> int:
        """0 until the lesson is complete, then 1 to 3 (see :func:`stars_for`)."""
        if not self.complete:
            return 0
        return stars_for(len(self.lesson.checked_steps), self.first_right)

    @property
    def mastered(self) -> bool:
        """Three stars, or the topic quiz passed ("test out")."""
        return self.tested_out or self.stars == 3

    @property
    def resume_key(self) -> str | None:
        """The first step that is not finished, or None when the lesson is complete."""
        keys = self.done_keys
        return next((step.key for step in self.lesson.steps if step.key not in keys), None)

    def is_done(self, step_key: str) -> bool:
        """True when this step is finished."""
        record = self.records.get(step_key)
        return record is not None and record.done


def in_order(attempts: Iterable[Attempt]) -> list[Attempt]:
    """The attempts by time; attempts at the same moment keep the order they came in (the store's)."""
    return sorted(attempts, key=lambda attempt: attempt.at)


def _since_reset(lesson: str, attempts: Sequence[Attempt]) -> list[Attempt]:
    """The attempts that concern the lesson (its steps, its topic's quiz result), after its last reset."""
    topic = topic_of_lesson(lesson)
    result_item = quiz_item(topic.key) if topic is not None else None
    kept: list[Attempt] = []
    for attempt in attempts:
        if attempt.source is Source.RESET and attempt.item == lesson:
            kept.clear()
        elif attempt.item == result_item and attempt.source is Source.QUIZ:
            kept.append(attempt)
        elif attempt.source in (Source.LESSON, Source.SEEN):
            parts = split_check_item(attempt.item)
            if parts is not None and parts[0] == lesson:
                kept.append(attempt)
    return kept


def lesson_status(lesson: Lesson, attempts: Iterable[Attempt]) -> LessonStatus:
    """One learner's status in one lesson, from their attempts (any order, any items).

    >>> from datetime import datetime, timedelta
    >>> from tutor.content import get_lesson
    >>> lesson = get_lesson("deck-and-table")
    >>> t = datetime(2026, 1, 5, 10)
    >>> log = [Attempt(1, f"deck-and-table/{s.key}", "seen" if s.check is None else "lesson", True,
    ...                at=t + timedelta(minutes=i)) for i, s in enumerate(lesson.steps)]
    >>> status = lesson_status(lesson, log)
    >>> status.complete, status.stars, status.resume_key
    (True, 3, None)
    >>> lesson_status(lesson, [*log, Attempt(1, "deck-and-table", "reset", False, at=t + timedelta(hours=1))]).started
    False
    """
    steps = {step.key for step in lesson.steps}
    records: dict[str, StepRecord] = {}
    tested_out = False
    touched: datetime | None = None
    for attempt in _since_reset(lesson.key, in_order(attempts)):
        if attempt.source is Source.QUIZ:
            tested_out = tested_out or attempt.correct
            continue
        step = attempt.item.split("/", 1)[1]
        if step not in steps:  # a step that was removed from the lesson since
            continue
        old = records.get(step, StepRecord())
        if attempt.source is Source.SEEN:
            records[step] = StepRecord(True, old.first, old.tries, old.right)
        else:
            records[step] = StepRecord(
                done=old.done or attempt.correct,
                first=attempt.correct if old.first is None else old.first,
                tries=old.tries + 1,
                right=old.right + (1 if attempt.correct else 0),
            )
        touched = attempt.at
    return LessonStatus(lesson, records, tested_out, touched)


def lesson_statuses(lessons: Iterable[Lesson], attempts: Iterable[Attempt]) -> list[LessonStatus]:
    """Every lesson's status, in the order given."""
    ordered = in_order(attempts)
    return [lesson_status(lesson, ordered) for lesson in lessons]


def last_touched(statuses: Iterable[LessonStatus]) -> str | None:
    """The key of the lesson whose steps the learner answered or read last, or None."""
    latest: LessonStatus | None = None
    latest_at: datetime | None = None  # latest.touched, never None once latest is set
    for status in statuses:
        if status.touched is not None and (latest_at is None or status.touched >= latest_at):
            latest, latest_at = status, status.touched
    return latest.lesson.key if latest else None
