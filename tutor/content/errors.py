"""Errors of the content layer: broken lesson files and malformed learner answers.

``ContentError`` is for authors: it names the file and the key path of the problem, e.g.
``lessons/04-envido-counting.toml: steps[2].check.cards: unknown card '8o'``.

``AnswerError`` is for learners: a form that cannot be read as an answer at all (an empty field, a
word where a number belongs, a card that is not on the table). It carries a machine-readable
``kind`` (an ``AnswerErrorKind``) and the form ``field``, so the web layer can show a translated
message and let the learner try again. A readable but wrong answer is never an error: it is judged.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any


class ContentError(ValueError):
    """A lesson file that does not match the schema. ``str()`` gives ``file: path: message``."""

    def __init__(self, message: str, *, file: str | None = None, path: str = "") -> None:
        self.message = message
        self.file = file
        self.path = path
        super().__init__(self._text())

    def _text(self) -> str:
        parts = [p for p in (self.file, self.path) if p]
        return ": ".join([*parts, self.message])

    def in_file(self, file: str) -> ContentError:
        """The same error, now naming ``file`` (used by the loader)."""
        return ContentError(self.message, file=file, path=self.path)

    def __str__(self) -> str:
        return self._text()


class AnswerErrorKind(StrEnum):
    """Why a submitted form is not a readable answer."""

    MISSING = "missing"
    """A field the answer needs is absent or empty."""
    NOT_A_NUMBER = "not_a_number"
    """A number was expected (e.g. envido points) and the text is not a whole number."""
    OUT_OF_RANGE = "out_of_range"
    """A number far outside anything the question could have (negative, or above ``details['max']``)."""
    NOT_AN_OPTION = "not_an_option"
    """The value is not one of the question's options (e.g. a card that is not on the table)."""
    DUPLICATE = "duplicate"
    """The same option was given twice where each may appear once."""
    INCOMPLETE = "incomplete"
    """An ordering that leaves out some of the cards."""
    MALFORMED = "malformed"
    """Text that cannot be read in the expected shape at all."""


class AnswerError(ValueError):
    """A learner's form that cannot be read; ``kind`` says why and ``field`` names the form field."""

    def __init__(self, kind: AnswerErrorKind, field: str = "answer", message: str = "", **details: Any) -> None:
        self.kind = kind
        self.field = field
        self.details = details
        super().__init__(message or f"{field}: {kind.value}")
