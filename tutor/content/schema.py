"""The lesson schema: frozen dataclasses built from the TOML lesson files, validated on the way in.

A lesson file ``lessons/NN-key.toml`` looks like this (all text is English and becomes a gettext
msgid; the web layer translates it)::

    key = "envido-counting"          # lower-case words joined by "-"; the file is 04-envido-counting.toml
    number = 4
    title = "Counting envido"
    summary = "Add up the envido of any three cards."

    [[steps]]
    key = "pair"
    title = "Two cards of one suit"
    body = ["First paragraph, **bold** allowed.", "Second paragraph."]
    cards = "7c 5c 12e"              # optional: cards to show with the text (compact notation)
    hint = "Add 20 to the values of the two copas."   # optional
    picture = "envido-ladder"        # optional: a drawing (PICTURES)

    [steps.check]                    # optional: an interactive question (see tutor.content.checks)
    kind = "envido_value"
    prompt = "What is the envido of these cards?"
    pattern = "pair"                 # kind-specific params
    labels = { yes = "Yes, a flor" } # optional: English labels replacing default option labels

Errors raise :class:`ContentError` naming the key path (``steps[2].check.cards``); the loader adds
the file name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tutor.engine.cards import Card
from tutor.engine.errors import InvalidNotationError
from tutor.engine.rules import VARIANTS

from . import checks
from .errors import ContentError
from .reader import KEY_RE, Reader, check_text  # noqa: F401  (KEY_RE is part of this module's API)

MIN_STEPS, MAX_STEPS = 4, 10
"""Each lesson has 4 to 10 steps (issue 5)."""

_BOLD_RE = re.compile(r"\*\*(.+?)\*\*")


@dataclass(frozen=True)
class Check:
    """An interactive question of a step: a kind from the check vocabulary, its prompt and params."""

    kind: str
    """A key of :data:`tutor.content.checks.KINDS`."""
    prompt: str
    """The English question (msgid)."""
    params: Any
    """Kind-specific params, already validated (a frozen dataclass of the kind's module)."""
    labels: Mapping[str, str] = field(default_factory=dict)
    """Option value -> English label (msgid) overriding the web layer's default label."""


@dataclass(frozen=True)
class Step:
    """One concept: a few paragraphs, optional cards, an optional check and hint."""

    key: str
    """Unique within the lesson; used in URLs and in the learner's progress."""
    title: str
    """English msgid."""
    body: tuple[str, ...]
    """Paragraphs (English msgids). The only markup is ``**bold**`` (see :func:`split_bold`)."""
    cards: tuple[Card, ...] = ()
    """Cards to show beside the text (empty for none)."""
    check: Check | None = None
    """The question of this step, or None for a step that only explains."""
    hint: str | None = None
    """A hint shown on request (English msgid)."""
    picture: str | None = None
    """A drawing shown with the text, one of :data:`PICTURES` (the web layer draws it)."""


PICTURES = ("table", "table-pies", "envido-ladder", "truco-ladder", "matchsticks")
"""The drawings a step may show: the table of four seen from above with the order of play from
the mano to the dealer (``table-pies`` also marks each team's pie); the envido ladder; the truco
ladder with what each call is worth accepted and declined; the score in matchsticks, squares of
five, in the malas and the buenas."""


@dataclass(frozen=True)
class Lesson:
    """A lesson: numbered, titled, with 4 to 10 steps."""

    key: str
    number: int
    title: str
    summary: str
    steps: tuple[Step, ...]
    game: str | None = None
    """The game the lesson teaches when it is not the Argentine one, a preset name (``"mineiro"``):
    its cards are drawn with that game's deck (``Variant.deck``); None for the learner's card face."""
    source: str = ""
    """The file it came from, relative to the content directory (``lessons/04-envido-counting.toml``)."""

    def step(self, key: str) -> Step:
        """The step with this key; KeyError if there is none."""
        return self.steps[self.index(key)]

    def index(self, key: str) -> int:
        """0-based position of the step with this key; KeyError if there is none."""
        for i, step in enumerate(self.steps):
            if step.key == key:
                return i
        raise KeyError(key)

    @property
    def checked_steps(self) -> tuple[Step, ...]:
        """The steps that carry a check."""
        return tuple(step for step in self.steps if step.check is not None)


def split_bold(paragraph: str) -> list[tuple[str, bool]]:
    """Split a paragraph into (text, is_bold) runs, to render ``**bold**`` without raw HTML.

    >>> split_bold("Say **Quiero** to accept.")
    [('Say ', False), ('Quiero', True), (' to accept.', False)]
    """
    runs: list[tuple[str, bool]] = []
    pos = 0
    for match in _BOLD_RE.finditer(paragraph):
        if match.start() > pos:
            runs.append((paragraph[pos : match.start()], False))
        runs.append((match.group(1), True))
        pos = match.end()
    if pos < len(paragraph):
        runs.append((paragraph[pos:], False))
    return runs


# --- Parsing (through the one content reader, :class:`tutor.content.reader.Reader`) ---------------


def parse_check(raw: Any, path: str) -> Check:
    """Build a :class:`Check` from its TOML table (its params are validated by its kind)."""
    if not isinstance(raw, dict):
        raise ContentError("expected a table", path=path)
    r = Reader(raw, path)
    kind = r.raw_value("kind")
    if not isinstance(kind, str):
        raise ContentError("missing", path=f"{path}.kind")
    if kind not in checks.KINDS:
        raise ContentError(
            f"unknown check kind {kind!r}; one of {', '.join(sorted(checks.KINDS))}", path=f"{path}.kind"
        )
    prompt = r.text("prompt")
    labels_raw = r.raw_value("labels") or {}
    if not isinstance(labels_raw, dict):
        raise ContentError("expected a table of option = label", path=f"{path}.labels")
    params = checks.KINDS[kind].read(r)
    r.finish()
    allowed = checks.KINDS[kind].option_values
    labels: dict[str, str] = {}
    for value in labels_raw:
        if value not in allowed:
            raise ContentError(
                f"no option {value!r} to label; one of: {', '.join(allowed) or 'none'}", path=f"{path}.labels.{value}"
            )
        labels[value] = check_text(labels_raw[value], f"{path}.labels.{value}")  # type: ignore[assignment]
    check = Check(kind=kind, prompt=prompt, params=params, labels=labels)  # type: ignore[arg-type]
    try:
        checks.make_question(check, 0)
    except (InvalidNotationError, checks.GenerationError) as exc:
        raise ContentError(f"the engine cannot answer this check: {exc}", path=path) from None
    return check


def parse_step(raw: Any, path: str) -> Step:
    """Build a :class:`Step` from its TOML table."""
    if not isinstance(raw, dict):
        raise ContentError("expected a table", path=path)
    r = Reader(raw, path)
    key = r.key()
    title = r.text("title")
    body = r.texts("body")
    cards = r.cards("cards") or ()
    check_raw = r.raw_value("check")
    check = parse_check(check_raw, f"{path}.check") if check_raw is not None else None
    hint = r.text("hint", required=False)
    picture = r.raw_value("picture")
    if picture is not None and picture not in PICTURES:
        raise ContentError(f"unknown picture {picture!r}; one of {', '.join(PICTURES)}", path=f"{path}.picture")
    r.finish()
    return Step(
        key=key,
        title=title,
        body=body,
        cards=cards,
        check=check,
        hint=hint,  # type: ignore[arg-type]
        picture=picture,
    )


def parse_lesson(raw: Mapping[str, Any], *, filename: str | None = None) -> Lesson:
    """Build a :class:`Lesson` from a parsed TOML document.

    ``filename`` (``NN-key.toml``) must agree with ``number`` and ``key``. Raises ContentError with
    the key path (without the file; the loader adds it).
    """
    r = Reader(raw, "")
    key = r.key()
    number = r.integer("number", 1, 99)
    if filename is not None and filename != f"{number:02d}-{key}.toml":
        raise ContentError(f"the file for lesson {number} {key!r} must be named {number:02d}-{key}.toml", path="key")
    title = r.text("title")
    summary = r.text("summary")
    game = r.choice("game", tuple(VARIANTS), default=None)
    steps_raw = r.raw_value("steps")
    r.finish()
    if not isinstance(steps_raw, list):
        raise ContentError("missing", path="steps")
    if not MIN_STEPS <= len(steps_raw) <= MAX_STEPS:
        raise ContentError(f"a lesson has {MIN_STEPS} to {MAX_STEPS} steps, not {len(steps_raw)}", path="steps")
    steps = tuple(parse_step(s, f"steps[{i}]") for i, s in enumerate(steps_raw))
    seen: set[str] = set()
    for i, step in enumerate(steps):
        if step.key in seen:
            raise ContentError(f"step key {step.key!r} used twice", path=f"steps[{i}].key")
        seen.add(step.key)
    return Lesson(key=key, number=number, title=title, summary=summary, steps=steps, game=game)  # type: ignore[arg-type]
