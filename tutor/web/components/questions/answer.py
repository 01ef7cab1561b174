"""An answer form as posted, read one way on every page that asks a check: the lessons, the review of
mistakes, the quizzes and the daily challenge.

Each of those pages keeps what is its own: which question the form answers, where the answer is
appended (a lesson step, a due item, a quiz run, the day's run) and how the page is drawn after.
What they share is here: the answer read for its question and judged by the engine, the form token
(a form sent twice counts once) and whether the hint was opened, or why the form could not be read::

    posted = read_answer(question)
    if isinstance(posted, Unreadable):
        return render(..., **posted.context(), status=400)  # submitted, error, error_field
    counted = append(item, posted.verdict.correct, token=posted.token, hinted=posted.hinted)
    if not counted:
        return render(..., notice=already_counted(), status=409)  # the same words on every page
    return render(..., **posted.shown())  # answer, verdict
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import request

from ....content.checks import AnswerError, Question, Verdict, judge, parse_answer
from ...shared.learner import FORM_TOKEN_FIELD
from .text import answer_error_message

HINTED_FIELD = "hinted"
"""The answer form's field that ``hint.js`` sets to ``1`` when the learner opened the hint."""


@dataclass(frozen=True)
class Posted:
    """A readable answer: the answer, the engine's verdict, the form's token and hint flag."""

    answer: Any
    verdict: Verdict
    token: str | None
    """The form token (``None`` from a page drawn without one: it always counts)."""
    hinted: bool

    def shown(self) -> dict[str, Any]:
        """The arguments of :func:`~.view.question_view` for the question answered."""
        return {"answer": self.answer, "verdict": self.verdict}


@dataclass(frozen=True)
class Unreadable:
    """An answer form that could not be read for its question: a 400 with the form given back."""

    message: str
    """Why, in the learner's words (:func:`~.text.answer_error_message`)."""
    field: str | None
    """The form field at fault, to focus and mark."""
    submitted: Mapping[str, Any]
    """The form as posted, so the question comes back with what was chosen."""

    def context(self) -> dict[str, Any]:
        """The pages' context names for it: the form given back, the message, the field at fault."""
        return {"submitted": self.submitted, "error": self.message, "error_field": self.field}


def read_answer(question: Question, form: Mapping[str, Any] | None = None) -> Posted | Unreadable:
    """Read the request's answer form (or ``form``) for ``question`` and judge it with the engine."""
    form = request.form if form is None else form
    try:
        answer = parse_answer(question, form)
    except AnswerError as exc:
        return Unreadable(answer_error_message(question, exc), exc.field, form)
    return Posted(answer, judge(question, answer), form.get(FORM_TOKEN_FIELD), form.get(HINTED_FIELD) == "1")


__all__ = ["HINTED_FIELD", "Posted", "Unreadable", "read_answer"]
