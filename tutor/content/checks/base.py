"""The machinery shared by every check kind: questions, options, answers, verdicts, param reading.

A *check* in a lesson file names a kind and its params. A kind turns (params, seed) into a
:class:`Question` whose expected answer and explanation come from the engine. This module holds the
value types the web layer sees and the helpers the kinds use; the kinds live in the sibling modules.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Callable, ClassVar, Iterable, Mapping, Sequence, TypeVar

from tutor.engine.cards import Card, parse_cards
from tutor.engine.errors import InvalidNotationError

from ..errors import AnswerError, AnswerErrorKind, ContentError

T = TypeVar("T")


class AnswerType(StrEnum):
    """The shape of an answer, which decides the form widget and the field names."""

    CHOICE = "choice"
    """Exactly one option. Field ``answer`` = an option value (a card, a seat, "parda", "yes", ...)."""
    CHOICES = "choices"
    """Any set of options, possibly none (checkboxes). Field ``answer``, repeated once per option."""
    NUMBER = "number"
    """A whole number (envido, flor value). Field ``answer``."""
    ORDER = "order"
    """A place for every card, 1 = strongest, equal cards share a place. Fields ``place-<card>`` (e.g.
    ``place-7e=2``), or one field ``answer`` written ``1e > 3o = 3c > 4b``."""
    POINTS = "points"
    """A number of points and the team that gets them. Fields ``points`` and ``team`` ("us"/"them")."""


@dataclass(frozen=True)
class Option:
    """One possible answer the learner can pick."""

    value: str
    """What the form sends (``"7e"``, ``"parda"``, ``"2"`` for a seat, ``"mano"``, ``"yes"``...)."""
    key: str
    """What kind of option this is, for the web layer's default label: ``card``, ``parda``,
    ``equal``, ``seat``, ``side.mano``, ``side.other``, ``undecided``, ``yes``, ``no``, ``team.us``,
    ``team.them``, or ``action.<name>`` for a call or answer (see the kind's docstring)."""
    card: Card | None = None
    """The card, for card options."""
    seat: int | None = None
    """The seat, for seat options (and for card options: who played it)."""
    label: str | None = None
    """An English label (msgid) given by the lesson file; when set it replaces the default label."""


@dataclass(frozen=True)
class Points:
    """An answer of the POINTS type: how many points, and to which team."""

    points: int
    team: str
    """``"us"`` (team 0, the learner's) or ``"them"`` (team 1)."""


TEAM_VALUES = ("us", "them")
"""Option values for teams: team 0 is the learner's team ("us"), team 1 the other ("them")."""


@dataclass(frozen=True)
class Question:
    """A concrete question made from a check and a seed. The same (check, seed) gives the same question.

    ``situation`` is what to show (kind-specific, documented per kind; cards are engine ``Card``
    objects, teams are 0/1 with 0 the learner's team, seats are numbered in playing order with seat
    0 the learner). ``expected`` and ``explanation`` come from the engine; show them only after an
    answer (or on demand in projector mode).
    """

    kind: str
    seed: int
    prompt: str
    """The English question text (msgid) from the lesson file."""
    answer_type: AnswerType
    situation: Mapping[str, Any]
    options: tuple[Option, ...]
    """The answers to pick from (CHOICE, CHOICES; POINTS lists the two teams); empty for NUMBER and ORDER."""
    expected: Any
    """The engine's answer: an option value (CHOICE), frozenset of values (CHOICES), int (NUMBER),
    tuple of frozensets of card notations strongest first (ORDER), :class:`Points` (POINTS)."""
    explanation: Mapping[str, Any]
    """Why, as data: ``{"msg": key, ...params}``; the web layer turns it into a translated sentence."""
    accepted: frozenset[str] = frozenset()
    """CHOICE only: every option value judged right (usually just ``expected``)."""
    number_max: int = 999
    """NUMBER and POINTS: answers above this are refused as OUT_OF_RANGE rather than judged."""

    def option(self, value: str) -> Option | None:
        """The option with this value, or None."""
        return next((o for o in self.options if o.value == value), None)


@dataclass(frozen=True)
class Verdict:
    """The judgement of one answer."""

    correct: bool
    expected: Any
    """The engine's answer (same shape as :attr:`Question.expected`)."""
    explanation: Mapping[str, Any]
    """The engine's explanation (same as :attr:`Question.explanation`)."""
    answer: Any = None
    """The learner's parsed answer."""


@dataclass(frozen=True)
class Draft:
    """What a kind's generator returns; :func:`make_question` adds kind, seed, prompt and labels."""

    situation: dict[str, Any]
    options: tuple[Option, ...]
    expected: Any
    explanation: dict[str, Any]
    accepted: frozenset[str] = frozenset()
    number_max: int = 999
    answer_type: AnswerType | None = None
    """Overrides the kind's answer type for this question (e.g. showdown asking for several seats)."""


# --- Reading params from TOML ------------------------------------------------------------------

_MISSING: Any = object()


class Reader:
    """Reads a check's params from a TOML table; every error names the key path.

    Each ``get`` marks its key as used; :meth:`finish` refuses keys that no reader asked for,
    so typos in lesson files are caught.
    """

    def __init__(self, raw: Mapping[str, Any], path: str) -> None:
        self.raw = raw
        self.path = path
        self.used: set[str] = set()

    def error(self, key: str, message: str) -> ContentError:
        """A ContentError at ``path.key``."""
        return ContentError(message, path=f"{self.path}.{key}" if key else self.path)

    def _get(self, key: str) -> Any:
        self.used.add(key)
        return self.raw.get(key, _MISSING)

    def has(self, key: str) -> bool:
        """True when the key is present (does not mark it used)."""
        return key in self.raw

    def cards(self, key: str, *, count: int | None = None, low: int = 1, high: int = 40) -> tuple[Card, ...] | None:
        """Cards in compact notation (a string or a list of strings), or None when absent."""
        value = self._get(key)
        if value is _MISSING:
            return None
        if not isinstance(value, (str, list)):
            raise self.error(key, "expected cards as text such as \"7c 5c 12e\" or a list")
        try:
            cards = parse_cards(value, count=count)
        except InvalidNotationError as exc:
            raise self.error(key, _card_message(exc)) from None
        if count is None and not low <= len(cards) <= high:
            raise self.error(key, f"expected {low} to {high} cards, got {len(cards)}")
        return cards

    def hands(self, key: str, *, counts: Sequence[int]) -> tuple[tuple[Card, ...], ...] | None:
        """A list of three-card hands with no card twice, or None when absent."""
        value = self._get(key)
        if value is _MISSING:
            return None
        if not isinstance(value, list) or len(value) not in counts:
            raise self.error(key, f"expected a list of {' or '.join(map(str, counts))} hands")
        hands = []
        for i, item in enumerate(value):
            try:
                hands.append(parse_cards(item, count=3))
            except InvalidNotationError as exc:
                raise self.error(f"{key}[{i}]", _card_message(exc)) from None
        seen = [c for h in hands for c in h]
        if len(set(seen)) != len(seen):
            raise self.error(key, "a card appears in two hands")
        return tuple(hands)

    def choice(self, key: str, options: Iterable[str], default: Any = _MISSING) -> Any:
        """One of ``options`` (text); ``default`` when absent (required when no default)."""
        allowed = tuple(options)
        value = self._get(key)
        if value is _MISSING:
            if default is _MISSING:
                raise self.error(key, f"missing; one of {', '.join(map(str, allowed))}")
            return default
        if value not in allowed:
            raise self.error(key, f"unknown value {value!r}; one of {', '.join(map(str, allowed))}")
        return value

    def choices(self, key: str, options: Iterable[str], *, low: int = 0, high: int = 99) -> tuple[str, ...] | None:
        """A list of values from ``options``, or None when absent."""
        allowed = tuple(options)
        value = self._get(key)
        if value is _MISSING:
            return None
        if isinstance(value, str):
            value = value.split()
        if not isinstance(value, list) or not low <= len(value) <= high:
            raise self.error(key, f"expected a list of {low} to {high} values")
        for i, item in enumerate(value):
            if item not in allowed:
                raise self.error(f"{key}[{i}]", f"unknown value {item!r}; one of {', '.join(map(str, allowed))}")
        return tuple(value)

    def letters(self, key: str, alphabet: str, *, low: int, high: int) -> tuple[str, ...] | None:
        """Single-letter codes, written ``"WP"``, ``"W P"`` or ``["W", "P"]``; None when absent."""
        value = self._get(key)
        if value is _MISSING:
            return None
        if isinstance(value, str):
            items = [ch for ch in value.upper() if not ch.isspace()]
        elif isinstance(value, list) and all(isinstance(x, str) for x in value):
            items = [x.strip().upper() for x in value]
        else:
            raise self.error(key, f"expected letters from {alphabet}, e.g. \"{alphabet[:2]}\"")
        for i, item in enumerate(items):
            if item not in alphabet or len(item) != 1:
                raise self.error(key, f"item {i + 1}: {item!r} is not one of {', '.join(alphabet)}")
        if not low <= len(items) <= high:
            raise self.error(key, f"expected {low} to {high} letters, got {len(items)}")
        return tuple(items)

    def integer(self, key: str, low: int, high: int, default: Any = _MISSING) -> Any:
        """A whole number in [low, high]; ``default`` when absent."""
        value = self._get(key)
        if value is _MISSING:
            if default is _MISSING:
                raise self.error(key, "missing")
            return default
        if type(value) is not int or not low <= value <= high:
            raise self.error(key, f"expected a whole number from {low} to {high}, got {value!r}")
        return value

    def integers(self, key: str, low: int, high: int, *, counts: Sequence[int]) -> tuple[int, ...] | None:
        """A list of whole numbers in [low, high] whose length is in ``counts``, or None."""
        value = self._get(key)
        if value is _MISSING:
            return None
        if not isinstance(value, list) or len(value) not in counts:
            raise self.error(key, f"expected a list of {' or '.join(map(str, counts))} numbers")
        for i, item in enumerate(value):
            if type(item) is not int or not low <= item <= high:
                raise self.error(f"{key}[{i}]", f"expected a whole number from {low} to {high}, got {item!r}")
        return tuple(value)

    def boolean(self, key: str, default: bool) -> bool:
        """true/false; ``default`` when absent."""
        value = self._get(key)
        if value is _MISSING:
            return default
        if not isinstance(value, bool):
            raise self.error(key, f"expected true or false, got {value!r}")
        return value

    def finish(self) -> None:
        """Refuse keys that were not read."""
        for key in self.raw:
            if key not in self.used:
                raise self.error(key, "unknown key")


def _card_message(exc: InvalidNotationError) -> str:
    value = exc.details.get("value")
    reason = exc.reason.value
    if reason in ("unknown_rank", "unknown_suit", "malformed"):
        return f"unknown card {value!r}"
    if reason == "duplicate_card":
        return f"card {value} given twice"
    if reason == "wrong_count":
        return f"expected {exc.details.get('expected')} cards, got {value}"
    return str(exc)


# --- The kind interface --------------------------------------------------------------------------


class Kind(ABC):
    """One check kind: reads its params, and makes question drafts answered by the engine."""

    name: ClassVar[str]
    """The ``kind`` value in lesson files."""
    answer_type: ClassVar[AnswerType]
    option_values: ClassVar[tuple[str, ...]] = ()
    """Option values a lesson may relabel with ``labels`` (cards and seats are not relabelled)."""

    @abstractmethod
    def read(self, r: Reader) -> Any:
        """Read and validate the params (a frozen dataclass); raise ContentError via ``r.error``."""

    @abstractmethod
    def draft(self, params: Any, rng: random.Random) -> Draft:
        """Make one concrete question; with fixed params the result must not depend on ``rng``."""


# --- Helpers for generators ----------------------------------------------------------------------


class GenerationError(RuntimeError):
    """A pattern could not be satisfied (a bug in a generator or impossible params)."""


def sample_until(rng: random.Random, make: Callable[[random.Random], T], accept: Callable[[T], bool],
                 tries: int = 20000) -> T:
    """Call ``make`` until ``accept`` holds for its result (patterns are verified by the engine)."""
    for _ in range(tries):
        candidate = make(rng)
        if accept(candidate):
            return candidate
    raise GenerationError("no candidate satisfied the pattern")


def notations(cards: Iterable[Card]) -> list[str]:
    """Card notations, e.g. ``['7e', '3o']``."""
    return [card.notation for card in cards]


def team_value(team: int) -> str:
    """The option value of team 0 / 1."""
    return TEAM_VALUES[team]


def team_options() -> tuple[Option, ...]:
    """The two team options of a POINTS answer."""
    return (Option("us", "team.us"), Option("them", "team.them"))
