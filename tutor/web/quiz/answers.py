"""A quiz run's answers as JSON data (the store keeps them in ``QuizRun.answers``).

A quiz: one entry per question answered, in order, ``{"answer": <the answer as data>, "correct": bool}``.
A daily set: one entry per question, ``{"tries": n, "solved": bool, "shown": bool, "answer": <the right
answer given, or null>}``.
"""

from __future__ import annotations

from typing import Any

from ...store import QuizRun
from ..components.questions import decode_answer, encode_answer

__all__ = ["daily_entries", "decode_answer", "encode_answer"]


# --- Runs -----------------------------------------------------------------------------------------------


def daily_entries(run: QuizRun | None, size: int) -> list[dict[str, Any]]:
    """One entry per question of a daily set (empty ones for questions not tried yet)."""
    entries = list(run.answers) if run is not None else []
    blank = {"tries": 0, "solved": False, "shown": False, "answer": None}
    return [{**blank, **(entries[i] if i < len(entries) and entries[i] else {})} for i in range(size)]
