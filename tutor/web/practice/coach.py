"""The coach's words on the page: a practice hand's fired notes, translated, with their numbers."""

from __future__ import annotations

from typing import Any

from ...content.practice import FiredNote, Practice
from ...i18n import format_number
from ...i18n import gettext as _


def coach_text(fired: FiredNote) -> str:
    """A fired coach note in the page's language, with the numbers it shows filled in."""
    values = {name: format_number(value) for name, value in fired.values.items()}
    return _(fired.note.text, **values) if "%(" in fired.note.text else _(fired.note.text)


def coach_items(practice: Practice, since: int | None) -> list[dict[str, Any]]:
    """The coach's messages said so far, oldest first; ``new`` for those said after version ``since``
    (the actions the learner had seen when posting), so a live region can read only those."""
    out = []
    for fired in practice.coach():
        new = since is not None and fired.position > since
        out.append({"text": coach_text(fired), "mistake": fired.note.mistake, "new": new})
    return out
