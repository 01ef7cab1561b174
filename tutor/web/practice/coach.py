"""The coach's words on the page: a practice hand's fired notes and its verdict, translated, with
their numbers; what happened is told from the engine's claims (:mod:`tutor.narration.claims`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutor.narration import Perspective
from tutor.narration.claims import claim_sentence

from ...content.practice import FiredNote, Practice, PracticeOutcome
from ...i18n import format_number, gettext as _


def _lesson_text(text: str, values: Mapping[str, int]) -> str:
    shown = {name: format_number(value) for name, value in values.items()}
    return _(text, **shown) if "%(" in text else _(text)


def coach_text(fired: FiredNote, face: str | None = "spanish") -> str:
    """A fired coach note in the page's language: what happened (the engine's claims), then the
    author's text with the numbers it shows filled in."""
    perspective = Perspective(seat=0, players=fired.players)
    facts = [claim_sentence(claim, perspective, face=face) for claim in fired.facts]
    return " ".join([*facts, _lesson_text(fired.note.text, fired.values)])


def verdict_lines(verdict: PracticeOutcome | None, face: str | None = "spanish") -> list[str]:
    """The verdict's paragraphs: what happened in the hand (the engine's claims), then what to learn."""
    if verdict is None:
        return []
    perspective = Perspective(seat=0, players=verdict.players)
    facts = " ".join(claim_sentence(claim, perspective, face=face) for claim in verdict.facts)
    text = _lesson_text(verdict.text, verdict.values) if verdict.text else ""
    return [line for line in (facts, text) if line]


def coach_items(practice: Practice, since: int | None, face: str | None = "spanish") -> list[dict[str, Any]]:
    """The coach's messages said so far, oldest first; ``new`` for those said after version ``since``
    (the actions the learner had seen when posting), so a live region can read only those."""
    out = []
    for fired in practice.coach():
        new = since is not None and fired.position > since
        out.append({"text": coach_text(fired, face), "mistake": fired.note.mistake, "new": new})
    return out
