"""An answer as JSON data, to keep it in the store and read it back (a quiz run's answers, which the
quizzes write and the classroom's per-question view reads)."""

from __future__ import annotations

from typing import Any

from ....content.checks import AnswerType, Points, Question


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
