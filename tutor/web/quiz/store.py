"""Quiz runs in the learner store: creation, ownership, answers written once, best scores.

A run belongs to the learner who started it: :func:`load_run` answers 404 for anybody else's id, as
for an unknown one. An answer is written with :func:`tutor.web.shared.learning.record`: claiming
the form's one-time token, appending the attempt to the learning log (item ``<lesson>/<step>``, so
the answer feeds that step's review schedule) and the run's compare-and-swap on its version
(``UPDATE ... WHERE version = :drawn``) are one transaction. A double click, a resent form or a
second tab therefore counts an answer once, and never half of it. The last answer of a quiz also
appends the quiz's result (``quiz:<key>``, right when passed) in that transaction.

A run's ``answers`` are JSON. A quiz: one entry per question answered, in order,
``{"answer": <the answer as data>, "correct": bool}``. A daily set: one entry per question,
``{"tries": n, "solved": bool, "shown": bool, "answer": <the right answer given, or null>}``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any

from flask import abort
from sqlalchemy import func, select, update

from ...content.checks import AnswerType, Points, Question
from ...learning import Source, quiz_passed, quiz_result
from ...models import AttemptRow, Learner, QuizRun, db, new_game_id, upsert, utcnow
from ..shared.learning import record
from .draw import DAILY

_RUN_ID = re.compile(r"^[0-9a-f]{16}$")


# --- Answers as data ------------------------------------------------------------------------------------


def encode_answer(question: Question, answer: Any) -> Any:
    """A parsed answer as JSON data (the inverse of :func:`decode_answer`)."""
    kind = question.answer_type
    if kind is AnswerType.CHOICES:
        return sorted(answer)
    if kind is AnswerType.ORDER:
        return [sorted(group) for group in answer]
    if kind is AnswerType.POINTS:
        return {"points": answer.points, "team": answer.team}
    return answer


def decode_answer(question: Question, data: Any) -> Any:
    """The parsed answer from its JSON data (same shape as ``question.expected``)."""
    kind = question.answer_type
    if kind is AnswerType.CHOICES:
        return frozenset(data)
    if kind is AnswerType.ORDER:
        return tuple(frozenset(group) for group in data)
    if kind is AnswerType.POINTS:
        return Points(int(data["points"]), str(data["team"]))
    if kind is AnswerType.NUMBER:
        return int(data)
    return str(data)


# --- Runs -----------------------------------------------------------------------------------------------


def load_run(learner_public_id: str | None, quiz: str, public_id: str) -> QuizRun:
    """The run with this id if it is a run of ``quiz`` by the learner of this public id, else 404."""
    if learner_public_id is None or not _RUN_ID.match(public_id or ""):
        abort(404)
    run = db.session.scalar(
        select(QuizRun).join(Learner, QuizRun.learner_id == Learner.id)
        .where(QuizRun.public_id == public_id, QuizRun.quiz == quiz, Learner.public_id == learner_public_id)
    )
    if run is None:
        abort(404)
    return run


def open_run(learner: Learner | None, quiz: str, seed: int) -> QuizRun | None:
    """The learner's latest unfinished run of this quiz and seed, if any (to continue it)."""
    if learner is None:
        return None
    return db.session.scalar(
        select(QuizRun)
        .where(QuizRun.learner_id == learner.id, QuizRun.quiz == quiz, QuizRun.seed == seed,
               QuizRun.day.is_(None), QuizRun.finished.is_(None))
        .order_by(QuizRun.id.desc()).limit(1)
    )


def create_run(learner: Learner, quiz: str, seed: int, size: int) -> QuizRun:
    """A new run of a quiz for ``learner``."""
    run = QuizRun(learner_id=learner.id, quiz=quiz, seed=seed, size=size, answers=[], version=0, score=0)
    db.session.add(run)
    db.session.commit()
    return run


@dataclass(frozen=True)
class Best:
    """A learner's best finished run of one quiz."""

    score: int
    size: int

    @property
    def passed(self) -> bool:
        return quiz_passed(self.score, self.size)


def best_scores(learner: Learner | None) -> dict[str, Best]:
    """The learner's best score per quiz key (finished runs of topic quizzes and the exam)."""
    if learner is None:
        return {}
    rows = db.session.execute(
        select(QuizRun.quiz, QuizRun.size, func.max(QuizRun.score))
        .where(QuizRun.learner_id == learner.id, QuizRun.finished.is_not(None), QuizRun.day.is_(None))
        .group_by(QuizRun.quiz, QuizRun.size)
    )
    best: dict[str, Best] = {}
    for quiz, size, score in rows:
        candidate = Best(int(score), int(size))
        old = best.get(quiz)
        if old is None or candidate.score * old.size > old.score * candidate.size:
            best[quiz] = candidate
    return best


