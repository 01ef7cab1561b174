"""A quiz run's answers as JSON data (the store keeps them in ``QuizRun.answers``).

A quiz: one entry per question answered, in order, ``{"answer": <the answer as data>, "correct": bool}``.
A daily set: one entry per question, ``{"tries": n, "solved": bool, "shown": bool, "answer": <the right
answer given, or null>}``.
"""

from __future__ import annotations

from typing import Any

from ...content.checks import AnswerType, Points, Question
from ...store import QuizRun


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


def daily_entries(run: QuizRun | None, size: int) -> list[dict[str, Any]]:
    """One entry per question of a daily set (empty ones for questions not tried yet)."""
    entries = list(run.answers) if run is not None else []
    blank = {"tries": 0, "solved": False, "shown": False, "answer": None}
    return [{**blank, **(entries[i] if i < len(entries) and entries[i] else {})} for i in range(size)]