def _swap(run: QuizRun, drawn_version: int, answers: list[Any], score: int, finished: bool) -> bool:
    """The compare-and-swap of a run's answers (inside the caller's transaction); False if it moved on."""
    now = utcnow()
    result = db.session.execute(
        update(QuizRun)
        .where(QuizRun.id == run.id, QuizRun.version == drawn_version)
        .values(answers=answers, version=drawn_version + 1, score=score, updated=now,
                **({"finished": now} if finished else {}))
        .execution_options(synchronize_session=False)
    )
    return result.rowcount == 1


def answer_quiz(run: QuizRun, item: str, question: Question, answer: Any, correct: bool,
                token: str | None) -> bool:
    """Keep the answer to the run's next question and append it to the learning log (source ``quiz``);
    the last answer also appends the quiz's result. False, with nothing written, for a form counted
    before or a run that had moved on since the page was drawn."""
    drawn_version = len(run.answers)
    answers = [*run.answers, {"answer": encode_answer(question, answer), "correct": bool(correct)}]
    score = sum(1 for entry in answers if entry["correct"])
    finished = len(answers) >= run.size

    def swap(learner: Learner) -> bool:
        if not _swap(run, drawn_version, answers, score, finished):
            return False
        if finished:
            result = quiz_result(learner.id, run.quiz, score, run.size, utcnow())
            db.session.add(AttemptRow(learner_id=learner.id, item=result.item, source=result.source.value,
                                      correct=result.correct, hinted=False, at=result.at))
        return True

    return _record(run, item, Source.QUIZ, correct, token, swap)


def _record(run: QuizRun, item: str, source: Source, correct: bool, token: str | None,
            swap: Callable[[Learner], bool]) -> bool:
    counted = record(item, source, correct, token=token, also=swap)
    db.session.refresh(run)
    return counted


# --- Daily sets -----------------------------------------------------------------------------------------


def daily_run(learner: Learner | None, day: date) -> QuizRun | None:
    """The learner's run of the daily set of ``day``, if they answered any of it."""
    if learner is None:
        return None
    return db.session.scalar(
        select(QuizRun).where(QuizRun.learner_id == learner.id, QuizRun.quiz == DAILY, QuizRun.day == day.isoformat())
    )


def ensure_daily_run(learner: Learner, day: date, seed: int, size: int) -> QuizRun:
    """The learner's run of the day's set, made on the first answer (one per learner and day, even
    for two first answers at once)."""
    table = QuizRun.__table__
    now = utcnow()
    db.session.execute(
        upsert(table).values(public_id=new_game_id(), learner_id=learner.id, quiz=DAILY, seed=seed, size=size,
                             day=day.isoformat(), answers=[], version=0, score=0, created=now, updated=now)
        .on_conflict_do_nothing()
    )
    db.session.commit()
    run = daily_run(learner, day)
    assert run is not None
    return run


def daily_entries(run: QuizRun | None, size: int) -> list[dict[str, Any]]:
    """One entry per question of a daily set (empty ones for questions not tried yet)."""
    entries = list(run.answers) if run is not None else []
    blank = {"tries": 0, "solved": False, "shown": False, "answer": None}
    return [{**blank, **(entries[i] if i < len(entries) and entries[i] else {})} for i in range(size)]


def _daily_swap(run: QuizRun, drawn_version: int, entries: list[dict[str, Any]]) -> bool:
    """The compare-and-swap of a daily set's entries (score: questions solved; finished once every
    question is solved or shown)."""
    score = sum(1 for entry in entries if entry["solved"])
    finished = all(entry["solved"] or entry["shown"] for entry in entries) and run.finished is None
    return _swap(run, drawn_version, entries, score, finished)


def answer_daily(run: QuizRun, drawn_version: int, position: int, item: str, question: Question, answer: Any,
                 correct: bool, token: str | None) -> bool:
    """Count one try at question ``position`` (0-based) of a daily set, and append it to the learning
    log (source ``daily``); False, with nothing written, for a resent form or a stale page."""
    entries = daily_entries(run, run.size)
    entry = entries[position]
    entries[position] = {**entry, "tries": entry["tries"] + 1, "solved": bool(correct),
                         "answer": encode_answer(question, answer) if correct else None}
    return _record(run, item, Source.DAILY, correct, token, lambda _learner: _daily_swap(run, drawn_version, entries))


def show_daily(run: QuizRun, drawn_version: int, position: int) -> bool:
    """Mark question ``position`` of a daily set as shown (the learner asked for the answer); nothing
    goes to the learning log. False if the page was stale."""
    entries = daily_entries(run, run.size)
    entries[position] = {**entries[position], "shown": True}
    swapped = _daily_swap(run, drawn_version, entries)
    db.session.commit()
    db.session.refresh(run)
    return swapped
